import {
  countTotal,
  DENOMINATION_KOBO,
  DENOMINATION_LABELS,
  type DenominationCount,
  formatKobo,
  NAIRA_COINS,
  NAIRA_DENOMINATIONS,
} from '@schoolledger/domain';
import { Input } from '@/components/ui';

/**
 * A drawer counted by note and coin: pieces of each, with what each line and the whole come to
 * as they are typed. An empty box counts none.
 */
export function DrawerCount({
  value,
  onChange,
  label,
}: {
  value: DenominationCount;
  onChange(next: DenominationCount): void;
  /** Names the count for screen readers: "Opening float", "Counted in the drawer". */
  label: string;
}) {
  const total = countTotal(value);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</legend>
      <div className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {NAIRA_DENOMINATIONS.map((denomination) => {
          const pieces = value[denomination];
          const kind = NAIRA_COINS.includes(denomination) ? 'coins' : 'notes';
          return (
            <div key={denomination} className="flex items-center gap-3 text-sm">
              <span className="w-14 shrink-0 font-medium tabular-nums text-slate-900 dark:text-white">
                {DENOMINATION_LABELS[denomination]}
              </span>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="w-24"
                aria-label={`${DENOMINATION_LABELS[denomination]} ${kind}`}
                value={pieces ?? ''}
                onChange={(event) => {
                  const typed = event.target.value;
                  const next = { ...value };
                  if (typed === '') delete next[denomination];
                  else next[denomination] = Math.max(0, Math.trunc(Number(typed)));
                  onChange(next);
                }}
              />
              <span className="ml-auto tabular-nums text-slate-500 dark:text-slate-400">
                {pieces ? formatKobo(BigInt(pieces) * DENOMINATION_KOBO[denomination]) : ''}
              </span>
            </div>
          );
        })}
      </div>
      <p className="flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900 dark:border-slate-700 dark:text-white">
        <span>Total</span>
        <span className="tabular-nums" aria-live="polite">
          {formatKobo(total)}
        </span>
      </p>
    </fieldset>
  );
}
