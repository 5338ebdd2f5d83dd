import { type BankAccount, displayName, type Expense, type ExpenseDetail } from '@schoolledger/domain';
import type { ExpenseAttachmentRow, ExpenseEventRow, ExpensePayoutRow, ExpenseRow } from './expenses.queries.js';

type Person = { id: string | null; firstname: string | null; middlename: string | null; lastname: string | null };

/** A left-joined person: null when there is none. */
const personOf = (person: Person | null) => (person?.id ? { _id: person.id, name: displayName(person) } : null);
const voucherOf = (payout: { id: string | null; voucherNo: string | null } | null) =>
  payout?.id && payout.voucherNo ? { _id: payout.id, voucherNo: payout.voucherNo } : null;

type PayeeColumns = {
  payeeBankCode: string | null;
  payeeBankName: string | null;
  payeeAccountNumber: string | null;
  payeeAccountName: string | null;
};

/** The bank account fixed on an expense or a payout, if one was. */
export function fixedAccount(row: PayeeColumns): BankAccount | null {
  if (row.payeeBankCode === null || row.payeeAccountNumber === null) return null;
  return {
    bankCode: row.payeeBankCode,
    bankName: row.payeeBankName ?? '',
    accountNumber: row.payeeAccountNumber,
    accountName: row.payeeAccountName ?? '',
  };
}

/** Fixed by approval; before it, the vendor's approved account, which approval would fix. */
function payeeAccount(row: ExpenseRow): { account: BankAccount | null; accountFixed: boolean } {
  const fixed = fixedAccount(row.expense);
  if (fixed) return { account: fixed, accountFixed: true };
  const { vendor } = row;
  if (!vendor) return { account: null, accountFixed: false };
  const { bankCode, bankName, accountNumber, accountName } = vendor;
  return { account: { bankCode, bankName, accountNumber, accountName }, accountFixed: false };
}

export function toExpense(row: ExpenseRow): Expense {
  const { expense } = row;
  return {
    _id: expense.id,
    reference: expense.reference,
    title: expense.title,
    description: expense.description,
    category: expense.category,
    amount: expense.amountKobo,
    paid: expense.paidKobo,
    remaining: expense.amountKobo - expense.paidKobo,
    status: expense.status,
    school: { _id: row.school.id, name: row.school.name },
    session: { _id: row.session.id, name: row.session.name },
    term: { _id: row.term.id, name: row.term.name },
    payee: {
      kind: expense.payeeKind,
      name: expense.payeeName,
      user: personOf(row.payeeUser),
      vendor: row.vendor?.id ? { _id: row.vendor.id, name: row.vendor.name } : null,
      ...payeeAccount(row),
    },
    dueDate: expense.dueDate,
    needsProprietor: expense.needsProprietor,
    attachmentCount: row.attachmentCount,
    createdBy: personOf(row.createdBy),
    createdAt: expense.createdAt.toISOString(),
    submittedAt: expense.submittedAt?.toISOString() ?? null,
    decidedBy: personOf(row.decidedBy),
    decidedAt: expense.decidedAt?.toISOString() ?? null,
    rejectionReason: expense.rejectionReason,
    cancellationReason: expense.cancellationReason,
  };
}

export function toExpenseDetail(
  row: ExpenseRow,
  attachments: ExpenseAttachmentRow[],
  payouts: ExpensePayoutRow[],
  events: ExpenseEventRow[],
): ExpenseDetail {
  return {
    ...toExpense(row),
    attachments: attachments.map(({ attachment, uploadedBy }) => ({
      _id: attachment.id,
      kind: attachment.kind,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      size: attachment.sizeBytes,
      uploadedBy: personOf(uploadedBy),
      createdAt: attachment.createdAt.toISOString(),
    })),
    payouts: payouts.map(({ payout, reverses, reversedBy, createdBy }) => ({
      _id: payout.id,
      voucherNo: payout.voucherNo,
      amount: payout.amountKobo,
      method: payout.method,
      reference: payout.reference,
      paidOn: payout.paidOn,
      payee: { name: payout.payeeName, account: fixedAccount(payout) },
      note: payout.note,
      reverses: voucherOf(reverses),
      reversedBy: voucherOf(reversedBy),
      createdBy: personOf(createdBy),
      createdAt: payout.createdAt.toISOString(),
    })),
    history: events.map(({ event, actor }) => ({
      _id: event.id,
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      note: event.note,
      actor: personOf(actor),
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
