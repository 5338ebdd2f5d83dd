import type { StatementLine } from './statement.js';

/**
 * The positions of the lines whose running balance does not follow from the one before (the
 * previous balance, plus a credit or minus a debit), so the upload screen can say "line 14: the
 * running balance does not follow": a line missed, read twice or read with a wrong amount. The
 * first line follows from the opening balance when the file gives one. After a break the chain
 * goes on from the line's own balance, so one missing line is reported once, not on every line
 * after it. Lines without a balance are skipped over; the next one with a balance starts afresh.
 *
 * Exports that list the newest line first (as several app banks do) are walked from the bottom:
 * when the last line is dated before the first, the file is in reverse order.
 */
export function checkRunningBalance({
  openingBalanceKobo,
  lines,
}: {
  openingBalanceKobo: bigint | null;
  lines: readonly StatementLine[];
}): number[] {
  const newestFirst =
    lines.length > 1 && (lines.at(-1) as StatementLine).bookedOn < (lines[0] as StatementLine).bookedOn;
  const inOrder = newestFirst ? [...lines].reverse() : lines;
  const breaks: number[] = [];
  let previous = openingBalanceKobo;
  for (const line of inOrder) {
    if (line.balanceKobo === null) {
      previous = null;
      continue;
    }
    const change = line.direction === 'credit' ? line.amountKobo : -line.amountKobo;
    if (previous !== null && previous + change !== line.balanceKobo) breaks.push(line.position);
    previous = line.balanceKobo;
  }
  return breaks.sort((a, b) => a - b);
}
