import type { StatementMapping } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  type ColumnsFormValues,
  columnLetter,
  columnsFormSchema,
  columnsNeeded,
  defaultHeaderRow,
  firstValueBelow,
  formDefaults,
  headerColumns,
  headerRowChoices,
  keepChosen,
  mappingProblem,
  toMapping,
} from '@/features/bank-statements/lib/columns';
import { columnsSavedText } from '@/features/bank-statements/lib/texts';
import { ApiError } from '@/lib/api-client';

const COLUMNS_NEEDED =
  "This file's columns were not recognised. Choose which column holds the date, the description and the amounts.";

/** A bank's export: a title row, the account row, the header, two lines. */
const rows = [
  ['CRESTVIEW COLLEGE IKEJA', ''],
  ['Account Number', '0123456789'],
  ['When', 'Particulars of the transaction', 'Money out', 'Money in', 'Running total'],
  ['03/09/2026', 'NIP/GTB/ADA OBI', '', '15000.00', '115000.00'],
  ['04/09/2026', 'SMS ALERT', '50.00', '', '114950.00'],
];

const empty: ColumnsFormValues = {
  headerRow: 3,
  date: '',
  valueDate: '',
  narration: [{ column: '' }],
  reference: '',
  money: 'debitCredit',
  debit: '',
  credit: '',
  amount: '',
  direction: '',
  balance: '',
  dateOrder: 'DMY',
};

const chosen: ColumnsFormValues = {
  ...empty,
  date: 'When',
  narration: [{ column: 'Particulars of the transaction' }],
  debit: 'Money out',
  credit: 'Money in',
  balance: 'Running total',
};

const saved: StatementMapping = {
  headerRow: 3,
  date: 'WHEN',
  narration: ['Particulars of the transaction', 'Gone'],
  amount: 'Money in',
  direction: 'Money out',
  dateOrder: 'YMD',
};

/** The messages the form shows, by field. */
function problems(values: ColumnsFormValues) {
  const parsed = columnsFormSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the choose-the-columns step', () => {
  it('opens on the mapping’s header row, else the first row with three filled cells', () => {
    expect(defaultHeaderRow(rows, null)).toBe(3);
    expect(defaultHeaderRow(rows, saved)).toBe(3);
    expect(defaultHeaderRow(rows, { ...saved, headerRow: 4 })).toBe(4);
    // A saved header row beyond the file, or on an empty row, is not offered.
    expect(defaultHeaderRow(rows, { ...saved, headerRow: 40 })).toBe(3);
    expect(defaultHeaderRow([['Title'], [], ['A', 'B']], null)).toBe(1);
    expect(defaultHeaderRow([[], ['', '  '], ['A', 'B']], null)).toBe(3);
    expect(defaultHeaderRow([], null)).toBe(1);
  });

  it('offers the header row’s filled cells, each once, and the rows with text as header rows', () => {
    expect(headerColumns(rows, 3)).toEqual([
      'When',
      'Particulars of the transaction',
      'Money out',
      'Money in',
      'Running total',
    ]);
    expect(headerColumns([['Date', ' ', 'Trans.  Date', 'DATE', 'Narration']], 1)).toEqual([
      'Date',
      'Trans. Date',
      'Narration',
    ]);
    expect(headerColumns(rows, 9)).toEqual([]);
    const choices = headerRowChoices([
      ['Title'],
      [],
      ['When', 'Particulars of the transaction', 'Money out', 'Money in'],
    ]);
    expect(choices).toEqual([
      { row: 1, label: 'Row 1: Title' },
      { row: 3, label: 'Row 3: When, Particulars of the transaction, Money out, Money in' },
    ]);
    const [long] = headerRowChoices([['x'.repeat(100)]]);
    expect(long?.label).toBe(`Row 1: ${'x'.repeat(59)}…`);
  });

  it('letters the columns as a spreadsheet does, and finds the first date under the header', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect(firstValueBelow(rows, 3, 'When')).toBe('03/09/2026');
    expect(firstValueBelow(rows, 3, 'Money out')).toBe('50.00');
    expect(firstValueBelow(rows, 3, '')).toBeNull();
    expect(firstValueBelow(rows, 3, 'Nowhere')).toBeNull();
  });

  it('prefills from the mapping, as the header spells its columns, and starts empty without one', () => {
    expect(formDefaults({ rows, mapping: null })).toEqual(empty);
    expect(formDefaults({ rows, mapping: saved })).toEqual({
      ...empty,
      date: 'When',
      narration: [{ column: 'Particulars of the transaction' }],
      money: 'amount',
      amount: 'Money in',
      direction: 'Money out',
      dateOrder: 'YMD',
    });
  });

  it('builds the mapping of the chosen money layout, leaving empty choices out', () => {
    expect(toMapping(chosen)).toEqual({
      headerRow: 3,
      date: 'When',
      narration: ['Particulars of the transaction'],
      debit: 'Money out',
      credit: 'Money in',
      balance: 'Running total',
      dateOrder: 'DMY',
    });
    // The other layout's choices, and description selects left empty, are not sent.
    expect(
      toMapping({
        ...chosen,
        money: 'amount',
        amount: 'Money in',
        narration: [{ column: 'When' }, { column: '' }, { column: 'Particulars of the transaction' }],
      }),
    ).toEqual({
      headerRow: 3,
      date: 'When',
      narration: ['When', 'Particulars of the transaction'],
      amount: 'Money in',
      balance: 'Running total',
      dateOrder: 'DMY',
    });
    expect(columnsFormSchema.parse(chosen)).toEqual(toMapping(chosen));
  });

  it('says under each field what is missing', () => {
    expect(problems(empty)).toEqual({
      date: 'Choose the column that holds the date',
      'narration.0.column': 'Choose the column that holds the description',
      debit: 'Choose the Debit column, the Credit column or both',
    });
    expect(problems({ ...chosen, debit: '' })).toEqual({});
    expect(problems({ ...chosen, credit: 'Money out' })).toEqual({
      credit: 'Debit and Credit are two different columns',
    });
    expect(problems({ ...chosen, money: 'amount' })).toEqual({ amount: 'Choose the column that holds the amount' });
    expect(problems({ ...chosen, money: 'amount', amount: 'Money in', direction: 'Money in' })).toEqual({
      direction: 'The DR/CR column is not the amount column',
    });
    expect(problems({ ...chosen, headerRow: Number.NaN })).toEqual({ headerRow: 'Choose the header row' });
  });

  it('keeps the choices the new header row also has when the header row changes', () => {
    const other = ['When', 'Money in', 'Notes'];
    expect(keepChosen(chosen, other)).toEqual({
      ...chosen,
      narration: [{ column: '' }],
      debit: '',
      balance: '',
    });
  });

  it('tells the columns-needed refusal and the mapping’s problems from other failures', () => {
    const needed = new ApiError(
      422,
      COLUMNS_NEEDED,
      [{ field: 'file', message: COLUMNS_NEEDED }],
      COLUMNS_NEEDED,
      'STATEMENT_COLUMNS_NEEDED',
    );
    expect(columnsNeeded(needed)).toBe(true);
    // The same words without the code are some other refusal.
    expect(columnsNeeded(new ApiError(422, COLUMNS_NEEDED, [{ field: 'file', message: COLUMNS_NEEDED }]))).toBe(false);
    const noLines = 'The file holds no statement lines.';
    expect(columnsNeeded(new ApiError(422, noLines, [{ field: 'file', message: noLines }], noLines))).toBe(false);
    expect(columnsNeeded(new ApiError(413, COLUMNS_NEEDED))).toBe(false);
    expect(columnsNeeded(new Error(COLUMNS_NEEDED))).toBe(false);

    const bad = 'A DR/CR column goes with a single Amount column';
    expect(mappingProblem(new ApiError(422, bad, [{ field: 'mapping', message: bad }], bad))).toBe(bad);
    expect(mappingProblem(new ApiError(422, noLines, [{ field: 'file', message: noLines }], noLines))).toBe(noLines);
    expect(mappingProblem(new ApiError(500, 'Server error'))).toBeNull();
  });

  it('says where the columns are saved', () => {
    expect(columnsSavedText('0123456789')).toBe('Columns saved for account 0123456789');
    expect(columnsSavedText(null)).toBe('Columns saved for this account');
  });
});
