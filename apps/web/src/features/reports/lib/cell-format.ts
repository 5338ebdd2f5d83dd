import { formatNaira, type REPORT_COLUMN_KINDS } from '@schoolledger/domain';
import { formatDate, formatDateTime } from '@/lib/dates';

export type ColumnKind = (typeof REPORT_COLUMN_KINDS)[number];
export type PreviewCell = string | number | null;

/** What an empty cell shows, so a blank is not read as a missing column. */
export const EMPTY_CELL = '—';

/** Figures line up on the right, as in the printed file. */
export const isFigure = (kind: ColumnKind) => kind === 'money' || kind === 'number';

/** A preview cell as the file prints it: naira, grouped numbers, Lagos times and calendar days. */
export function formatCell(value: PreviewCell, kind: ColumnKind): string {
  if (value === null || value === '') return EMPTY_CELL;
  if (typeof value === 'number') {
    if (kind === 'money') return formatNaira(value);
    return value.toLocaleString('en-NG');
  }
  if (kind === 'date') return formatDateTime(value);
  if (kind === 'day') return formatDate(value);
  return value;
}
