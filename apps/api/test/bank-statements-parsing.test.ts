import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_KOBO, type StatementMapping, statementMappingSchema } from '@schoolledger/domain';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readAmount } from '../src/modules/bank-statements/parsing/amounts.js';
import { readDate } from '../src/modules/bank-statements/parsing/dates.js';
import {
  applyMapping,
  checkRunningBalance,
  detectFormat,
  lineFingerprint,
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_ROWS,
  type ParsedStatement,
  parseStatement,
  readStatementTable,
  type StatementLine,
  suggestMapping,
} from '../src/modules/bank-statements/parsing/index.js';

/*
 * The statements bursars upload, read as a bursar checks them: how many lines, which day, which
 * way, how much, what the narration says, the opening and closing balances, whether the running
 * balance holds, and which rows could not be read. The fixtures are invented, laid out like the
 * exports of Nigerian banks and payment apps; the Excel ones are written here with exceljs so no
 * binary file lands in the repository.
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/bank-statements');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const parseFixture = (name: string, mapping?: StatementMapping) =>
  parseStatement({ fileName: name, bytes: fixture(name), mapping });
const textBytes = (text: string) => new TextEncoder().encode(text);

/** What the bursar reads on a line: day, direction, amount and narration. */
const brief = (line: StatementLine) => [line.bookedOn, line.direction, line.amountKobo, line.narration];
const balances = (statement: ParsedStatement) => statement.lines.map((line) => line.balanceKobo);
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

async function workbookBytes(rows: unknown[][], setUp?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  for (const row of rows) sheet.addRow(row);
  setUp?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('CSV statements laid out like Nigerian bank exports', () => {
  it('reads a GTBank-style export: title rows, opening row, Debits/Credits, a totals row at the end', async () => {
    const statement = await parseFixture('gtbank-style.csv');
    expect(statement).toMatchObject({
      format: 'csv',
      accountNumber: '0123456789',
      currency: 'NGN',
      openingBalanceKobo: 125_000_000n,
      closingBalanceKobo: 300_996_214n,
      problems: [],
    });
    expect(statement.mapping).toEqual({
      headerRow: 10,
      date: 'Trans. Date',
      valueDate: 'Value Date',
      narration: ['Remarks'],
      reference: 'Reference',
      debit: 'Debits',
      credit: 'Credits',
      balance: 'Balance',
      dateOrder: 'DMY',
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-02', 'credit', 15_000_000n, 'NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9 SCHOOL FEES'],
      ['2026-09-02', 'debit', 5_250n, 'SMS ALERT CHARGES FOR AUG 2026'],
      ['2026-09-03', 'credit', 7_550_050n, 'NIP: CHUKWUEMEKA OKAFOR -2034567891/000013260915112233445566778899'],
      ['2026-09-04', 'credit', 15_000_000n, 'USSD TRF FROM IBRAHIM MUSA'],
      ['2026-09-04', 'debit', 375n, 'VAT ON NIP TRANSFER CHARGE'],
      ['2026-09-07', 'credit', 30_000_000n, 'TRF FROM OPAY/NGOZI EZE/SL9P2MRT'],
      ['2026-09-08', 'debit', 5_000n, 'STAMP DUTY'],
      ['2026-09-10', 'debit', 15_000_000n, 'REVERSAL NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9 SCHOOL FEES'],
      ['2026-09-14', 'credit', 123_456_789n, 'PAYSTACK SETTLEMENT 13-SEP-2026 BATCH 4471'],
    ]);
    expect(statement.lines[0]).toEqual({
      position: 1,
      bookedOn: '2026-09-02',
      valueOn: '2026-09-02',
      direction: 'credit',
      amountKobo: 15_000_000n,
      narration: 'NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9 SCHOOL FEES',
      reference: '000013260902101512345678901234',
      balanceKobo: 140_000_000n,
      reversal: false,
    });
    expect(statement.lines[1]?.reference).toBeNull();
    expect(statement.lines.map((line) => line.reversal)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(statement.lines.at(-1)?.balanceKobo).toBe(statement.closingBalanceKobo);
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads an Access-style export with one Amount column and a DR/CR column', async () => {
    const statement = await parseFixture('access-style.csv');
    expect(statement.mapping).toMatchObject({ amount: 'Amount', direction: 'DR/CR', dateOrder: 'DMY' });
    expect(statement.mapping).not.toHaveProperty('debit');
    expect(statement).toMatchObject({
      accountNumber: '0691234567',
      openingBalanceKobo: 200_000_000n,
      closingBalanceKobo: 184_997_110n,
      problems: [],
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-03', 'credit', 12_000_000n, 'MONIEPOINT/AMINAT BELLO/SL2X9QWE'],
      ['2026-09-03', 'credit', 8_500_000n, 'NIP/PALMPAY/FUNMILAYO ADEWALE/SL4Q8ZJK JSS2 FEES'],
      ['2026-09-03', 'debit', 2_688n, 'NIP TRANSFER CHARGE'],
      ['2026-09-03', 'debit', 202n, 'VAT ON NIP TRANSFER CHARGE'],
      ['2026-09-15', 'credit', 25_000_000n, 'FLUTTERWAVE SETTLEMENT FLW-STL-20260914-88231'],
      ['2026-09-16', 'debit', 65_000_000n, 'TRF TO ADEOLA STATIONERY LTD/TEXTBOOKS SUPPLY'],
      ['2026-09-21', 'credit', 4_500_000n, 'CASH DEPOSIT BY TUNDE BAKARE'],
    ]);
    expect(statement.lines.map((line) => line.reference)).toEqual([
      'S8812345',
      'S8812377',
      'S8812378',
      'S8812379',
      'S8813001',
      'S8813050',
      'S8813102',
    ]);
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a First Bank-style export with DD-MMM-YY dates and a value date a day later', async () => {
    const statement = await parseFixture('firstbank-style.csv');
    expect(statement).toMatchObject({ accountNumber: '3012345678', openingBalanceKobo: 78_025_000n, problems: [] });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-05', 'credit', 6_000_000n, 'POS DEP 2070FBN1 TERMINAL SETTLEMENT GREENFIELD BURSARY'],
      ['2026-09-08', 'credit', 15_000_000n, 'AGENT BANKING DEPOSIT/MAMA TOLU VENTURES/SL8W3EDC'],
      ['2026-09-09', 'debit', 107_500n, 'ACCOUNT MAINTENANCE FEE AUG 2026'],
      ['2026-09-09', 'debit', 8_063n, 'VAT ON ACCOUNT MAINTENANCE FEE'],
      ['2026-09-29', 'credit', 20_000_000n, 'NIP/ZENITH/OKONKWO CHIAMAKA/SL6N1BVC SS1 FEES'],
    ]);
    expect(statement.lines.map((line) => line.valueOn)).toEqual([
      '2026-09-06',
      '2026-09-08',
      '2026-09-09',
      '2026-09-09',
      '2026-09-30',
    ]);
    expect(statement.closingBalanceKobo).toBeNull();
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a UBA-style export past repeated page headers, page footers and per-page Balance B/F rows', async () => {
    const statement = await parseFixture('uba-style.csv');
    expect(statement).toMatchObject({
      accountNumber: '2012345678',
      openingBalanceKobo: 50_000_000n,
      closingBalanceKobo: 133_494_600n,
      problems: [],
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-01', 'credit', 15_000_000n, 'NIP/GTB/ADEBAYO OLUWASEUN/SL7K3QX9'],
      ['2026-09-01', 'credit', 15_000_000n, 'NIP/ACCESS/ADEBAYO FOLAKE/SL7K3QX9'],
      ['2026-09-02', 'debit', 400n, 'SMS ALERT CHARGES'],
      ['2026-09-13', 'credit', 9_500_000n, 'CHQ DEP/EMMANUEL OKORO/2ND TERM BALANCE'],
      ['2026-09-14', 'credit', 3_000_000n, 'TRF FROM OPAY/BLESSING UDOH/SL1Z5XCV'],
      ['2026-09-15', 'debit', 5_000n, 'STAMP DUTY'],
      // The narration ran on into the next row.
      ['2026-09-22', 'credit', 41_000_000n, 'MONIEPOINT/YUSUF ABDULLAHI/SL0P9LKM FEES FOR 2 CHILDREN'],
    ]);
    expect(statement.lines[3]?.reference).toBe('0000234');
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a Moniepoint-style business export: Money In/Money Out with 0.00 in the unused one, ISO dates with times', async () => {
    const statement = await parseFixture('moniepoint-style.csv');
    expect(statement.mapping).toMatchObject({ credit: 'Money In', debit: 'Money Out', dateOrder: 'YMD' });
    expect(statement).toMatchObject({ accountNumber: '5012345678', currency: null, problems: [] });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-01', 'credit', 9_500_000n, 'TRANSFER FROM CHIDINMA NWOSU/SL5R7TYU'],
      ['2026-09-01', 'credit', 1_250_000n, 'POS DEP/MONIEPOINT TERMINAL 2MPT4411/CARD 539983******1234'],
      ['2026-09-01', 'debit', 1_000n, 'POS CHARGE'],
      ['2026-09-02', 'credit', 15_000_000n, 'MONIEPOINT/AISHA GARBA/SL3C6VBN JSS1 FEES'],
      ['2026-09-03', 'debit', 10_000_000n, 'TRANSFER TO GREENFIELD ACADEMY LTD/GTB 0123456789'],
      ['2026-09-03', 'debit', 5_000n, 'ELECTRONIC MONEY TRANSFER LEVY'],
    ]);
    expect(statement.lines[0]?.reference).toBe('MP260901081422A1');
    // No opening balance is printed: the first line cannot be checked, the rest follow.
    expect(statement.openingBalanceKobo).toBeNull();
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a Kuda-style export listed newest first, with the narration over two columns as the bursar mapped it', async () => {
    const suggested = await parseFixture('kuda-style.csv');
    expect(suggested.mapping).toMatchObject({ date: 'Date/Time', narration: ['Description'], credit: 'Money In' });
    const mapping = { ...(suggested.mapping as StatementMapping), narration: ['To / From', 'Description'] };
    const statement = await parseFixture('kuda-style.csv', mapping);
    expect(statement).toMatchObject({
      accountNumber: '3012345678',
      currency: 'NGN',
      openingBalanceKobo: 100_000n,
      problems: [],
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-30', 'credit', 500_000n, 'KEMI ADEYEMI EXCURSION LEVY, "LAGOS MUSEUM" TRIP'],
      ['2026-09-19', 'debit', 10_000_000n, 'GREENFIELD ACADEMY LTD SWEEP TO GTB'],
      ['2026-09-18', 'credit', 7_325_000n, 'NNAMDI KALU SL2W4ERT SS2 2ND INSTALMENT'],
      ['2026-09-02', 'debit', 2_500n, 'KUDA Transfer fee'],
      ['2026-09-02', 'credit', 15_000_000n, 'ADEBAYO OLUWASEUN SL7K3QX9 SCHOOL FEES'],
    ]);
    expect(statement.lines.map((line) => line.position)).toEqual([1, 2, 3, 4, 5]);
    expect(balances(statement)).toEqual([12_922_500n, 12_422_500n, 22_422_500n, 15_097_500n, 15_100_000n]);
    // The chain is checked from the oldest line up, starting at the opening balance.
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a PalmPay-style export whose single Amount column puts debits in brackets', async () => {
    const statement = await parseFixture('palmpay-style.csv');
    expect(statement.mapping).toMatchObject({ amount: 'Amount', narration: ['Transaction Details'] });
    expect(statement.mapping).not.toHaveProperty('direction');
    expect(statement).toMatchObject({ accountNumber: '8012345678', problems: [] });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-01', 'credit', 5_000_000n, 'PALMPAY/OLUWASEGUN ADEYEMI/SL3T6HJK'],
      ['2026-09-02', 'debit', 40_000_000n, 'WITHDRAWAL TO GTBANK 0123456789'],
      ['2026-09-02', 'debit', 1_075n, 'TRANSFER FEE'],
      ['2026-09-20', 'credit', 3_500_000n, 'PALMPAY/HAUWA SULEIMAN/SL9M8NBV UNIFORM'],
      ['2026-09-21', 'credit', 15_000_000n, 'REV-PALMPAY/FAILED WITHDRAWAL PP2609021200002'],
    ]);
    expect(statement.lines.map((line) => line.reversal)).toEqual([false, false, false, false, true]);
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads a Fidelity-style export whose amounts carry ₦, N and NGN prefixes', async () => {
    const statement = await parseFixture('fidelity-style.csv');
    expect(statement.mapping).toMatchObject({ debit: 'Withdrawals', credit: 'Deposits' });
    expect(statement).toMatchObject({ accountNumber: '4012345678', currency: 'NGN', problems: [] });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-07', 'credit', 2_500_000n, 'NIP/UBA/OKAFOR CHINEDU/SL4E3WSX'],
      ['2026-09-08', 'credit', 15_000_050n, 'USSD TRF FROM MUSA IBRAHIM'],
      ['2026-09-08', 'debit', 150_000n, 'SMS ALERT CHARGES JUL-AUG 2026'],
      ['2026-09-08', 'debit', 11_250n, 'VAT ON SMS ALERT CHARGES'],
      ['2026-09-25', 'credit', 15_000_000n, 'TRF FROM OPAY/IFEOMA NWANKWO/SL8U7YTR'],
    ]);
    expect(balances(statement).at(-1)).toBe(64_338_800n);
  });

  it('reads a Stanbic-style export with DR/CR written after amounts and balances, through an overdraft', async () => {
    const statement = await parseFixture('stanbic-style.csv');
    expect(statement).toMatchObject({ accountNumber: '0012345678', openingBalanceKobo: 4_000_000n, problems: [] });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-02', 'debit', 6_000_000n, 'DIESEL SUPPLY/GENERATOR/SEPT'],
      ['2026-09-03', 'credit', 15_000_000n, 'NIP/FIRSTBANK/OGUNDIPE TEMITOPE/SL5T4RFD'],
      ['2026-09-04', 'debit', 5_250n, 'SMS ALERT CHARGES'],
    ]);
    expect(balances(statement)).toEqual([-2_000_000n, 13_000_000n, 12_994_750n]);
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('takes month-first dates from an export where a day above 12 comes second', async () => {
    const statement = await parseFixture('alat-style.csv');
    expect(statement.mapping?.dateOrder).toBe('MDY');
    expect(statement.lines.map((line) => line.bookedOn)).toEqual(['2026-09-02', '2026-09-14', '2026-09-15']);
    // The same file read day-first would put the first line in February, and refuse the others.
    const dayFirst = await parseFixture('alat-style.csv', {
      ...(statement.mapping as StatementMapping),
      dateOrder: 'DMY',
    });
    expect(dayFirst.lines.map((line) => line.bookedOn)).toEqual(['2026-02-09']);
    expect(dayFirst.problems).toEqual([
      { row: 3, message: 'The date “09/14/2026” is not a real date.' },
      { row: 4, message: 'The date “09/15/2026” is not a real date.' },
    ]);
  });

  it('lists each row it could not read, in words a bursar understands, and keeps the good lines', async () => {
    const statement = await parseFixture('bad-rows.csv');
    expect(statement.accountNumber).toBe('0123456789');
    expect(statement.lines.map((line) => line.reference)).toEqual(['R1', 'R8', 'R10']);
    expect(statement.lines[1]).toMatchObject({ amountKobo: 10_000_000n, balanceKobo: null });
    expect(statement.problems).toEqual([
      { row: 5, message: 'The date “31/02/2026” is not a real date.' },
      { row: 6, message: 'The Credits amount “15O,000.00” could not be read as naira.' },
      {
        row: 7,
        message: 'The Debits amount “1,000.005” has more than two decimal places (kobo), and was not rounded.',
      },
      { row: 8, message: 'This row has an amount but no date.' },
      { row: 9, message: 'This row has both a debit and a credit amount.' },
      { row: 10, message: 'This row has a date but no amount.' },
      { row: 11, message: 'The balance “1,2345.00” could not be read as naira.' },
      { row: 12, message: 'The Credits amount “200,000,000.00” is above ₦100,000,000, the most one payment may be.' },
    ]);
  });
});

describe('Excel statements', () => {
  const zenithRows = [
    ['ZENITH BANK PLC'],
    ['STATEMENT OF ACCOUNT'],
    ['ACCOUNT NAME:', 'GREENFIELD ACADEMY LTD'],
    ['ACCOUNT NUMBER:', '1012345678'],
    ['CURRENCY:', 'NGN'],
    ['PERIOD:', '01/09/2026 - 30/09/2026'],
    [],
    ['DATE POSTED', 'VALUE DATE', 'DESCRIPTION', 'DEBIT', 'CREDIT', 'BALANCE'],
    [utcDay(2026, 9, 1), utcDay(2026, 9, 1), 'OPENING BALANCE', null, null, 1_500_000],
    [utcDay(2026, 9, 2), utcDay(2026, 9, 2), 'NIP/PALMPAY/FUNMILAYO', null, 85_000, 1_585_000],
    [null, null, 'ADEWALE/SL4Q8ZJK JSS2 FEES'],
    [utcDay(2026, 9, 3), utcDay(2026, 9, 3), 'SMS ALERT\nCHARGES', 52.5, null, 1_584_947.5],
    // A date and an amount typed as text, and a balance the bank's sheet computes.
    [
      '15/09/2026',
      '15/09/2026',
      'AGENT BANKING DEPOSIT/ALHAJI SANI STORES',
      null,
      '120,000.00',
      { formula: 'F12+E13', result: 1_704_947.5 },
    ],
    [null, null, 'KANO/SL8K2JHG SS3 FEES'],
    [null, null, 'PAID BY UNCLE'],
    [
      utcDay(2026, 9, 16),
      utcDay(2026, 9, 17),
      'FLUTTERWAVE SETTLEMENT FLW-STL-20260915-90112',
      null,
      2_500.5,
      1_707_448,
    ],
    [utcDay(2026, 9, 18), utcDay(2026, 9, 18), 'REV/NIP/PALMPAY/FUNMILAYO ADEWALE/SL4Q8ZJK', 85_000, null, 1_622_448],
    [],
    [null, null, 'CLOSING BALANCE', null, null, 1_622_448],
  ];

  it('reads a Zenith-style workbook: merged title, date cells, number cells and narrations over several rows', async () => {
    const bytes = await workbookBytes(zenithRows, (sheet) => {
      sheet.mergeCells('A1:F1');
      sheet.getColumn(1).numFmt = 'dd/mm/yyyy';
      sheet.getColumn(2).numFmt = 'dd/mm/yyyy';
      sheet.getColumn(6).numFmt = '#,##0.00';
    });
    expect(detectFormat('Statement.xlsx', bytes)).toBe('xlsx');
    const statement = await parseStatement({ fileName: 'Statement.xlsx', bytes });
    expect(statement).toMatchObject({
      format: 'xlsx',
      accountNumber: '1012345678',
      currency: 'NGN',
      openingBalanceKobo: 150_000_000n,
      closingBalanceKobo: 162_244_800n,
      problems: [],
    });
    expect(statement.mapping).toMatchObject({ headerRow: 8, date: 'DATE POSTED', valueDate: 'VALUE DATE' });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-02', 'credit', 8_500_000n, 'NIP/PALMPAY/FUNMILAYO ADEWALE/SL4Q8ZJK JSS2 FEES'],
      ['2026-09-03', 'debit', 5_250n, 'SMS ALERT CHARGES'],
      [
        '2026-09-15',
        'credit',
        12_000_000n,
        'AGENT BANKING DEPOSIT/ALHAJI SANI STORES KANO/SL8K2JHG SS3 FEES PAID BY UNCLE',
      ],
      ['2026-09-16', 'credit', 250_050n, 'FLUTTERWAVE SETTLEMENT FLW-STL-20260915-90112'],
      ['2026-09-18', 'debit', 8_500_000n, 'REV/NIP/PALMPAY/FUNMILAYO ADEWALE/SL4Q8ZJK'],
    ]);
    expect(statement.lines[3]?.valueOn).toBe('2026-09-17');
    expect(statement.lines.map((line) => line.reversal)).toEqual([false, false, false, false, true]);
    expect(balances(statement)).toEqual([158_500_000n, 158_494_750n, 170_494_750n, 170_744_800n, 162_244_800n]);
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('reads an OPay-style workbook: "05 Sep 2026 10:22:13" times, "--" in the unused column, (₦) in headers', async () => {
    const bytes = await workbookBytes([
      ['OPay Business'],
      ['Account Statement'],
      ['Account Name', 'GREENFIELD ACADEMY'],
      ['Account Number', '8123456789'],
      ['Opening Balance', 100_000],
      [],
      [
        'Trans. Time',
        'Value Date',
        'Description',
        'Debit(₦)',
        'Credit(₦)',
        'Balance After(₦)',
        'Channel',
        'Transaction Reference',
      ],
      [
        '05 Sep 2026 10:22:13',
        '05 Sep 2026',
        'Transfer from OLUWADAMILARE JOHNSON | SL6Y5TGB',
        '--',
        45_000,
        145_000,
        'Mobile',
        '260905010022131234567890',
      ],
      [
        '05 Sep 2026 10:22:13',
        '05 Sep 2026',
        'Electronic Money Transfer Levy',
        50,
        '--',
        144_950,
        'System',
        '260905010022131234567891',
      ],
      [
        '12 Sep 2026 18:01:40',
        '12 Sep 2026',
        'Transfer from PALMPAY | IDRIS LAWAL',
        '--',
        150_000,
        294_950,
        'Mobile',
        '260912180140000000000042',
      ],
      [
        '13 Sep 2026 07:30:00',
        '13 Sep 2026',
        'Transfer to GREENFIELD ACADEMY LTD | GTBank',
        294_000,
        '--',
        950,
        'Mobile',
        '260913073000000000000077',
      ],
    ]);
    const statement = await parseStatement({ fileName: 'opay-statement.xlsx', bytes });
    expect(statement).toMatchObject({
      accountNumber: '8123456789',
      currency: 'NGN',
      openingBalanceKobo: 10_000_000n,
      problems: [],
    });
    expect(statement.mapping).toMatchObject({
      date: 'Trans. Time',
      debit: 'Debit(₦)',
      credit: 'Credit(₦)',
      balance: 'Balance After(₦)',
      reference: 'Transaction Reference',
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-05', 'credit', 4_500_000n, 'Transfer from OLUWADAMILARE JOHNSON | SL6Y5TGB'],
      ['2026-09-05', 'debit', 5_000n, 'Electronic Money Transfer Levy'],
      ['2026-09-12', 'credit', 15_000_000n, 'Transfer from PALMPAY | IDRIS LAWAL'],
      ['2026-09-13', 'debit', 29_400_000n, 'Transfer to GREENFIELD ACADEMY LTD | GTBank'],
    ]);
    expect(statement.lines[2]?.reference).toBe('260912180140000000000042');
    expect(checkRunningBalance(statement)).toEqual([]);
  });

  it('refuses an Excel number that is not exact kobo instead of rounding it', async () => {
    const bytes = await workbookBytes([
      ['Date', 'Narration', 'Debit', 'Credit'],
      ['02/09/2026', 'SMS ALERT CHARGES', 0.1 + 0.2, null],
      ['03/09/2026', 'NIP/KUDA/ADEBAYO OLUWASEUN', null, 1_000.005],
      ['04/09/2026', 'USSD TRF FROM IBRAHIM MUSA', null, 2_500.1],
    ]);
    const statement = await parseStatement({ fileName: 'statement.xlsx', bytes });
    expect(statement.lines.map(brief)).toEqual([['2026-09-04', 'credit', 250_010n, 'USSD TRF FROM IBRAHIM MUSA']]);
    expect(statement.problems).toEqual([
      {
        row: 2,
        message: 'The Debit amount “0.30000000000000004” has more than two decimal places (kobo), and was not rounded.',
      },
      { row: 3, message: 'The Credit amount “1000.005” has more than two decimal places (kobo), and was not rounded.' },
    ]);
  });

  it('gives the mapping screen the rows of the file, and a workbook that is not one gets a problem', async () => {
    const reading = await readStatementTable('xlsx', await workbookBytes(zenithRows));
    expect('table' in reading && reading.table[7]).toEqual([
      'DATE POSTED',
      'VALUE DATE',
      'DESCRIPTION',
      'DEBIT',
      'CREDIT',
      'BALANCE',
    ]);
    const notAWorkbook = zipSync({ 'hello.txt': textBytes('hello') });
    expect(await parseStatement({ fileName: 'statement.xlsx', bytes: notAWorkbook })).toMatchObject({
      format: 'xlsx',
      lines: [],
      problems: [{ row: 0, message: 'The file could not be opened as an Excel workbook (.xlsx).' }],
    });
  });

  it('refuses a workbook whose parts say they unpack to more than 100 MB, before unpacking them', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': textBytes('<worksheet/>') });
    // The part's uncompressed size as the zip's central directory declares it: 101 MB.
    const entry = Buffer.from(bomb).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(bomb.buffer).setUint32(entry + 24, 101 * 1024 * 1024, true);
    const statement = await parseStatement({ fileName: 'statement.xlsx', bytes: bomb });
    expect(statement.problems).toEqual([
      { row: 0, message: 'The workbook unpacks to more than 100 MB, far more than any statement.' },
    ]);
  });
});

describe('SWIFT MT940', () => {
  it('reads a two-page MT940 file laid out like a corporate SWIFT statement', async () => {
    const statement = await parseFixture('zenith-corporate.sta');
    expect(statement).toMatchObject({
      format: 'mt940',
      accountNumber: '1012345678',
      currency: 'NGN',
      openingBalanceKobo: 250_000_000n,
      closingBalanceKobo: 380_996_589n,
      mapping: null,
      problems: [],
    });
    expect(statement.lines.map(brief)).toEqual([
      ['2026-09-02', 'credit', 15_000_000n, 'NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9 SCHOOL FEES'],
      // No :86:, so the :61: line's supplementary details are the narration.
      ['2026-09-03', 'debit', 5_250n, 'SMS ALERT CHARGES'],
      // :86: wrapped mid-number at 65 characters is joined back without a space.
      [
        '2026-09-04',
        'credit',
        7_550_050n,
        'NIP: CHUKWUEMEKA OKAFOR -2034567891/000013260915112233445566778899 SS3 WAEC FEES',
      ],
      // RC: the reversal of a credit takes the money back out.
      ['2026-09-10', 'debit', 15_000_000n, 'REVERSAL NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9'],
      [
        '2026-09-15',
        'credit',
        123_456_789n,
        'FLUTTERWAVE SETTLEMENT REF FLW-SETTLE-20260914-88231 FOR MERCHANT GREENFIELD ACADEMY LEKKI CAMPUS 34 TXNS',
      ],
      // Value date 30 September, booked 1 October.
      ['2026-10-01', 'debit', 5_000n, 'STAMP DUTY'],
    ]);
    expect(statement.lines.map((line) => [line.valueOn, line.reference, line.reversal, line.balanceKobo])).toEqual([
      ['2026-09-02', 'SL7K3QX9', false, null],
      ['2026-09-03', 'CHG2609030001', false, null],
      ['2026-09-04', 'FT26247QWE12', false, null],
      ['2026-09-10', 'SL7K3QX9', true, null],
      ['2026-09-14', 'PSTK4471', false, null],
      ['2026-09-30', 'EMTL2609300001', false, null],
    ]);
    const total = statement.lines.reduce(
      (sum, line) => sum + (line.direction === 'credit' ? line.amountKobo : -line.amountKobo),
      statement.openingBalanceKobo as bigint,
    );
    expect(total).toBe(statement.closingBalanceKobo);
  });

  it('reads the :61: grammar: entry date optional, RD, funds code, whole amounts, and names the lines it cannot read', async () => {
    const text = [
      ':20:STMT1',
      ':25:058/0123456789',
      ':60F:D261231NGN1000,00',
      ':61:261231RDN2500,NMSCNONREF//BANKREF1',
      ':86:REVERSAL OF CHARGE',
      ':61:2612310102C100,1NTRFPARENT REF',
      ':61:261231X100,00NTRFBAD',
      ':61:260230C100,00NTRFBADDATE',
      ':61:261231C0,00NTRFZERO',
      ':62F:C270102NGN1600,10',
    ].join('\n');
    const statement = await parseStatement({ fileName: 'statement.txt', bytes: textBytes(text) });
    expect(statement).toMatchObject({
      format: 'mt940',
      accountNumber: '0123456789',
      openingBalanceKobo: -100_000n,
      closingBalanceKobo: 160_010n,
    });
    expect(statement.lines).toEqual([
      {
        position: 1,
        bookedOn: '2026-12-31',
        valueOn: '2026-12-31',
        direction: 'credit',
        amountKobo: 250_000n,
        narration: 'REVERSAL OF CHARGE',
        reference: 'BANKREF1',
        balanceKobo: null,
        reversal: true,
      },
      {
        position: 2,
        bookedOn: '2027-01-02',
        valueOn: '2026-12-31',
        direction: 'credit',
        amountKobo: 10_010n,
        narration: '',
        reference: 'PARENT REF',
        balanceKobo: null,
        reversal: false,
      },
    ]);
    expect(statement.problems).toEqual([
      { row: 7, message: 'The :61: statement line “261231X100,00NTRFBAD” could not be read.' },
      { row: 8, message: 'The value date “260230” is not a real date.' },
      { row: 9, message: 'The amount “0,00” could not be read.' },
    ]);
  });
});

describe('ISO 20022 camt.053', () => {
  it('reads booked entries, skips pending ones, and builds each narration from what the bank says', async () => {
    const statement = await parseFixture('camt053-statement.xml');
    expect(statement).toMatchObject({
      format: 'camt053',
      accountNumber: '1012345678',
      currency: 'NGN',
      openingBalanceKobo: 100_000_000n,
      closingBalanceKobo: 248_454_101n,
      problems: [],
    });
    expect(statement.lines).toEqual([
      {
        position: 1,
        bookedOn: '2026-09-02',
        valueOn: '2026-09-02',
        direction: 'credit',
        amountKobo: 15_000_000n,
        narration: 'ADEBAYO OLUWASEUN SL7K3QX9 SCHOOL FEES',
        reference: 'FT26245X7K2A',
        balanceKobo: null,
        reversal: false,
      },
      {
        position: 2,
        bookedOn: '2026-09-03',
        valueOn: '2026-09-03',
        direction: 'credit',
        amountKobo: 25_000_000n,
        // The payer's name is already in AddtlNtryInf, so it is not repeated; &amp; is decoded.
        narration: 'NIP/GTB/BELLO & SONS NIG LTD/SL4Q8ZJK',
        reference: 'FT26246BELLO',
        balanceKobo: null,
        reversal: false,
      },
      {
        position: 3,
        bookedOn: '2026-09-03',
        valueOn: '2026-09-03',
        direction: 'debit',
        amountKobo: 2_688n,
        narration: 'NIP TRANSFER CHARGE',
        reference: 'CHG2609030001',
        balanceKobo: null,
        reversal: false,
      },
      {
        position: 4,
        bookedOn: '2026-09-10',
        valueOn: '2026-09-10',
        direction: 'debit',
        amountKobo: 15_000_000n,
        narration: 'NIP/KUDA/ADEBAYO OLUWASEUN/SL7K3QX9 RETURNED',
        reference: 'FT26253REV001',
        balanceKobo: null,
        reversal: true,
      },
      {
        position: 5,
        bookedOn: '2026-09-12',
        valueOn: '2026-09-11',
        direction: 'credit',
        amountKobo: 123_456_789n,
        narration: 'PAYSTACK SETTLEMENT 2026-09-11 BATCH 4471',
        reference: 'PSTK-STL-4471',
        balanceKobo: null,
        reversal: false,
      },
    ]);
    const total = statement.lines.reduce(
      (sum, line) => sum + (line.direction === 'credit' ? line.amountKobo : -line.amountKobo),
      statement.openingBalanceKobo as bigint,
    );
    expect(total).toBe(statement.closingBalanceKobo);
  });

  it('reads older versions (Sts as text, IBAN, PRCD opening, namespace prefixes, &#8358;) and names the entries it cannot read', async () => {
    const xml = `<?xml version="1.0"?>
      <n:Document xmlns:n="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><n:BkToCstmrStmt><n:Stmt>
        <n:Acct><n:Id><n:IBAN>NG00TEST1012345678</n:IBAN></n:Id></n:Acct>
        <n:Bal><n:Tp><n:CdOrPrtry><n:Cd>PRCD</n:Cd></n:CdOrPrtry></n:Tp><n:Amt Ccy="NGN">500.00</n:Amt><n:CdtDbtInd>DBIT</n:CdtDbtInd></n:Bal>
        <n:Ntry><n:Amt Ccy="NGN">1500.5</n:Amt><n:CdtDbtInd>CRDT</n:CdtDbtInd><n:Sts>BOOK</n:Sts>
          <n:BookgDt><n:Dt>2026-09-04</n:Dt></n:BookgDt>
          <n:NtryDtls><n:TxDtls><n:RmtInf><n:Ustrd>SL7K3QX9</n:Ustrd><n:Ustrd>SCHOOL FEES &#8358;1,500.50</n:Ustrd></n:RmtInf></n:TxDtls></n:NtryDtls>
        </n:Ntry>
        <n:Ntry><n:Amt Ccy="NGN">1.005</n:Amt><n:CdtDbtInd>CRDT</n:CdtDbtInd><n:Sts>BOOK</n:Sts><n:BookgDt><n:Dt>2026-09-04</n:Dt></n:BookgDt></n:Ntry>
        <n:Ntry><n:Amt Ccy="NGN">10.00</n:Amt><n:CdtDbtInd>CRDT</n:CdtDbtInd><n:Sts>BOOK</n:Sts><n:BookgDt><n:Dt>2026-02-30</n:Dt></n:BookgDt></n:Ntry>
        <n:Ntry><n:Amt Ccy="NGN">10.00</n:Amt><n:CdtDbtInd>XXXX</n:CdtDbtInd><n:Sts>BOOK</n:Sts><n:BookgDt><n:Dt>2026-09-04</n:Dt></n:BookgDt></n:Ntry>
      </n:Stmt></n:BkToCstmrStmt></n:Document>`;
    const statement = await parseStatement({ fileName: 'statement.dat', bytes: textBytes(xml) });
    expect(statement).toMatchObject({
      format: 'camt053',
      accountNumber: 'NG00TEST1012345678',
      currency: 'NGN',
      openingBalanceKobo: -50_000n,
      closingBalanceKobo: null,
    });
    expect(statement.lines.map(brief)).toEqual([['2026-09-04', 'credit', 150_050n, 'SL7K3QX9 SCHOOL FEES ₦1,500.50']]);
    expect(statement.problems).toEqual([
      { row: 2, message: 'The amount “1.005” could not be read.' },
      { row: 3, message: 'The entry has no booking date that could be read.' },
      { row: 4, message: 'The credit/debit indicator “XXXX” is neither CRDT nor DBIT.' },
    ]);
  });

  it('refuses XML that declares entities (billion laughs, XXE) without expanding them', async () => {
    const laughs = `<?xml version="1.0"?>
      <!DOCTYPE Document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
      <Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&lol3;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const external = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <Document><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>&xxe;</Id></Othr></Id></Acct></Stmt></BkToCstmrStmt></Document>`;
    for (const xml of [laughs, external]) {
      const statement = await parseStatement({ fileName: 'statement.xml', bytes: textBytes(xml) });
      expect(statement).toMatchObject({ format: 'camt053', accountNumber: null, lines: [] });
      expect(statement.problems).toEqual([
        {
          row: 0,
          message: 'The XML file declares a document type (DOCTYPE), which statements never do; it was not read.',
        },
      ]);
    }
    const broken = await parseStatement({ fileName: 's.xml', bytes: textBytes('<Document><BkToCstmrStmt><Stmt>') });
    expect(broken.problems).toEqual([{ row: 0, message: 'The file is not well-formed XML.' }]);
  });
});

describe('column mappings', () => {
  it('is plain JSON that comes back from storage as the same mapping', async () => {
    const { mapping } = await parseFixture('gtbank-style.csv');
    const stored = JSON.parse(JSON.stringify(mapping));
    expect(statementMappingSchema.parse(stored)).toEqual(mapping);
    expect(statementMappingSchema.safeParse({ ...stored, amount: 'Amount' }).success).toBe(false);
    expect(statementMappingSchema.safeParse({ ...stored, narration: [] }).success).toBe(false);
    expect(statementMappingSchema.safeParse({ ...stored, debit: undefined, credit: undefined }).success).toBe(false);
    const withDirection = { ...stored, debit: undefined, credit: undefined, direction: 'DR/CR' };
    expect(statementMappingSchema.safeParse(withDirection).success).toBe(false);
  });

  it("applies a saved mapping to next month's file, whose header sits a row lower", async () => {
    const { mapping } = await parseFixture('gtbank-style.csv');
    const nextMonth = `GUARANTY TRUST BANK PLC\nCUSTOMER STATEMENT\nPRINTED 05-Nov-2026\nAccount Number,0123456789\n\n\n\n\n\n\ntrans.  date,VALUE DATE,Reference,Debits,Credits,Balance,Originating Branch,Remarks\n01-Oct-2026,01-Oct-2026,,,"45,000.00","3,054,962.14",E-CHANNELS,USSD TRF FROM IBRAHIM MUSA\n`;
    const reading = await readStatementTable('csv', textBytes(nextMonth));
    if (!('table' in reading)) throw new Error(reading.problem);
    const statement = applyMapping(reading.table, mapping as StatementMapping);
    expect(statement.problems).toEqual([]);
    expect(statement.lines.map(brief)).toEqual([['2026-10-01', 'credit', 4_500_000n, 'USSD TRF FROM IBRAHIM MUSA']]);
  });

  it('says so when the mapped columns are not in the file, or no header row can be found', async () => {
    const { mapping } = await parseFixture('gtbank-style.csv');
    const other = await parseStatement({
      fileName: 'other.csv',
      bytes: fixture('palmpay-style.csv'),
      mapping: mapping as StatementMapping,
    });
    expect(other.lines).toEqual([]);
    expect(other.problems).toEqual([
      {
        row: 0,
        message: 'No row in the first 30 has all the mapped columns (Trans. Date, Remarks…). Check the column mapping.',
      },
    ]);
    const stale = await parseStatement({
      fileName: 'a.csv',
      bytes: fixture('gtbank-style.csv'),
      mapping: { ...(mapping as StatementMapping), narration: [] },
    });
    expect(stale.problems).toEqual([
      { row: 0, message: 'The saved column mapping is not complete. Map the columns again.' },
    ]);
    const headless = await parseStatement({ fileName: 'a.csv', bytes: textBytes('hello,world\n1,2\n') });
    expect(headless).toMatchObject({ format: 'csv', mapping: null, lines: [] });
    expect(headless.problems[0]?.message).toMatch(/^No header row with a date, a description and an amount column/);
    expect(suggestMapping([])).toBeNull();
  });
});

describe('formats, limits and refusals', () => {
  it('tells the format from the content, the name only breaking a tie for plain text', () => {
    expect(detectFormat('statement.csv', fixture('gtbank-style.csv'))).toBe('csv');
    expect(detectFormat('statement.txt', fixture('zenith-corporate.sta'))).toBe('mt940');
    expect(detectFormat('statement.dat', fixture('camt053-statement.xml'))).toBe('camt053');
    expect(detectFormat('statement.xls', textBytes('<html><table><tr><td>1</td></tr></table></html>'))).toBeNull();
    expect(detectFormat('statement.pdf', textBytes('%PDF-1.7\n'))).toBeNull();
    expect(detectFormat('statement.xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]))).toBeNull();
    expect(detectFormat('statement.docx.exe', textBytes('a,b\n'))).toBeNull();
  });

  it('asks for a format it reads when given a PDF or an old .xls', async () => {
    const pdf = await parseStatement({ fileName: 'Statement.PDF', bytes: textBytes('%PDF-1.7\n') });
    expect(pdf).toMatchObject({ format: null, lines: [] });
    expect(pdf.problems[0]?.message).toMatch(/^PDF statements cannot be read yet/);
    const xls = await parseStatement({
      fileName: 'Statement.xls',
      bytes: Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0]),
    });
    expect(xls.problems[0]?.message).toMatch(/save it as \.xlsx/);
  });

  it('refuses files over 10 MB and over 20,000 rows with a clear message', async () => {
    const large = await parseStatement({
      fileName: 'big.csv',
      bytes: new Uint8Array(MAX_STATEMENT_BYTES + 1).fill(0x41),
    });
    expect(large.problems).toEqual([
      { row: 0, message: 'The file is larger than 10 MB. Download a shorter period and upload each part.' },
    ]);
    const rows = `Date,Narration,Amount\n${'01/09/2026,SMS ALERT CHARGES,-4.00\n'.repeat(MAX_STATEMENT_ROWS)}`;
    const long = await parseStatement({ fileName: 'long.csv', bytes: textBytes(rows) });
    expect(long.lines).toEqual([]);
    expect(long.problems).toEqual([
      { row: 0, message: 'The file has more than 20,000 rows. Download a shorter period and upload each part.' },
    ]);
  });

  it('reads a file of 19,999 lines, one narration running on over thousands of rows', async () => {
    const body = `Date,Narration,Amount\n01/09/2026,NIP/KUDA/ADEBAYO OLUWASEUN,150000\n${',PART\n'.repeat(9_000)}${'02/09/2026,SMS ALERT CHARGES,-4.00\n'.repeat(10_997)}`;
    const statement = await parseStatement({ fileName: 'year.csv', bytes: textBytes(body) });
    expect(statement.problems).toEqual([]);
    expect(statement.lines).toHaveLength(10_998);
    expect(statement.lines[0]?.narration).toBe(`NIP/KUDA/ADEBAYO OLUWASEUN${' PART'.repeat(9_000)}`);
    expect(statement.lines.at(-1)).toMatchObject({ position: 10_998, direction: 'debit', amountKobo: 400n });
  });

  it('refuses an unclosed quote with the line it starts near', async () => {
    const statement = await parseStatement({
      fileName: 'a.csv',
      bytes: textBytes('Date,Narration,Amount\n01/09/2026,"NIP/KUDA/ADEBAYO,150000\n'),
    });
    expect(statement.problems[0]?.message).toMatch(/^The file could not be read as CSV near line \d+/);
  });

  it('gets through cells built to make a careless pattern backtrack for ever', async () => {
    const digits = '1'.repeat(50_000);
    expect(readAmount(`1${',000'.repeat(20_000)},00`)).toMatchObject({ kind: 'invalid' });
    expect(readAmount(`(${digits}`)).toMatchObject({ kind: 'invalid' });
    expect(readAmount(`${'-'.repeat(50_000)}1`)).toMatchObject({ kind: 'invalid' });
    expect(readDate(`1/1/${digits}x`, 'DMY')).toHaveProperty('problem');
    expect(readDate(`05${' '.repeat(50_000)}SEP`, 'DMY')).toHaveProperty('problem');
    expect(readDate(`SEP 05${','.repeat(50_000)}`, 'DMY')).toHaveProperty('problem');
    const mt940 = `:20:X\n:60F:C260901NGN1,00\n:61:260901C${digits},00NTRF\n:86:${'A'.repeat(50_000)}\n`;
    const statement = await parseStatement({ fileName: 's.sta', bytes: textBytes(mt940) });
    expect(statement.lines).toEqual([]);
    expect(statement.problems).toHaveLength(1);
  });
});

describe('amounts and dates', () => {
  it.each([
    ['150,000.00', 15_000_000n, false, null],
    ['₦150,000', 15_000_000n, false, null],
    ['N150,000.00', 15_000_000n, false, null],
    ['NGN 150000.5', 15_000_050n, false, null],
    ['150,000.00 NGN', 15_000_000n, false, null],
    ['(1,000.00)', 100_000n, true, null],
    ['(₦1,000.00)', 100_000n, true, null],
    ['1,000.00 DR', 100_000n, false, 'DR'],
    ['1,000.00cr', 100_000n, false, 'CR'],
    ['-2500', 250_000n, true, null],
    ['-₦2,500.00', 250_000n, true, null],
    ['2,500.00-', 250_000n, true, null],
    ['150000', 15_000_000n, false, null],
    ['1 000 000.00', 100_000_000n, false, null],
    ['1000.0000', 100_000n, false, null],
    ['0.01', 1n, false, null],
  ])('reads %s exactly', (text, kobo, negative, mark) => {
    expect(readAmount(text)).toMatchObject({ kind: 'amount', kobo, negative, mark });
  });

  it.each([
    '1,000.005',
    '1.000,00',
    '12,34',
    '1,50,000.00',
    '₦₦5',
    '--5',
    '(5',
    '-(5)',
    '1e+21',
    'abc',
    '1,000.00 XX',
    '1234567890123456',
  ])('refuses %s', (text) => {
    expect(readAmount(text).kind).toBe('invalid');
  });

  it('treats the placeholders banks put in the unused column as blank', () => {
    for (const text of ['', '  ', '-', '--', 'NIL', 'n/a']) expect(readAmount(text)).toEqual({ kind: 'blank' });
  });

  it.each([
    ['05/09/2026', 'DMY', '2026-09-05'],
    ['05-09-2026', 'DMY', '2026-09-05'],
    ['05.09.26', 'DMY', '2026-09-05'],
    ['09/05/2026', 'MDY', '2026-09-05'],
    ['05-Sep-2026', 'MDY', '2026-09-05'],
    ['05 Sep 2026 10:22:13', 'DMY', '2026-09-05'],
    ['5 SEPT 26', 'DMY', '2026-09-05'],
    ['Sep 5, 2026', 'DMY', '2026-09-05'],
    ['2026-09-05', 'DMY', '2026-09-05'],
    ['2026-09-05T10:15:00+01:00', 'MDY', '2026-09-05'],
    ['26/09/05', 'YMD', '2026-09-05'],
    ['29/02/2028', 'DMY', '2028-02-29'],
  ] as const)('reads %s (%s) as %s', (text, order, iso) => {
    expect(readDate(text, order)).toEqual({ iso });
  });

  it.each([
    ['31/02/2026', 'is not a real date'],
    ['29/02/2027', 'is not a real date'],
    ['13/13/2026', 'is not a real date'],
    ['05/09/1999', 'is not in the years 2000 to 2099'],
    ['05-Sob-2026', 'could not be read'],
    ['2026/9', 'could not be read'],
    ['05/09/026', 'could not be read'],
  ])('refuses %s: it %s', (text, reason) => {
    expect(readDate(text, 'DMY')).toEqual({ problem: `The date “${text}” ${reason}.` });
  });
});

describe('running balance and fingerprints', () => {
  const line = (position: number, direction: 'credit' | 'debit', amountKobo: bigint, balanceKobo: bigint | null) => ({
    position,
    bookedOn: `2026-09-0${position}`,
    valueOn: null,
    direction,
    amountKobo,
    narration: 'NIP/KUDA/ADEBAYO OLUWASEUN',
    reference: null,
    balanceKobo,
    reversal: false,
  });

  it('names the line where the chain breaks once, and goes on from its balance', () => {
    const lines = [
      line(1, 'credit', 1_000n, 11_000n),
      line(2, 'debit', 500n, 10_500n),
      // A line missed between 2 and 3: its balance does not follow.
      line(3, 'credit', 2_000n, 13_000n),
      line(4, 'debit', 1_000n, 12_000n),
      line(5, 'credit', 100n, null),
      line(6, 'credit', 100n, 99_999n),
    ];
    expect(checkRunningBalance({ openingBalanceKobo: 10_000n, lines })).toEqual([3]);
    expect(checkRunningBalance({ openingBalanceKobo: 9_999n, lines })).toEqual([1, 3]);
    expect(checkRunningBalance({ openingBalanceKobo: null, lines })).toEqual([3]);
  });

  it('gives the same key to the same line whatever its position, balance or spacing, and a different key otherwise', () => {
    const first = line(1, 'credit', 15_000_000n, 100n);
    const again = { ...first, position: 40, balanceKobo: 999n, narration: ' nip/kuda/adebayo   oluwaseun ' };
    expect(lineFingerprint('0123456789', first)).toBe(lineFingerprint('0123456789', again));
    expect(lineFingerprint('0123456789', first)).toBe(
      '0123456789|2026-09-01|credit|15000000|NIP/KUDA/ADEBAYO OLUWASEUN',
    );
    expect(lineFingerprint('0123456780', first)).not.toBe(lineFingerprint('0123456789', first));
    expect(lineFingerprint('0123456789', { ...first, amountKobo: 15_000_001n })).not.toBe(
      lineFingerprint('0123456789', first),
    );
    expect(lineFingerprint('0123456789', { ...first, direction: 'debit' })).not.toBe(
      lineFingerprint('0123456789', first),
    );
  });
});

/* Generated statements, written out as each format, must read back exactly. */

const WORDS = [
  'NIP/KUDA/ADEBAYO',
  'OLUWASEUN',
  'SL7K3QX9',
  'SCHOOL',
  'FEES',
  'USSD',
  'TRF',
  'FROM',
  'IBRAHIM',
  'MUSA,',
  '"JNR"',
  "O'NEIL",
  '-2034567891/000013260915112233445566778899',
  'POS',
  'DEP',
  'A&B',
  '<SS1>',
  '₦5,000',
  'REVERSAL',
  'REV',
  'PAYSTACK',
  'SETTLEMENT',
];
const SEPARATORS = [' ', ' ', ', ', '\n', ' "', '"\t', '  '];

const generatedLine = fc.record({
  day: fc.integer({ min: 0, max: 3_650 }),
  valueShift: fc.integer({ min: -3, max: 3 }),
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amountKobo: fc.bigInt({ min: 1n, max: MAX_KOBO }),
  words: fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 8 }),
  reference: fc.option(fc.stringMatching(/^[A-Z0-9]{1,16}$/), { nil: null }),
  reversalMark: fc.boolean(),
});

const generatedStatement = fc.record({
  accountNumber: fc.stringMatching(/^[1-9]\d{9}$/),
  openingBalanceKobo: fc.bigInt({ min: -MAX_KOBO, max: MAX_KOBO }),
  lines: fc.array(generatedLine, { minLength: 1, maxLength: 25 }),
});
type Generated = typeof generatedStatement extends fc.Arbitrary<infer T> ? T : never;

const isoDay = (offset: number) => new Date(Date.UTC(2021, 0, 1 + offset)).toISOString().slice(0, 10);
const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a statement should read back as, oldest first, balances carried from the opening. */
function expected(statement: Generated, { reversalMarks = false, withValueDate = true, withBalance = true } = {}) {
  const days = statement.lines.map((line) => line.day).sort((a, b) => a - b);
  let balance = statement.openingBalanceKobo;
  return statement.lines.map((line, index): StatementLine => {
    const day = days[index] as number;
    balance += line.direction === 'credit' ? line.amountKobo : -line.amountKobo;
    const narration = collapsed(line.words.map(([word, separator]) => word + separator).join(''));
    return {
      position: index + 1,
      bookedOn: isoDay(day),
      valueOn: withValueDate ? isoDay(day + line.valueShift) : null,
      direction: line.direction,
      amountKobo: line.amountKobo,
      narration,
      reference: line.reference,
      balanceKobo: withBalance ? balance : null,
      reversal: (reversalMarks && line.reversalMark) || /^REV(ERSAL)?\b/i.test(narration),
    };
  });
}

/** The narration as the bank wrote it: the generated words and separators, newlines and all. */
const rawNarrations = (statement: Generated) =>
  statement.lines.map((line) => line.words.map(([word, separator]) => word + separator).join(''));

const naira = (kobo: bigint, grouped = true) => {
  const abs = kobo < 0n ? -kobo : kobo;
  const whole = (abs / 100n).toString();
  return `${grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};
const signedNaira = (kobo: bigint) => `${kobo < 0n ? '-' : ''}${naira(kobo)}`;
const dmy = (iso: string, separator = '/') => [iso.slice(8, 10), iso.slice(5, 7), iso.slice(0, 4)].join(separator);
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dMonY = (iso: string) => `${iso.slice(8, 10)}-${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;

const LAYOUTS = {
  /** Title rows, Debits/Credits, grouped amounts, DD/MM/YYYY. */
  debitCredit(statement: Generated) {
    const lines = expected(statement);
    const narrations = rawNarrations(statement);
    return stringify([
      ['SOME BANK PLC'],
      ['Account Number', statement.accountNumber],
      ['Opening Balance', signedNaira(statement.openingBalanceKobo)],
      [],
      ['Trans. Date', 'Value Date', 'Reference', 'Debits', 'Credits', 'Balance', 'Remarks'],
      ...lines.map((line, index) => [
        dmy(line.bookedOn),
        dmy(line.valueOn as string, '-'),
        line.reference ?? '',
        line.direction === 'debit' ? naira(line.amountKobo) : '',
        line.direction === 'credit' ? naira(line.amountKobo) : '',
        signedNaira(line.balanceKobo as bigint),
        narrations[index],
      ]),
    ]);
  },
  /** One Amount column with a DR/CR column, DD-MMM-YYYY, balances with a DR/CR suffix. */
  amountAndMark(statement: Generated) {
    const lines = expected(statement);
    const narrations = rawNarrations(statement);
    return stringify([
      ['Account No:', statement.accountNumber],
      [
        'Opening Balance:',
        `${naira(statement.openingBalanceKobo, false)} ${statement.openingBalanceKobo < 0n ? 'DR' : 'CR'}`,
      ],
      ['Posted Date', 'Description', 'Amount', 'DR/CR', 'Balance', 'Ref'],
      ...lines.map((line, index) => [
        dMonY(line.bookedOn),
        narrations[index],
        naira(line.amountKobo, false),
        line.direction === 'debit' ? 'DR' : 'CR',
        `${naira(line.balanceKobo as bigint)} ${(line.balanceKobo as bigint) < 0n ? 'DR' : 'CR'}`,
        line.reference ?? '',
      ]),
    ]);
  },
  /** One Amount column with debits in brackets, ₦ signs, YYYY-MM-DD with a time. */
  brackets(statement: Generated) {
    const lines = expected(statement);
    const narrations = rawNarrations(statement);
    const signed = (kobo: bigint) => (kobo < 0n ? `(₦${naira(kobo)})` : `₦${naira(kobo)}`);
    return stringify([
      [`Account ${statement.accountNumber}`],
      ['Opening Balance', signed(statement.openingBalanceKobo)],
      ['Transaction Date', 'Transaction Details', 'Amount', 'Balance', 'Reference'],
      ...lines.map((line, index) => [
        `${line.bookedOn} 09:30:00`,
        narrations[index],
        signed(line.direction === 'debit' ? -line.amountKobo : line.amountKobo),
        signed(line.balanceKobo as bigint),
        line.reference ?? '',
      ]),
    ]);
  },
};

const swiftAmount = (kobo: bigint) => naira(kobo, false).replace('.', ',');
const swiftDay = (iso: string) => iso.slice(2).replaceAll('-', '');

function mt940Of(statement: Generated): string {
  const lines = expected(statement, { reversalMarks: true });
  const balance = (kobo: bigint, iso: string) =>
    `${kobo < 0n ? 'D' : 'C'}${swiftDay(iso)}NGN${swiftAmount(kobo < 0n ? -kobo : kobo)}`;
  const closing = lines.at(-1)?.balanceKobo as bigint;
  const out = [':20:GENERATED', `:25:${statement.accountNumber}`, ':28C:1/1'];
  out.push(`:60F:${balance(statement.openingBalanceKobo, lines[0]?.bookedOn as string)}`);
  lines.forEach((line, index) => {
    const marked = statement.lines[index]?.reversalMark;
    const mark = marked ? (line.direction === 'credit' ? 'RD' : 'RC') : line.direction === 'credit' ? 'C' : 'D';
    const valueOn = line.valueOn as string;
    out.push(
      `:61:${swiftDay(valueOn)}${line.bookedOn.slice(5).replace('-', '')}${mark}N${swiftAmount(line.amountKobo)}NTRF${line.reference ? `${line.reference}//BANK${index}` : 'NONREF'}`,
    );
    // Information wrapped hard at 65 characters, mid-word where it falls, as SWIFT writers do.
    const chunks = line.narration.match(/.{1,65}/g) ?? [];
    if (chunks.length > 0) out.push(`:86:${chunks[0]}`, ...chunks.slice(1));
  });
  out.push(`:62F:${balance(closing, lines.at(-1)?.bookedOn as string)}`, '-}');
  return out.join('\r\n');
}

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function camtOf(statement: Generated): string {
  const lines = expected(statement, { reversalMarks: true });
  const narrations = rawNarrations(statement);
  const balance = (code: string, kobo: bigint) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="NGN">${naira(kobo < 0n ? -kobo : kobo, false)}</Amt><CdtDbtInd>${kobo < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd></Bal>`;
  const entries = lines.map(
    (line, index) =>
      `<Ntry><Amt Ccy="NGN">${naira(line.amountKobo, false)}</Amt><CdtDbtInd>${line.direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>` +
      `${statement.lines[index]?.reversalMark ? '<RvslInd>true</RvslInd>' : ''}<Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${line.bookedOn}</Dt></BookgDt><ValDt><DtTm>${line.valueOn}T10:00:00+01:00</DtTm></ValDt>` +
      `${line.reference ? `<AcctSvcrRef>${line.reference}</AcctSvcrRef>` : ''}<AddtlNtryInf>${xmlText(narrations[index] as string)}</AddtlNtryInf></Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>${statement.accountNumber}</Id></Othr></Id><Ccy>NGN</Ccy></Acct>${balance('OPBD', statement.openingBalanceKobo)}${balance('CLBD', lines.at(-1)?.balanceKobo as bigint)}${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
}

describe('generated statements read back exactly', () => {
  it.each(Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[])('as CSV with %s columns', async (layout) => {
    await fc.assert(
      fc.asyncProperty(generatedStatement, async (statement) => {
        const bytes = textBytes(LAYOUTS[layout](statement));
        const parsed = await parseStatement({ fileName: 'statement.csv', bytes });
        const lines = expected(statement, { withValueDate: layout === 'debitCredit' });
        expect(parsed.problems).toEqual([]);
        expect(parsed.lines).toEqual(lines);
        expect(parsed.accountNumber).toBe(statement.accountNumber);
        expect(parsed.openingBalanceKobo).toBe(statement.openingBalanceKobo);
        expect(checkRunningBalance(parsed)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('as MT940', async () => {
    await fc.assert(
      fc.asyncProperty(generatedStatement, async (statement) => {
        const parsed = await parseStatement({ fileName: 'statement.sta', bytes: textBytes(mt940Of(statement)) });
        const lines = expected(statement, { reversalMarks: true, withBalance: false });
        expect(parsed.problems).toEqual([]);
        expect(parsed.lines).toEqual(lines);
        expect(parsed).toMatchObject({ accountNumber: statement.accountNumber, currency: 'NGN' });
        expect(parsed.openingBalanceKobo).toBe(statement.openingBalanceKobo);
        expect(parsed.closingBalanceKobo).toBe(expected(statement).at(-1)?.balanceKobo);
      }),
      { numRuns: 60 },
    );
  });

  it('as camt.053', async () => {
    await fc.assert(
      fc.asyncProperty(generatedStatement, async (statement) => {
        const parsed = await parseStatement({ fileName: 'statement.xml', bytes: textBytes(camtOf(statement)) });
        expect(parsed.problems).toEqual([]);
        expect(parsed.lines).toEqual(expected(statement, { reversalMarks: true, withBalance: false }));
        expect(parsed.accountNumber).toBe(statement.accountNumber);
        expect(parsed.openingBalanceKobo).toBe(statement.openingBalanceKobo);
        expect(parsed.closingBalanceKobo).toBe(expected(statement).at(-1)?.balanceKobo);
      }),
      { numRuns: 60 },
    );
  });

  it('gives a line the same fingerprint in two overlapping uploads, whatever their formats', async () => {
    const overlapping = generatedStatement.chain((statement) =>
      fc.record({
        statement: fc.constant(statement),
        start: fc.integer({ min: 0, max: statement.lines.length - 1 }),
        end: fc.integer({ min: 1, max: statement.lines.length }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(overlapping, async ({ statement, start, end }) => {
        fc.pre(start < end);
        // Last month's upload ends at `end`; this month's, in another format, starts at `start`.
        const earlier = await parseStatement({ fileName: 'a.csv', bytes: textBytes(LAYOUTS.debitCredit(statement)) });
        const later = await parseStatement({ fileName: 'b.xml', bytes: textBytes(camtOf(statement)) });
        const keys = (parsed: ParsedStatement, from: number, to: number) =>
          parsed.lines.slice(from, to).map((line) => lineFingerprint(parsed.accountNumber, line));
        expect(keys(later, start, end)).toEqual(keys(earlier, start, end));
      }),
      { numRuns: 40 },
    );
  });
});

describe('arbitrary input', () => {
  const names = fc.constantFrom('s.csv', 's.xlsx', 's.sta', 's.xml', 's.txt', 's', 's.pdf');
  const prefixes = fc.constantFrom(
    '',
    ':20:X\n:25:0123456789\n:60F:C260901NGN1,00\n:61:',
    '<Document><BkToCstmrStmt><Stmt><Ntry>',
    'Date,Narration,Debit,Credit,Balance\n',
    'Trans. Date,Remarks,Amount,DR/CR\n01/09/2026,',
  );

  /** Whatever the file, the result is well formed: positive exact amounts, real dates, numbered lines. */
  function wellFormed(statement: ParsedStatement) {
    statement.lines.forEach((line, index) => {
      expect(line.position).toBe(index + 1);
      expect(line.amountKobo > 0n && line.amountKobo <= MAX_KOBO).toBe(true);
      expect(line.bookedOn).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(line.narration).toBe(collapsed(line.narration));
    });
    for (const problem of statement.problems) expect(problem.message.length).toBeGreaterThan(0);
  }

  it('never throws on arbitrary bytes, and says what it could not read', async () => {
    await fc.assert(
      fc.asyncProperty(names, fc.uint8Array({ maxLength: 2_000 }), async (fileName, bytes) => {
        wellFormed(await parseStatement({ fileName, bytes }));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on text that starts like each format', async () => {
    await fc.assert(
      fc.asyncProperty(
        names,
        prefixes,
        fc.string({ unit: 'binary', maxLength: 400 }),
        async (fileName, prefix, rest) => {
          wellFormed(await parseStatement({ fileName, bytes: textBytes(prefix + rest) }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on a real statement cut short or with bytes changed', async () => {
    const files = ['gtbank-style.csv', 'zenith-corporate.sta', 'camt053-statement.xml', 'uba-style.csv'].map(fixture);
    const damage = fc.record({
      file: fc.constantFrom(...files),
      cut: fc.nat(),
      edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(names, damage, async (fileName, { file, cut, edits }) => {
        const bytes = Uint8Array.from(file.subarray(0, cut % (file.byteLength + 1)));
        for (const [at, byte] of edits) if (bytes.length > 0) bytes[at % bytes.length] = byte;
        wellFormed(await parseStatement({ fileName, bytes }));
      }),
      { numRuns: 300 },
    );
  });
});
