import { collapseWhitespace } from './narration.js';
import type { StatementLine } from './statement.js';

/**
 * A stable text key for a line, so a line uploaded twice (this month's statement overlapping last
 * month's, or the same period as CSV and then as Excel) is recognised: the account, booked date,
 * direction, exact amount and the narration upper-cased with whitespace collapsed. The position and
 * the running balance are left out, as they differ between two downloads of the same line. Two
 * genuinely separate lines can share a key (two SMS charges on one day), so the caller compares
 * how many lines of each key each upload has, not just whether a key was seen.
 */
export function lineFingerprint(accountNumber: string | null, line: StatementLine): string {
  const narration = collapseWhitespace(line.narration).toUpperCase();
  return [accountNumber ?? '', line.bookedOn, line.direction, line.amountKobo.toString(), narration].join('|');
}
