import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmsName,
  displayName,
  ERASED_NAME,
  eraseUserRequestSchema,
  FINANCIAL_RECORDS_YEARS,
  type User,
} from '@schoolledger/domain';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useEraseUser } from '../api/erase-user';

const NOT_THE_NAME = 'Type the full name exactly as it is shown above';

/**
 * The last step before a former student's or parent's details go for good: what goes, what the law
 * keeps, and their full name typed back, so it is never done by a slip.
 */
export function EraseUserDialog({ user, onClose }: { user: User; onClose(): void }) {
  const erase = useEraseUser();
  const formId = useId();
  const name = displayName(user);
  const schema = useMemo(
    () =>
      eraseUserRequestSchema.refine((input) => confirmsName(input.confirmName, user), {
        path: ['confirmName'],
        message: NOT_THE_NAME,
      }),
    [user],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { confirmName: '' } });

  const onSubmit = handleSubmit((input) =>
    erase.mutate(
      { id: user._id, input },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!applyFieldErrors(error, setError, ['confirmName'])) {
            notify.error(errorMessage(error, 'Failed to erase personal data'));
          }
        },
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !erase.isPending) onClose();
      }}
      title="Erase personal data"
      description={`${name} has left. Their personal details will be removed for good; this cannot be undone.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={erase.isPending}>
            {erase.isPending ? 'Erasing...' : 'Erase personal data'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <div className="space-y-1.5">
          <h3 className="font-semibold text-slate-900 dark:text-white">What is removed</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>Their name, which becomes “{ERASED_NAME}”, their email address, phone and home address.</li>
            <li>Date of birth, guardian and emergency contacts, and their picture.</li>
            <li>Notices and emails about them. They are signed out everywhere.</li>
          </ul>
        </div>
        <div className="space-y-1.5">
          <h3 className="font-semibold text-slate-900 dark:text-white">What is kept</h3>
          <p>
            Payments, receipts, refunds and the school’s books keep their amounts, dates and receipt numbers for{' '}
            {FINANCIAL_RECORDS_YEARS} years, as Nigerian tax law requires, under “{ERASED_NAME}”. The audit trail is not
            changed.
          </p>
        </div>
        <FormField
          label="Type their full name to confirm"
          hint={`Their full name is ${name}.`}
          error={errors.confirmName?.message}
          required
        >
          <Input autoComplete="off" autoFocus {...register('confirmName')} />
        </FormField>
      </form>
    </Modal>
  );
}
