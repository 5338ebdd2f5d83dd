import { ADJUSTMENT_KIND_LABELS, ADJUSTMENT_STATUS_LABELS, type Adjustment } from '@schoolledger/domain';
import { Check, FileText, Paperclip, Undo2, X } from 'lucide-react';
import { useId } from 'react';
import { Badge, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { notify } from '@/lib/notify';
import { useAttachAdjustmentDocument } from '../api/attach-adjustment-document';
import { downloadAdjustmentDocument } from '../api/download-adjustment-document';
import { adjustmentAmount, KIND_VARIANT, STATUS_VARIANT } from '../lib/format';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import type { AdjustmentPermissions } from '../lib/permissions';

export interface AdjustmentActions {
  onApprove(adjustment: Adjustment): void;
  onReject(adjustment: Adjustment): void;
  onReverse(adjustment: Adjustment): void;
  /** The adjustment whose approval is on its way, so its button shows it. */
  approving: string | null;
}

export interface AdjustmentListProps extends AdjustmentActions {
  adjustments: readonly Adjustment[];
  may: AdjustmentPermissions;
}

function Student({ adjustment }: { adjustment: Adjustment }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900 dark:text-white">{adjustment.student.name}</p>
      {adjustment.student.regNo && (
        <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{adjustment.student.regNo}</p>
      )}
    </div>
  );
}

/** The fee, its school for those who see several, and the kind of adjustment (with the rule that made it). */
function FeeAndKind({ adjustment, showSchool }: { adjustment: Adjustment; showSchool: boolean }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="break-words text-slate-900 dark:text-white">{adjustment.fee.name}</p>
      {showSchool && <p className="text-xs text-slate-500 dark:text-slate-400">{adjustment.school.name}</p>}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={KIND_VARIANT[adjustment.kind]} className="whitespace-nowrap">
          {ADJUSTMENT_KIND_LABELS[adjustment.kind]}
        </Badge>
        {adjustment.rule && <span className="text-xs text-slate-500 dark:text-slate-400">{adjustment.rule.name}</span>}
      </p>
    </div>
  );
}

function Recorded({ adjustment, labelled = false }: { adjustment: Adjustment; labelled?: boolean }) {
  const who = adjustment.createdBy?.name ?? 'automatically';
  return (
    <p className="text-slate-600 dark:text-slate-300">
      {labelled ? `Recorded by ${who}, ` : who}
      <span className={labelled ? undefined : 'block text-xs text-slate-500 dark:text-slate-400'}>
        {formatDateTime(adjustment.createdAt)}
      </span>
    </p>
  );
}

/** The reason and the document behind it: downloaded when there is one; attached by those who record adjustments. */
function Reason({
  adjustment,
  may,
  labelled = false,
}: {
  adjustment: Adjustment;
  may: AdjustmentPermissions;
  labelled?: boolean;
}) {
  const attach = useAttachAdjustmentDocument();
  const inputId = useId();
  // Once decided, the document is what the decision was made on: the server keeps it as it is.
  const mayAttach = may.manage && adjustment.status === 'pending';
  return (
    <div className="space-y-1.5">
      <p className="break-words text-slate-700 dark:text-slate-200">
        {labelled && <span className="text-slate-500 dark:text-slate-400">Reason: </span>}
        {adjustment.reason}
      </p>
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {adjustment.hasDocument && (
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium text-emerald-700 hover:underline dark:text-emerald-400"
            onClick={() =>
              downloadAdjustmentDocument(adjustment._id).catch((error) =>
                notify.error(errorMessage(error, ADJUSTMENT_MESSAGES.documentDownloadFailed)),
              )
            }
          >
            <FileText className="size-3.5" aria-hidden="true" />
            Document
          </button>
        )}
        {mayAttach && (
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-1 font-medium text-slate-600 hover:underline focus-within:underline dark:text-slate-300"
          >
            <Paperclip className="size-3.5" aria-hidden="true" />
            {attach.isPending ? 'Attaching...' : adjustment.hasDocument ? 'Replace document' : 'Attach document'}
            <input
              id={inputId}
              type="file"
              className="sr-only"
              accept="image/png,image/jpeg,image/webp,application/pdf"
              disabled={attach.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) attach.mutate({ id: adjustment._id, file });
              }}
            />
          </label>
        )}
      </div>
    </div>
  );
}

/** The status and, once decided or reversed, who did it, when and why. */
function Status({ adjustment }: { adjustment: Adjustment }) {
  return (
    <div className="space-y-1">
      <Badge variant={STATUS_VARIANT[adjustment.status]} className="whitespace-nowrap">
        {ADJUSTMENT_STATUS_LABELS[adjustment.status]}
      </Badge>
      {adjustment.decidedAt && adjustment.status !== 'pending' && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {adjustment.status === 'rejected' ? 'Rejected' : 'Approved'} by {adjustment.decidedBy?.name ?? 'its rule'},{' '}
          {formatDateTime(adjustment.decidedAt)}
        </p>
      )}
      {adjustment.rejectionReason && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-300">Reason: {adjustment.rejectionReason}</p>
      )}
      {adjustment.reversedAt && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Reversed by {adjustment.reversedBy?.name ?? 'someone'}, {formatDateTime(adjustment.reversedAt)}
        </p>
      )}
      {adjustment.reversalReason && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-300">Reason: {adjustment.reversalReason}</p>
      )}
    </div>
  );
}

function Actions({
  adjustment,
  may,
  ...actions
}: { adjustment: Adjustment; may: AdjustmentPermissions } & AdjustmentActions) {
  const who = `${ADJUSTMENT_KIND_LABELS[adjustment.kind].toLowerCase()} for ${adjustment.student.name}`;
  if (adjustment.status === 'pending' && may.approve) {
    if (may.recordedBy(adjustment.createdBy))
      return <p className="max-w-52 text-xs text-slate-500 dark:text-slate-400">{ADJUSTMENT_MESSAGES.ownRecord}</p>;
    return (
      <div className="flex flex-wrap gap-2 xl:flex-nowrap">
        <Button
          size="sm"
          aria-label={`Approve ${who}`}
          loading={actions.approving === adjustment._id}
          disabled={actions.approving !== null}
          onClick={() => actions.onApprove(adjustment)}
        >
          {actions.approving !== adjustment._id && <Check className="size-4" aria-hidden="true" />}
          Approve
        </Button>
        <Button variant="secondary" size="sm" aria-label={`Reject ${who}`} onClick={() => actions.onReject(adjustment)}>
          <X className="size-4" aria-hidden="true" />
          Reject
        </Button>
      </div>
    );
  }
  if (adjustment.status === 'approved' && may.manage)
    return (
      <Button variant="secondary" size="sm" aria-label={`Reverse ${who}`} onClick={() => actions.onReverse(adjustment)}>
        <Undo2 className="size-4" aria-hidden="true" />
        Reverse
      </Button>
    );
  return null;
}

const amountClass = (adjustment: Adjustment) =>
  adjustment.status === 'approved'
    ? adjustment.kind === 'late_fee'
      ? 'text-red-700 dark:text-red-300'
      : 'text-emerald-700 dark:text-emerald-400'
    : 'text-slate-700 dark:text-slate-300';

/**
 * A table from the xl breakpoint up (a laptop beside the sidebar), stacked cards below it. Only one is rendered, so every
 * button exists once on the page.
 */
export function AdjustmentList({ adjustments, may, ...actions }: AdjustmentListProps) {
  const wide = useMediaQuery('(min-width: 80rem)');
  const acts = may.manage || may.approve;

  if (wide)
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Fee adjustments</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-3">
                Student
              </th>
              <th scope="col" className="px-3 py-3">
                Fee
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Amount
              </th>
              <th scope="col" className="px-3 py-3">
                Reason
              </th>
              <th scope="col" className="px-3 py-3">
                Recorded
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              {acts && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
            {adjustments.map((adjustment) => (
              <tr key={adjustment._id}>
                <td className="px-4 py-3">
                  <Student adjustment={adjustment} />
                </td>
                <td className="px-3 py-3">
                  <FeeAndKind adjustment={adjustment} showSchool={may.multiSchool} />
                </td>
                <td
                  className={`px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums ${amountClass(adjustment)}`}
                >
                  {adjustmentAmount(adjustment)}
                </td>
                <td className="max-w-56 px-3 py-3">
                  <Reason adjustment={adjustment} may={may} />
                </td>
                <td className="px-3 py-3">
                  <Recorded adjustment={adjustment} />
                </td>
                <td className="max-w-52 px-3 py-3">
                  <Status adjustment={adjustment} />
                </td>
                {acts && (
                  <td className="px-4 py-3">
                    <Actions adjustment={adjustment} may={may} {...actions} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <ul aria-label="Fee adjustments" className="divide-y divide-slate-200 dark:divide-slate-800">
      {adjustments.map((adjustment) => (
        <li key={adjustment._id} className="space-y-3 px-4 py-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <Student adjustment={adjustment} />
            <p className={`shrink-0 text-right font-semibold tabular-nums ${amountClass(adjustment)}`}>
              {adjustmentAmount(adjustment)}
            </p>
          </div>
          <FeeAndKind adjustment={adjustment} showSchool={may.multiSchool} />
          <Reason adjustment={adjustment} may={may} labelled />
          <Recorded adjustment={adjustment} labelled />
          <Status adjustment={adjustment} />
          <Actions adjustment={adjustment} may={may} {...actions} />
        </li>
      ))}
    </ul>
  );
}
