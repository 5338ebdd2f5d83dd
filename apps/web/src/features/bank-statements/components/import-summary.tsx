import type { BankStatementImport } from '@schoolledger/domain';
import { AlertTriangle, Columns3, FileCheck2 } from 'lucide-react';
import { useId } from 'react';
import { balanceBreakText, columnsSavedText, importSummary, problemText } from '../lib/texts';

const FORMAT_NAMES: Record<BankStatementImport['format'], string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  mt940: 'MT940',
  camt053: 'camt.053',
};

/**
 * What the last upload did: the counts, the rows that could not be read, and where the balance
 * breaks; with `columnsSaved`, that the columns the bursar chose are kept for the account.
 */
export function ImportSummary({
  result,
  columnsSaved = false,
}: {
  result: BankStatementImport;
  columnsSaved?: boolean;
}) {
  const titleId = useId();
  const breaks = balanceBreakText(result.balance_breaks);
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-900 dark:bg-emerald-950/30"
    >
      <div className="flex items-start gap-3">
        <FileCheck2 className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            Statement read
          </h3>
          <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-300">
            {result.file_name} · {FORMAT_NAMES[result.format]}
            {result.account_number && ` · account ${result.account_number}`}
          </p>
        </div>
      </div>
      <p className="text-sm font-medium text-slate-900 dark:text-white" data-testid="import-summary">
        {importSummary(result)}
      </p>
      {columnsSaved && (
        <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Columns3 className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          {columnsSavedText(result.account_number)}
        </p>
      )}
      {breaks && (
        <p className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {breaks}
        </p>
      )}
      {result.problems.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-900 dark:text-white">
            {result.problems.length === 1
              ? 'One row could not be read:'
              : `${result.problems.length} rows could not be read:`}
          </p>
          <ul className="list-disc space-y-0.5 pl-5 text-sm break-words text-slate-700 dark:text-slate-300">
            {result.problems.map((problem) => (
              <li key={`${problem.row}-${problem.message}`}>{problemText(problem)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
