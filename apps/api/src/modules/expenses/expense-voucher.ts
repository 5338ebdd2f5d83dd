import {
  amountInWords,
  displayName,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_PAYEE_KIND_LABELS,
  formatCalendarDate,
  formatKobo,
  LAGOS,
  type NameParts,
  PAYOUT_METHOD_LABELS,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import {
  type AnySection,
  generatedLine,
  type Letterhead,
  type ReportDocument,
  toPdf,
} from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { schoolLetterhead } from '../reports/letterhead.service.js';
import { expenseNotFound, payoutNotFound } from './expenses.errors.js';
import { fixedAccount } from './expenses.presenters.js';
import { type ExpenseRow, expensesWhere, findExpense, voucherFacts } from './expenses.queries.js';

type Facts = NonNullable<Awaited<ReturnType<typeof voucherFacts>>>;

/** A signature is signed by hand on the printed voucher. */
const SIGNATURE_LINE = '________________________';

type Line = { item: string; detail: string };
const lines = (entries: [string, string | null | undefined][]): Line[] =>
  entries.filter((entry): entry is [string, string] => Boolean(entry[1])).map(([item, detail]) => ({ item, detail }));
const details = (title: string, rows: Line[]): AnySection => ({
  title,
  columns: [
    { key: 'item', header: 'Item', kind: 'text', width: 12 },
    { key: 'detail', header: 'Detail', kind: 'text', width: 40 },
  ],
  rows,
});

const nameOf = (person: { id: string | null } & Partial<NameParts>) =>
  person.id ? displayName(person as NameParts) : '';
const dayOf = (at: Date | null) => (at ? formatCalendarDate(todayIn(LAGOS, at)) : '');

/**
 * The payment voucher of one payout as a document of the report writer, so it carries the
 * school's letterhead and prints like every other file: what was paid, to whom (with the bank
 * account it went to), the amount in figures and in words, and the lines the people involved sign.
 */
function voucherDocument(row: ExpenseRow, facts: Facts, letterhead: Letterhead | null, auth: AuthContext, now: Date) {
  const { expense } = row;
  const { payout } = facts;
  const reversal = payout.amountKobo < 0n;
  const amount = reversal ? -payout.amountKobo : payout.amountKobo;
  const title = reversal ? 'Payment voucher: reversal' : 'Payment voucher';
  // What was paid, from the payout's own row: a later change of the vendor's bank details does not
  // rewrite where this money went.
  const account = fixedAccount(payout);
  const payee: [string, string | null][] = [
    ['Payee', payout.payeeName],
    ['Payee type', EXPENSE_PAYEE_KIND_LABELS[expense.payeeKind]],
  ];
  if (account) {
    payee.push(
      ['Bank', account.bankName],
      ['Account number', account.accountNumber],
      ['Account name', account.accountName],
    );
  }
  const document: ReportDocument = {
    title,
    letterhead,
    subtitle: [
      `Voucher ${payout.voucherNo} · ${formatCalendarDate(payout.paidOn)}`,
      `${row.school.name} · ${row.term.name}, ${row.session.name}`,
      generatedLine(auth.row.user, auth.roles, now),
    ],
    orientation: 'portrait',
    sections: [
      details(
        'Voucher',
        lines([
          ['Voucher number', payout.voucherNo],
          ['Date paid', formatCalendarDate(payout.paidOn)],
          ['Reverses voucher', facts.reverses?.voucherNo],
          ['Expense reference', expense.reference],
          ['Expense', expense.title],
          ['Category', EXPENSE_CATEGORY_LABELS[expense.category]],
          ['Term', `${row.term.name}, ${row.session.name}`],
        ]),
      ),
      details('Paid to', lines(payee)),
      details(
        reversal ? 'Amount reversed' : 'Amount paid',
        lines([
          ['In figures', formatKobo(amount)],
          ['In words', amountInWords(amount)],
          ['Method', PAYOUT_METHOD_LABELS[payout.method]],
          ['Reference', payout.reference],
          [reversal ? 'Reason' : 'Note', payout.note],
        ]),
      ),
      {
        title: 'Approval and signatures',
        columns: [
          { key: 'role', header: '', kind: 'text', width: 12 },
          { key: 'name', header: 'Name', kind: 'text', width: 16 },
          { key: 'date', header: 'Date', kind: 'text', width: 10 },
          { key: 'signature', header: 'Signature', kind: 'text', width: 16 },
        ],
        rows: [
          {
            role: 'Requested by',
            name: nameOf(row.createdBy),
            date: dayOf(expense.createdAt),
            signature: SIGNATURE_LINE,
          },
          {
            role: 'Approved by',
            name: nameOf(row.decidedBy),
            date: dayOf(expense.decidedAt),
            signature: SIGNATURE_LINE,
          },
          {
            role: reversal ? 'Reversed by' : 'Paid by',
            name: nameOf(facts.paidBy),
            date: formatCalendarDate(payout.paidOn),
            signature: SIGNATURE_LINE,
          },
          { role: 'Received by', name: reversal ? '' : payout.payeeName, date: '', signature: SIGNATURE_LINE },
        ],
      },
    ],
  };
  return document;
}

/**
 * The payment voucher (PDF) of a payout of an expense the caller may see. Staff taking a copy of
 * a money document is on the trail, as with receipts.
 */
export async function renderVoucher(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  payoutId: string,
  actor: Actor,
): Promise<{ voucherNo: string; pdf: Buffer }> {
  const row = await findExpense(ctx.db, expensesWhere(auth.scope), id);
  if (!row) throw expenseNotFound();
  const facts = await voucherFacts(ctx.db, id, payoutId);
  if (!facts) throw payoutNotFound();
  const document = voucherDocument(row, facts, await schoolLetterhead(ctx, row.school.id), auth, ctx.clock());
  await recordAudit(ctx.db, actor, {
    action: 'download',
    entity: 'expense_payout',
    entityId: facts.payout.id,
    schoolId: row.school.id,
    after: { voucherNo: facts.payout.voucherNo },
  });
  return { voucherNo: facts.payout.voucherNo, pdf: await toPdf(document) };
}
