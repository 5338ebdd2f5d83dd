import { plural } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { PhoneMessagesPreview } from '@/components/notifications/phone-messages-preview';
import { FormDialog, FormField, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useFees } from '../api/get-fees';
import { useDebtorRemindersPreview, useRemindDebtors } from '../api/remind-debtors';

/**
 * A reminder by hand to everyone who still owes one fee: the student and each parent, in the app,
 * by email, SMS and WhatsApp as each chose. Before it is sent it says how many people it reaches
 * and what the phone messages cost, and whether quiet hours or the budget hold them back.
 */
export function RemindDebtorsDialog({ schoolId, onClose }: { schoolId: string; onClose(): void }) {
  const [feeId, setFeeId] = useState('');
  const [error, setError] = useState<string>();
  const fees = useFees({ school_id: schoolId, status: 'approved', page: 1, limit: 200 });
  const preview = useDebtorRemindersPreview(feeId);
  const remind = useRemindDebtors();
  const active = fees.data?.fees.filter((fee) => fee.isActive) ?? [];
  const nobody = preview.data?.people === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!feeId) {
      setError('Choose a fee');
      return;
    }
    if (nobody || !preview.data) return;
    remind.mutate(feeId, { onSuccess: onClose });
  }

  let feeHint = 'Everyone who still owes it is reminded, with each of their parents.';
  if (fees.isPending) feeHint = 'Loading the fees...';
  else if (fees.isError) feeHint = errorMessage(fees.error, 'Failed to load the fees');
  else if (active.length === 0) feeHint = 'This school has no approved fee to remind anyone of.';

  let reach = 'Choose a fee to see who is reminded.';
  if (feeId && preview.isPending) reach = 'Finding who still owes it...';
  else if (preview.isError) reach = errorMessage(preview.error, 'Failed to work out who owes this fee');
  else if (preview.data && nobody) reach = 'Nobody owes this fee: there is no one to remind.';
  else if (preview.data) {
    reach = `${plural(preview.data.people, 'person', 'people')} about ${plural(preview.data.students, 'student')}: in the app and by email as each chose.`;
  }

  return (
    <FormDialog
      title="Remind everyone who owes a fee"
      description="Each student who still owes the fee, and each of their parents, is reminded at once. A fee's debtors can be reminded this way once a day."
      submitLabel={preview.data && !nobody ? `Remind ${plural(preview.data.people, 'person', 'people')}` : 'Remind'}
      busyLabel="Sending..."
      pending={remind.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Fee" hint={feeHint} error={error}>
        <Select
          value={feeId}
          disabled={active.length === 0}
          onChange={(event) => {
            setFeeId(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">Select a fee</option>
          {active.map((fee) => (
            <option key={fee._id} value={fee._id}>
              {fee.name} ({fee.term.name}), due {formatDate(fee.effectiveDueDate)}
            </option>
          ))}
        </Select>
      </FormField>
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {reach}
      </p>
      {feeId && !nobody && (
        <PhoneMessagesPreview
          preview={preview.data?.phone}
          loading={preview.isFetching}
          idle="Choose a fee to see what goes by SMS and WhatsApp."
          nobody="No one gets this by SMS or WhatsApp: the school does not send reminders there, or no family of these students has agreed to them."
        />
      )}
    </FormDialog>
  );
}
