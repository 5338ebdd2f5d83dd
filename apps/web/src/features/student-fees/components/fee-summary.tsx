import { capitalize, formatKobo, type StudentFee } from '@schoolledger/domain';

/** SPEC §2: the dialog shows the fee's name, amount, type and description. */
export function FeeSummary({ item }: { item: StudentFee }) {
  const { fee } = item;
  return (
    <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
      <p className="font-semibold break-words text-slate-900 dark:text-white">{fee.name}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
        <dd className="font-medium text-slate-900 dark:text-white">{formatKobo(item.amountDue)}</dd>
        {item.outstanding !== item.amountDue && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Outstanding</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{formatKobo(item.outstanding)}</dd>
          </>
        )}
        <dt className="text-slate-500 dark:text-slate-400">Type</dt>
        <dd className="text-slate-900 dark:text-white">{capitalize(fee.type)}</dd>
      </dl>
      {fee.description && <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{fee.description}</p>}
    </div>
  );
}
