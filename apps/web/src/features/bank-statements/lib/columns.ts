import {
  type BankStatementColumns,
  ERROR_CODES,
  STATEMENT_DATE_ORDERS,
  type StatementDateOrder,
  type StatementMapping,
  statementMappingSchema,
} from '@schoolledger/domain';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/*
 * The "Choose the columns" step: a CSV or Excel statement whose header row the server did not
 * recognise is read again with the columns the bursar chose. Columns are named by their header
 * text, as `statementMappingSchema` names them.
 */

/** As many description columns as `statementMappingSchema` takes. */
export const MAX_NARRATION_COLUMNS = 5;

/** How each date order is offered, as the bank writes its dates. */
export const DATE_ORDER_LABELS: Record<StatementDateOrder, string> = {
  DMY: 'DD/MM/YYYY',
  MDY: 'MM/DD/YYYY',
  YMD: 'YYYY-MM-DD',
};

export const MONEY_LAYOUTS = [
  ['debitCredit', 'Debit and Credit columns'],
  ['amount', 'One amount column'],
] as const;
export type MoneyLayout = (typeof MONEY_LAYOUTS)[number][0];

/** Whether an upload failed because the bursar must choose the columns (422 STATEMENT_COLUMNS_NEEDED). */
export function columnsNeeded(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  return error.code === ERROR_CODES.statementColumnsNeeded;
}

/** Why the server would not read the file with the chosen columns (a 422 on `mapping` or `file`); null for anything else. */
export function mappingProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.errors.find((each) => each.field === 'mapping' || each.field === 'file')?.message ?? null;
}

/** A cell as a column name: whitespace collapsed, as the server compares header text. */
const cellText = (cell: string) => cell.replace(/\s+/g, ' ').trim();
/** Header text as the server compares it: "Trans.  Date" and "TRANS. DATE" name the same column. */
const headerKey = (text: string) => cellText(text).toUpperCase();

const filledCells = (row: readonly string[] | undefined) => (row ?? []).map(cellText).filter(Boolean);

/**
 * The row offered as the header: the mapping's when it names a row of the file that has text,
 * else the first row with three or more filled cells (a title row has one or two), else the first
 * row with any text. 1-based, as a spreadsheet numbers rows.
 */
export function defaultHeaderRow(rows: readonly (readonly string[])[], mapping: StatementMapping | null): number {
  if (mapping && filledCells(rows[mapping.headerRow - 1]).length > 0) return mapping.headerRow;
  const wide = rows.findIndex((row) => filledCells(row).length >= 3);
  if (wide >= 0) return wide + 1;
  const any = rows.findIndex((row) => filledCells(row).length > 0);
  return any >= 0 ? any + 1 : 1;
}

/** The header row's filled cells, each once, in their order: what the column selects offer. */
export function headerColumns(rows: readonly (readonly string[])[], headerRow: number): string[] {
  const seen = new Set<string>();
  return filledCells(rows[headerRow - 1]).filter((name) => {
    const key = headerKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const ROW_LABEL_LENGTH = 60;

/** The rows that can be the header (those with text), as the header row select lists them: "Row 2: Date, Narration, Debit". */
export function headerRowChoices(rows: readonly (readonly string[])[]): { row: number; label: string }[] {
  return rows.flatMap((row, index) => {
    const cells = filledCells(row);
    if (cells.length === 0) return [];
    const text = cells.join(', ');
    const cut = text.length > ROW_LABEL_LENGTH ? `${text.slice(0, ROW_LABEL_LENGTH - 1).trimEnd()}…` : text;
    return [{ row: index + 1, label: `Row ${index + 1}: ${cut}` }];
  });
}

/** The spreadsheet's name of a column: A to Z, then AA, AB... */
export function columnLetter(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** The first filled cell under the header in a column: the date the bursar sees to tell how dates are written. */
export function firstValueBelow(
  rows: readonly (readonly string[])[],
  headerRow: number,
  column: string,
): string | null {
  if (!column) return null;
  const at = (rows[headerRow - 1] ?? []).findIndex((cell) => headerKey(cell) === headerKey(column));
  if (at < 0) return null;
  for (const row of rows.slice(headerRow)) {
    const value = cellText(row[at] ?? '');
    if (value) return value;
  }
  return null;
}

const choice = z.string();

/**
 * The form's fields, each select's value a header cell ('' for none), checked here with the words
 * the bursar reads under each field, then built into a mapping and checked against the contract.
 */
const columnsFieldsSchema = z.object({
  headerRow: z.number({ error: 'Choose the header row' }).int().min(1, 'Choose the header row'),
  date: choice,
  valueDate: choice,
  narration: z
    .array(z.object({ column: choice }))
    .min(1)
    .max(MAX_NARRATION_COLUMNS),
  reference: choice,
  money: z.enum(['debitCredit', 'amount']),
  debit: choice,
  credit: choice,
  amount: choice,
  direction: choice,
  balance: choice,
  dateOrder: z.enum(STATEMENT_DATE_ORDERS),
});
export type ColumnsFormValues = z.infer<typeof columnsFieldsSchema>;

/** The chosen columns as a mapping: empty selects left out, and only the columns of the chosen money layout. */
export function toMapping(values: ColumnsFormValues): StatementMapping {
  const named = (name: string) => (name ? name : undefined);
  const mapping = {
    headerRow: values.headerRow,
    date: values.date,
    valueDate: named(values.valueDate),
    narration: values.narration.map((each) => each.column).filter(Boolean),
    reference: named(values.reference),
    ...(values.money === 'debitCredit'
      ? { debit: named(values.debit), credit: named(values.credit) }
      : { amount: named(values.amount), direction: named(values.direction) }),
    balance: named(values.balance),
    dateOrder: values.dateOrder,
  };
  // Sent as JSON, where an undefined key is dropped anyway; left out here so the object reads the same.
  return Object.fromEntries(Object.entries(mapping).filter(([, value]) => value !== undefined)) as StatementMapping;
}

export const columnsFormSchema = columnsFieldsSchema
  .superRefine((values, context) => {
    const problem = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
    if (!values.date) problem(['date'], 'Choose the column that holds the date');
    if (!values.narration.some((each) => each.column)) {
      problem(['narration', 0, 'column'], 'Choose the column that holds the description');
    }
    if (values.money === 'debitCredit') {
      if (!values.debit && !values.credit) problem(['debit'], 'Choose the Debit column, the Credit column or both');
      else if (values.debit && values.debit === values.credit) {
        problem(['credit'], 'Debit and Credit are two different columns');
      }
    } else if (!values.amount) {
      problem(['amount'], 'Choose the column that holds the amount');
    } else if (values.direction && values.direction === values.amount) {
      problem(['direction'], 'The DR/CR column is not the amount column');
    }
  })
  .transform(toMapping)
  .pipe(statementMappingSchema);

/** A saved or suggested column name as the header spells it; '' when the header has no such column. */
const inHeader = (name: string | undefined, columns: readonly string[]) =>
  (name && columns.find((column) => headerKey(column) === headerKey(name))) || '';

/** The form as it opens: the endpoint's mapping where it has one (and its columns are in the header), else empty. */
export function formDefaults({ rows, mapping }: Pick<BankStatementColumns, 'rows' | 'mapping'>): ColumnsFormValues {
  const headerRow = defaultHeaderRow(rows, mapping);
  const columns = headerColumns(rows, headerRow);
  const pick = (name: string | undefined) => (mapping ? inHeader(name, columns) : '');
  const narration = (mapping?.narration ?? []).map((name) => ({ column: pick(name) })).filter((each) => each.column);
  return {
    headerRow,
    date: pick(mapping?.date),
    valueDate: pick(mapping?.valueDate),
    narration: narration.length > 0 ? narration.slice(0, MAX_NARRATION_COLUMNS) : [{ column: '' }],
    reference: pick(mapping?.reference),
    money: mapping?.amount ? 'amount' : 'debitCredit',
    debit: pick(mapping?.debit),
    credit: pick(mapping?.credit),
    amount: pick(mapping?.amount),
    direction: pick(mapping?.direction),
    balance: pick(mapping?.balance),
    dateOrder: mapping?.dateOrder ?? 'DMY',
  };
}

/** The column fields, each a select of the header's cells. */
export const COLUMN_FIELDS = [
  'date',
  'valueDate',
  'reference',
  'debit',
  'credit',
  'amount',
  'direction',
  'balance',
] as const satisfies readonly (keyof ColumnsFormValues)[];

/** After the header row changes: each choice kept where the new header has that column, else emptied. */
export function keepChosen(values: ColumnsFormValues, columns: readonly string[]): ColumnsFormValues {
  const next = { ...values, narration: values.narration.map((each) => ({ column: inHeader(each.column, columns) })) };
  for (const field of COLUMN_FIELDS) next[field] = inHeader(values[field], columns);
  return next;
}
