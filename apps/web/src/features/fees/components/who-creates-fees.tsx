import { clsx } from 'clsx';
import { Info } from 'lucide-react';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';

/** Where Create Fee would be, for someone who may not create a fee: who does, and who approves it. */
export function WhoCreatesFees({ may, className }: { may: FeePermissions; className?: string }) {
  return (
    <p className={clsx('flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300', className)}>
      <Info className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden="true" />
      <span>
        {FEE_MESSAGES.whoCreates} {may.approve ? FEE_MESSAGES.youApprove : FEE_MESSAGES.principalApproves}
      </span>
    </p>
  );
}
