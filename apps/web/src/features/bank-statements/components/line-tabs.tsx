import type { BankLineStatus, BankStatementLines } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { TabsList, TabsTrigger } from '@/components/ui';
import { LINE_TABS } from '../lib/texts';

/** Work waits in these; the others are a record. */
const WAITING: readonly BankLineStatus[] = ['review', 'unmatched'];

/** The four statuses as tabs (arrow keys move between them), each with how many lines it holds. */
export function LineTabsList({ counts }: { counts: BankStatementLines['counts'] | undefined }) {
  return (
    <TabsList aria-label="Statement lines by status" className="flex-wrap">
      {LINE_TABS.map(([status, label]) => {
        const count = counts?.[status];
        return (
          <TabsTrigger
            key={status}
            value={status}
            className="mb-0! shrink-0 whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
          >
            {label}
            {count !== undefined && (
              <span
                className={clsx(
                  'rounded-full px-1.5 text-xs font-semibold',
                  WAITING.includes(status) && count > 0
                    ? 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300'
                    : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                )}
              >
                <span className="sr-only"> (</span>
                {count}
                <span className="sr-only">)</span>
              </span>
            )}
          </TabsTrigger>
        );
      })}
    </TabsList>
  );
}
