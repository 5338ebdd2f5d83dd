import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines, parentStudents, payments, users } from '../src/db/schema.js';
import { aClassArm, aParent, aSchool, aSession, aStudent, aTerm, type User } from './builders.js';
import { bearer, login, multipart, useTestApp } from './helper.js';
import { approvedFee, bursarOf, setBankTransfer } from './payments-support.js';

const t = useTestApp();

/** A statement laid out as a Nigerian bank's CSV export: title rows, then the lines. */
function statementCsv(lines: [day: string, narration: string, debit: string, credit: string, balance: string][]) {
  return Buffer.from(
    [
      'Account Name,BUILT SCHOOL FEES ACCOUNT',
      'Account Number,0123456789',
      'Period,01/11/2026 to 30/11/2026',
      '',
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      '01/11/2026,01/11/2026,Opening Balance,,,"1,000,000.00"',
      ...lines.map(([day, narration, debit, credit, balance]) =>
        [day, day, `"${narration}"`, `"${debit}"`, `"${credit}"`, `"${balance}"`].join(','),
      ),
    ].join('\r\n'),
  );
}

describe('bank statements: uploaded, matched to students, credited once', () => {
  let school: string;
  let bursar: { authorization: string };
  let otherBursar: { authorization: string };
  let ada: User;
  let bola: User;
  let chidi: User;
  let file: Buffer;
  let claimOfAda: string;
  let claimOfChidi: string;

  const upload = async (content: Buffer, filename = 'statement.csv', who = bursar) => {
    const body = await multipart({ school_id: school }, [
      { field: 'file', filename, contentType: 'text/csv', content },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/bank-statements',
      headers: { ...who, ...body.headers },
      payload: body.payload,
    });
  };
  const linesIn = async (status: string, who = bursar) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/bank-statements/lines?school_id=${school}&status=${status}`,
      headers: who,
    });
    return response;
  };
  const creditedTo = (studentId: string) =>
    t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, studentId), eq(payments.status, 'success'), eq(payments.kind, 'payment')));

  beforeAll(async () => {
    const built = await aSchool(t);
    school = built.id;
    const session = await aSession(t, { school_id: school });
    const term = await aTerm(t, { session: session.id });
    const arm = await aClassArm(t, { school_id: school });
    const student = (firstname: string, lastname: string) =>
      aStudent(t, {
        school_id: school,
        classArm_id: arm.id,
        firstname,
        lastname,
        email: `${firstname.toLowerCase()}-${randomUUID().slice(0, 6)}@example.ng`,
        regNo: `BST/${randomUUID().slice(0, 6)}`,
      });
    ada = await student('Ada', 'Nwosu');
    bola = await student('Bola', 'Adeyemi');
    chidi = await student('Chidi', 'Eze');
    const parent = await aParent(t, school);
    await t.ctx.db.update(users).set({ firstname: 'Ngozi', lastname: 'Nwosu' }).where(eq(users.id, parent.id));
    await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: ada.id, schoolId: school });
    await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: chidi.id, schoolId: school });
    await setBankTransfer(t, school, true);
    const fee = await approvedFee(t, school, term.id, '50000');
    bursar = await bursarOf(t, school);
    otherBursar = await bursarOf(t, (await aSchool(t)).id);

    const parentToken = bearer((await login(t, parent.email)).json().data.token);
    const claim = async (studentId: string, amount: string, bankReference: string) => {
      const body = await multipart({
        fee_id: fee,
        student_id: studentId,
        amount,
        transfer_date: '2026-11-21',
        bank_reference: bankReference,
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/bank-transfer',
        headers: { ...parentToken, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data._id as string;
    };
    claimOfAda = await claim(ada.id, '30000', 'GTB-REF-77421');
    claimOfChidi = await claim(chidi.id, '20000', 'my transfer');

    file = statementCsv([
      ['20/11/2026', `NIP/KUDA/ADEBAYO OLU/${bola.paymentCode} SCHOOL FEES`, '', '50,000.00', '1,050,000.00'],
      ['21/11/2026', 'NIP/GTB/NGOZI NWOSU/GTB-REF-77421', '', '30,000.00', '1,080,000.00'],
      ['22/11/2026', 'TRF FROM CHIDI EZE', '', '10,000.00', '1,090,000.00'],
      ['22/11/2026', 'SMS ALERT CHARGES', '50.00', '', '1,089,950.00'],
      ['23/11/2026', 'PAYSTACK SETTLEMENT 231126', '', '98,500.00', '1,188,450.00'],
      ['23/11/2026', 'CASH DEPOSIT IKEJA BRANCH', '', '20,000.00', '1,208,450.00'],
      ['24/11/2026', 'POS DEPOSIT 2039XXXX', '', '7,500.00', '1,215,950.00'],
    ]);
  });

  it('credits the certain lines at once, sets debits and settlements aside, and queues the rest', async () => {
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      format: 'csv',
      account_number: '0123456789',
      lines: 7,
      already_imported: 0,
      problems: [],
      balance_breaks: [],
      confirmed: 2,
      review: 2,
      unmatched: 1,
      ignored: 2,
    });

    // Bola's code: the fee is paid from the transfer, with a receipt, as a bank transfer.
    const bolas = await creditedTo(bola.id);
    expect(bolas.map((payment) => [payment.amountKobo, payment.method, Boolean(payment.receiptNo)])).toEqual([
      [5_000_000n, 'bank_transfer', true],
    ]);
    // Ada's claim: amount, day and the reference she typed are all in the line.
    const [adas] = await t.ctx.db.select().from(payments).where(eq(payments.id, claimOfAda));
    expect(adas).toMatchObject({ status: 'success', amountKobo: 3_000_000n });
    // Chidi's claim has the amount and the day of the cash deposit, but nothing else: never credited on that.
    const [chidis] = await t.ctx.db.select().from(payments).where(eq(payments.id, claimOfChidi));
    expect(chidis!.status).toBe('pending');
  });

  it('shows each waiting line with its candidates and why', async () => {
    const response = await linesIn('review');
    expect(response.statusCode, response.body).toBe(200);
    const { lines, counts } = response.json().data;
    expect(counts).toEqual({ confirmed: 2, review: 2, unmatched: 1, ignored: 2 });
    const byNarration = Object.fromEntries(
      lines.map((line: { narration: string; candidates: unknown[] }) => [line.narration, line.candidates]),
    );
    expect(byNarration['TRF FROM CHIDI EZE']).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ _id: chidi.id, name: 'Chidi Eze' }),
        claim: null,
        strength: 'possible',
        reasons: ['the narration names Chidi Eze'],
      }),
    ]);
    expect(byNarration['CASH DEPOSIT IKEJA BRANCH']).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ _id: chidi.id }),
        claim: expect.objectContaining({ _id: claimOfChidi, amount: 20000 }),
        strength: 'possible',
      }),
    ]);
    const ignored = (await linesIn('ignored')).json().data.lines.map((line: { note: string }) => line.note);
    expect(ignored.sort()).toEqual([
      "A payment provider's settlement: the online payments it pays out are already credited.",
      'Money out of the account.',
    ]);
    const [credited] = (await linesIn('confirmed'))
      .json()
      .data.lines.filter((line: { narration: string }) => line.narration === 'NIP/GTB/NGOZI NWOSU/GTB-REF-77421');
    expect(credited.credited).toMatchObject({ student: { _id: ada.id }, confirmed_by: null });
    expect(credited.credited.receipts).toHaveLength(1);
  });

  it('credits a line to the student a person chooses, once', async () => {
    const { lines } = (await linesIn('review')).json().data;
    const line = lines.find((row: { narration: string }) => row.narration === 'TRF FROM CHIDI EZE');
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bank-statements/lines/${line._id}/confirm`,
        headers: bursar,
        payload: { student_id: chidi.id },
      });
    const first = await confirm();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'confirmed', credited: { student: { _id: chidi.id } } });
    expect(first.json().data.credited.receipts).toHaveLength(1);
    const again = await confirm();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BANK_LINE_DECIDED');
    expect((await creditedTo(chidi.id)).map((payment) => payment.amountKobo)).toEqual([1_000_000n]);
  });

  it('leaves a turned-down line unmatched with the reason, and its claim waiting', async () => {
    const { lines } = (await linesIn('review')).json().data;
    const line = lines.find((row: { narration: string }) => row.narration === 'CASH DEPOSIT IKEJA BRANCH');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bank-statements/lines/${line._id}/reject`,
      headers: bursar,
      payload: { reason: 'Deposited by the canteen vendor' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'unmatched',
      note: 'Turned down: Deposited by the canteen vendor',
    });
    const [chidis] = await t.ctx.db.select().from(payments).where(eq(payments.id, claimOfChidi));
    expect(chidis!.status).toBe('pending');
  });

  it('recognises every line of the same statement uploaded again, and credits nothing twice', async () => {
    const before = await t.ctx.db.select().from(payments).where(eq(payments.schoolId, school));
    const response = await upload(file, 'statement-again.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ lines: 7, already_imported: 7, confirmed: 0, review: 0 });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.schoolId, school))).toHaveLength(before.length);
    const stored = await t.ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.schoolId, school));
    expect(stored).toHaveLength(7);
  });

  it("credits nothing by itself when the narration carries two children's codes, and asks which", async () => {
    const response = await upload(
      statementCsv([
        ['25/11/2026', `TRF/${ada.paymentCode} AND ${bola.paymentCode} FEES`, '', '5,000.00', '1,220,950.00'],
      ]),
      'two-codes.csv',
    );
    expect(response.json().data).toMatchObject({ lines: 1, confirmed: 0, review: 1 });
    const { lines } = (await linesIn('review')).json().data;
    const line = lines.find((row: { narration: string }) => row.narration.includes(' AND '));
    expect(
      line.candidates.map((candidate: { student: { _id: string }; strength: string }) => candidate.strength),
    ).toEqual(['exact', 'exact']);
    expect(line.candidates.map((candidate: { student: { _id: string } }) => candidate.student._id).sort()).toEqual(
      [ada.id, bola.id].sort(),
    );
  });

  it('asks for the columns of a file whose headers it does not know, then remembers them for the account', async () => {
    const odd = (narration: string, day: string) =>
      Buffer.from(
        [
          'Account Number,0123456789',
          'When,Particulars of the transaction,Money out,Money in,Running total',
          `${day},"${narration}",,"4,000.00","2,000,000.00"`,
        ].join('\r\n'),
      );
    const refused = await upload(odd('TRF FROM A GUARDIAN 1', '26/11/2026'), 'odd.csv');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('STATEMENT_COLUMNS_NEEDED');

    const columnsBody = await multipart({ school_id: school }, [
      {
        field: 'file',
        filename: 'odd.csv',
        contentType: 'text/csv',
        content: odd('TRF FROM A GUARDIAN 1', '26/11/2026'),
      },
    ]);
    const columns = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bank-statements/columns',
      headers: { ...bursar, ...columnsBody.headers },
      payload: columnsBody.payload,
    });
    expect(columns.statusCode, columns.body).toBe(200);
    expect(columns.json().data).toMatchObject({ format: 'csv', mapping: null });
    expect(columns.json().data.rows[1]).toEqual([
      'When',
      'Particulars of the transaction',
      'Money out',
      'Money in',
      'Running total',
    ]);

    const mapping = {
      headerRow: 2,
      date: 'When',
      narration: ['Particulars of the transaction'],
      debit: 'Money out',
      credit: 'Money in',
      balance: 'Running total',
      dateOrder: 'DMY',
    };
    const chosenBody = await multipart({ school_id: school, mapping: JSON.stringify(mapping) }, [
      {
        field: 'file',
        filename: 'odd.csv',
        contentType: 'text/csv',
        content: odd('TRF FROM A GUARDIAN 1', '26/11/2026'),
      },
    ]);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bank-statements',
      headers: { ...bursar, ...chosenBody.headers },
      payload: chosenBody.payload,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ lines: 1, unmatched: 1 });
    // Next month's file from the same account reads with the columns chosen, without asking.
    const next = await upload(odd('TRF FROM A GUARDIAN 2', '27/11/2026'), 'odd-next.csv');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toMatchObject({ lines: 1, unmatched: 1, already_imported: 0 });
  });

  it("suggests the student a sender's account was credited to before, without crediting it", async () => {
    const sender = '2209876543';
    const first = await upload(
      statementCsv([['27/11/2026', `NIP: MUSA IBRAHIM -${sender}/000013261127`, '', '6,000.00', '1,226,950.00']]),
      'sender-1.csv',
    );
    expect(first.json().data).toMatchObject({ unmatched: 1 });
    const { lines } = (await linesIn('unmatched')).json().data;
    const line = lines.find((row: { narration: string }) => row.narration.includes(sender));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bank-statements/lines/${line._id}/confirm`,
      headers: bursar,
      payload: { student_id: chidi.id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const again = await upload(
      statementCsv([['28/11/2026', `NIP: MUSA IBRAHIM -${sender}/000013261128`, '', '6,000.00', '1,232,950.00']]),
      'sender-2.csv',
    );
    expect(again.json().data).toMatchObject({ confirmed: 0, review: 1 });
    const waiting = (await linesIn('review'))
      .json()
      .data.lines.find((row: { narration: string }) => row.narration.endsWith('1128'));
    expect(waiting.candidates).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ _id: chidi.id }),
        strength: 'likely',
        reasons: [`the sender's account ${sender} paid Chidi Eze's fees before`],
      }),
    ]);
  });

  it("keeps another school's bursar out, and says what to upload for a file it cannot read", async () => {
    expect((await linesIn('review', otherBursar)).statusCode).toBe(404);
    const [line] = await t.ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.schoolId, school));
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bank-statements/lines/${line!.id}/confirm`,
      headers: otherBursar,
      payload: { student_id: chidi.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('BANK_LINE_NOT_FOUND');

    const pdf = await upload(Buffer.from('%PDF-1.7\n'), 'statement.pdf');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual([
      {
        field: 'file',
        message: 'PDF statements cannot be read yet. Download the statement from your bank as Excel (.xlsx) or CSV.',
      },
    ]);
  });

  it('puts a bank reversal of a credited line before the bursar, naming the receipts, and sets it aside once handled', async () => {
    const narration = `NIP/GTB/NGOZI NWOSU/${ada.paymentCode} LEVY REV-TEST`;
    const credited = await upload(statementCsv([['26/11/2026', narration, '', '3,000.00', '1,003,000.00']]));
    expect(credited.json().data).toMatchObject({ confirmed: 1 });
    const [original] = await t.ctx.db
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.schoolId, school), eq(bankStatementLines.narration, narration)));
    const receipts = (
      await t.ctx.db
        .select({ receiptNo: payments.receiptNo })
        .from(payments)
        .where(inArray(payments.id, original!.paymentIds!))
    ).map((row) => row.receiptNo);
    expect(receipts.length).toBeGreaterThan(0);

    const reversed = await upload(
      statementCsv([['28/11/2026', `REV/${narration}`, '3,000.00', '', '997,000.00']]),
      'reversal.csv',
    );
    expect(reversed.json().data).toMatchObject({ lines: 1, review: 1 });
    const [line] = await t.ctx.db
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.schoolId, school), eq(bankStatementLines.narration, `REV/${narration}`)));
    expect(line).toMatchObject({ status: 'review', direction: 'debit' });
    expect(line!.note).toBe(
      `The bank took back the ₦3,000.00 credited on 26 Nov 2026 to Ada Nwosu's fees (receipts ${[...receipts].sort().join(', ')}): the money is no longer the school's. Refund those payments, then mark this line as handled.`,
    );
    // Money out of the account credits no one.
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bank-statements/lines/${line!.id}/confirm`,
      headers: bursar,
      payload: { student_id: ada.id },
    });
    expect(confirm.statusCode).toBe(409);
    const handled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bank-statements/lines/${line!.id}/reject`,
      headers: bursar,
      payload: {},
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().data).toMatchObject({
      status: 'ignored',
      note: 'Handled: the payments it took back were refunded.',
    });
  });
});
