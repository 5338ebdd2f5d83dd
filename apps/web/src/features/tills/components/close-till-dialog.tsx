import {
  type DenominationCount as Count,
  countTotal,
  formatKobo,
  type TillReport,
  tillVariance,
} from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { FormDialog, FormField, Textarea } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useCloseTill } from '../api/close-till';
import { DrawerCount } from './drawer-count';

/** "₦1,200.00 over", "₦350.00 short", "Exact". */
export function varianceText(variance: bigint): string {
  if (variance === 0n) return 'Exact';
  return variance > 0n ? `${formatKobo(variance)} over` : `${formatKobo(-variance)} short`;
}

/**
 * The close: the drawer counted by note and coin against what it should hold. A difference past
 * the school's tolerance needs a reason; the server says when.
 */
export function CloseTillDialog({ till, onClose }: { till: TillReport; onClose(): void }) {
  const [count, setCount] = useState<Count>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const close = useCloseTill();
  const expected = till.report.expected;
  const variance = tillVariance({ countedKobo: countTotal(count), expectedKobo: expected });

  function submit(event: FormEvent) {
    event.preventDefault();
    close.mutate(
      { id: till.session._id, input: { count, variance_reason: reason.trim() || undefined } },
      {
        onSuccess: onClose,
        // The server says when the difference needs a reason: shown under the box as well.
        onError: (error) =>
          setReasonError(
            error instanceof ApiError
              ? error.errors.find((each) => each.field === 'variance_reason')?.message
              : undefined,
          ),
      },
    );
  }

  return (
    <FormDialog
      title={`Count and close ${till.session.desk}`}
      description="Count every note and coin in the drawer. Someone else then confirms the close before the cash is banked."
      submitLabel="Close till"
      busyLabel="Closing..."
      pending={close.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <dl className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-3 dark:border-slate-700 dark:bg-slate-800/60">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Expected in the drawer</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{formatKobo(expected)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Counted</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{formatKobo(countTotal(count))}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Difference</dt>
          <dd
            className={
              variance === 0n
                ? 'font-semibold text-emerald-700 dark:text-emerald-300'
                : 'font-semibold text-amber-800 dark:text-amber-300'
            }
            aria-live="polite"
          >
            {varianceText(variance)}
          </dd>
        </div>
      </dl>
      <DrawerCount label="Counted in the drawer" value={count} onChange={setCount} />
      <FormField
        label="Reason for the difference"
        hint="Needed when the count differs from what is expected by more than the school allows."
        error={reasonError}
      >
        <Textarea
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
