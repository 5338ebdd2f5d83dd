import type { OwedFees } from '@schoolledger/domain';
import { lagosDateTime } from '@schoolledger/domain';
import { CloudOff, HardDriveDownload } from 'lucide-react';

/**
 * Says whether the desk is working from the network or from its copy on this device, and how old
 * that copy is: figures read offline may have changed since (a fee paid online meanwhile).
 */
export function OfflineStatus({
  online,
  copy,
  refreshing,
}: {
  online: boolean;
  copy: OwedFees | undefined;
  refreshing: boolean;
}) {
  const asOf = copy ? `data as of ${lagosDateTime(copy.asOf)}` : null;
  if (online) {
    return (
      <p className="flex items-start gap-2 text-sm text-slate-500 dark:text-slate-400" role="status">
        <HardDriveDownload className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {refreshing
          ? 'Saving what students owe on this device for working offline...'
          : copy
            ? `Ready for working offline: ${copy.students.length} students who owe, ${asOf}.`
            : 'Not yet ready for working offline.'}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-semibold">You are offline</p>
        <p>
          {copy
            ? `Cash taken now is kept on this device and sent when the network returns. Using ${asOf}.`
            : 'This device has no copy of what students owe yet, so cash cannot be taken until the network returns.'}
        </p>
      </div>
    </div>
  );
}
