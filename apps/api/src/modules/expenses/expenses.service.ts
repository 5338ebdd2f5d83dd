import {
  can,
  displayName,
  EXPENSE_ATTACHMENT_KIND_LABELS,
  type ExpenseDetail,
  type ExpenseInput,
  type ExpenseTransition,
  type expenseListQuerySchema,
  type expensePayeeQuerySchema,
  expenseTransition,
  isExpenseEditable,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope, assertSchoolInScope } from '../../plugins/tenancy.js';
import { type Actor, type AuditEntry, recordAudit } from '../audit/audit.queries.js';
import { findSessionOfSchool } from '../fees/fees.queries.js';
import type { MultipartForm } from '../files/image-upload.js';
import {
  privateFile,
  removePrivateDocument,
  SELECT_DOCUMENT,
  storePrivateDocument,
} from '../files/private-documents.service.js';
import { findPayableVendor } from '../vendors/vendors.queries.js';
import {
  ATTACHMENT_FIELD,
  acceptsDocuments,
  attachmentKindOf,
  attachmentName,
  releasesDocuments,
} from './expense-attachments.js';
import { notifyExpenseDecided, notifyExpenseSubmitted, type StepActor } from './expense-notices.js';
import {
  attachmentNotFound,
  documentsClosed,
  documentsFixed,
  editedExpenseApproval,
  expenseNotFound,
  needsProprietor,
  notEditable,
  ownExpenseApproval,
  payeeExpenseApproval,
  payeeNotStaff,
  schoolFixed,
  sessionNotOfSchool,
  termNotOfSession,
  transitionNotAllowed,
  vendorNotPayable,
} from './expenses.errors.js';
import { toExpense, toExpenseDetail } from './expenses.presenters.js';
import {
  countExpenses,
  deleteAttachmentRow,
  type ExpenseRecord,
  type ExpenseValues,
  expensesWhere,
  findAttachment,
  findExpense,
  findSchoolGroup,
  findStaffMember,
  insertAttachment,
  insertEvent,
  insertExpense,
  listAttachments,
  listEvents,
  listExpenses,
  listPayouts,
  listStaff,
  lockExpense,
  nextExpenseNumber,
  proprietorThreshold,
  termOfSession,
  updateExpense,
  vendorAccount,
} from './expenses.queries.js';

type ListQuery = z.output<typeof expenseListQuerySchema>;
type PayeeQuery = z.output<typeof expensePayeeQuerySchema>;

export const EXPENSE = {
  loaded: 'Expenses loaded',
  created: 'Expense recorded as a draft. Submit it when it is ready for approval.',
  updated: 'Expense updated',
  attached: 'Document attached',
  detached: 'Document removed',
  steps: {
    submit: 'Expense submitted for approval',
    approve: 'Expense approved',
    reject: 'Expense rejected',
    reopen: 'Expense reopened as a draft',
    cancel: 'Expense cancelled',
  },
} as const;

export const inScope = (auth: AuthContext) => expensesWhere(auth.scope);

/** What the trail keeps of an expense, before and after each change. */
export const auditableExpense = (row: ExpenseRecord) => ({
  reference: row.reference,
  title: row.title,
  category: row.category,
  amountKobo: row.amountKobo.toString(),
  paidKobo: row.paidKobo.toString(),
  status: row.status,
  termId: row.termId,
  payeeKind: row.payeeKind,
  payeeName: row.payeeName,
  payeeUserId: row.payeeUserId,
  vendorId: row.vendorId,
  payeeBankName: row.payeeBankName,
  payeeAccountNumber: row.payeeAccountNumber,
  payeeAccountName: row.payeeAccountName,
  dueDate: row.dueDate,
  needsProprietor: row.needsProprietor,
});

/**
 * The trail's entry of a step on an expense (its creation has no before); the demo's history
 * writes its past steps with it too, so they read as the ones the app writes.
 */
export const expenseAuditEntry = (
  action: 'create' | ExpenseTransition['action'],
  before: ExpenseRecord | null,
  after: ExpenseRecord,
  reason: string | null = null,
): AuditEntry => ({
  action: `expense.${action}`,
  entity: 'expense',
  entityId: after.id,
  schoolId: after.schoolId,
  before: before && auditableExpense(before),
  after: { ...auditableExpense(after), ...(reason ? { reason } : {}) },
});

/** Above a school's threshold only a proprietor, or the admin, approves. */
const mayApproveAbovePolicy = (auth: AuthContext) => auth.roles.includes('Proprietor') || auth.roles.includes('Admin');

const stepActorOf = (auth: AuthContext): StepActor => ({ id: auth.userId, name: displayName(auth.row.user) });

export const formatReference = (prefix: 'EXP' | 'PV', n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

export async function listExpensePage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const awaiting =
    query.awaiting_me && can(auth.roles, 'expenses.approve')
      ? { userId: auth.userId, abovePolicy: mayApproveAbovePolicy(auth) }
      : undefined;
  const where = expensesWhere(auth.scope, {
    schoolId: query.school_id,
    termId: query.term_id,
    status: query.status,
    category: query.category,
    vendorId: query.vendor_id,
    search: query.search,
    awaiting,
  });
  // Someone who cannot approve has nothing waiting for them.
  const none = query.awaiting_me && !awaiting;
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = none
    ? [[], 0]
    : await Promise.all([listExpenses(ctx.db, where, { limit: query.limit, offset }), countExpenses(ctx.db, where)]);
  return {
    expenses: rows.map(toExpense),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** An expense with its documents, payouts and history, as the caller may see it. */
export async function getExpense(ctx: AppContext, auth: AuthContext, id: string): Promise<ExpenseDetail> {
  const row = await findExpense(ctx.db, inScope(auth), id);
  if (!row) throw expenseNotFound();
  const [attachments, payouts, events] = await Promise.all([
    listAttachments(ctx.db, id),
    listPayouts(ctx.db, id),
    listEvents(ctx.db, id),
  ]);
  return toExpenseDetail(row, attachments, payouts, events);
}

export async function listPayees(ctx: AppContext, auth: AuthContext, query: PayeeQuery) {
  assertSchoolInScope(auth.scope, query.school_id);
  const staff = await listStaff(ctx.db, query.school_id, query.search);
  return {
    payees: staff.map((person) => ({
      _id: person.id,
      name: displayName(person),
      email: person.email,
      roles: person.roles,
    })),
  };
}

/** Who is paid, as kept on the row: a staff member's or vendor's name is the one they had when chosen. */
async function payeeOf(db: DbOrTx, input: ExpenseInput) {
  if (input.payee_kind === 'staff') {
    const member = input.payee_user_id ? await findStaffMember(db, input.school_id, input.payee_user_id) : undefined;
    if (!member) throw payeeNotStaff();
    return { payeeUserId: member.id, vendorId: null, payeeName: displayName(member) };
  }
  if (input.payee_kind === 'vendor') {
    const school = await findSchoolGroup(db, input.school_id);
    const vendor =
      school && input.vendor_id ? await findPayableVendor(db, school.groupSchoolId, input.vendor_id) : undefined;
    if (!vendor) throw vendorNotPayable();
    return { payeeUserId: null, vendorId: vendor.id, payeeName: vendor.name };
  }
  return { payeeUserId: null, vendorId: null, payeeName: input.payee_name ?? '' };
}

/**
 * The columns a request's form decides, once its references are checked: the term is of the
 * session and the session of the school, a staff payee works at the school, a vendor is an active
 * one of the school's group.
 */
async function checkedValues(db: DbOrTx, input: ExpenseInput) {
  if (!(await findSessionOfSchool(db, input.school_id, input.session_id))) throw sessionNotOfSchool();
  if (!(await termOfSession(db, input.term_id, input.session_id))) throw termNotOfSession();
  return {
    sessionId: input.session_id,
    termId: input.term_id,
    title: input.title,
    description: input.description || null,
    category: input.category,
    amountKobo: input.amount,
    payeeKind: input.payee_kind,
    ...(await payeeOf(db, input)),
    dueDate: input.due_date ?? null,
  } satisfies Partial<ExpenseValues>;
}

/** A bursar or principal records a request as a draft, under the school's next reference. */
export async function createExpense(
  ctx: AppContext,
  auth: AuthContext,
  input: ExpenseInput,
  actor: Actor,
): Promise<ExpenseDetail> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
  const values = await checkedValues(ctx.db, input);
  const id = await ctx.db.transaction(async (tx) => {
    const reference = formatReference('EXP', await nextExpenseNumber(tx, input.school_id, 'expense'));
    const row = await insertExpense(tx, {
      ...values,
      schoolId: input.school_id,
      reference,
      status: 'draft',
      createdBy: auth.userId,
    });
    await insertEvent(tx, {
      expenseId: row.id,
      schoolId: row.schoolId,
      action: 'create',
      toStatus: 'draft',
      actorId: auth.userId,
    });
    await recordAudit(tx, actor, expenseAuditEntry('create', null, row));
    return row.id;
  });
  return getExpense(ctx, auth, id);
}

/**
 * Who has changed what is paid or to whom since the request was recorded, with `userId` when this
 * edit changes either: kept for good (a reopened draft too), since none of them may decide it.
 */
function editorsAfter(
  before: ExpenseRecord,
  values: Pick<ExpenseRecord, 'amountKobo' | 'payeeKind' | 'payeeUserId' | 'vendorId' | 'payeeName'>,
  userId: string,
) {
  const changed =
    before.amountKobo !== values.amountKobo ||
    before.payeeKind !== values.payeeKind ||
    before.payeeUserId !== values.payeeUserId ||
    before.vendorId !== values.vendorId ||
    before.payeeName !== values.payeeName;
  const editors = before.amountPayeeEditors;
  return changed && !editors.includes(userId) ? [...editors, userId] : editors;
}

/** Only a draft is edited; its school stays, since its reference is the school's. */
export async function editExpense(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: ExpenseInput,
  actor: Actor,
): Promise<ExpenseDetail> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockExpense(tx, inScope(auth), id);
    if (!before) throw expenseNotFound();
    if (!isExpenseEditable(before.status)) throw notEditable();
    if (input.school_id !== before.schoolId) throw schoolFixed();
    const values = await checkedValues(tx, input);
    const after = await updateExpense(tx, id, {
      ...values,
      amountPayeeEditors: editorsAfter(before, values, auth.userId),
    });
    await insertEvent(tx, { expenseId: id, schoolId: before.schoolId, action: 'update', actorId: auth.userId });
    await recordAudit(tx, actor, {
      action: 'expense.update',
      entity: 'expense',
      entityId: id,
      schoolId: before.schoolId,
      before: auditableExpense(before),
      after: auditableExpense(after),
    });
  });
  return getExpense(ctx, auth, id);
}

/** The columns a step sets besides the status. */
async function changesOf(tx: Tx, now: Date, before: ExpenseRecord, step: ExpenseTransition, userId: string) {
  switch (step.action) {
    case 'submit': {
      const threshold = await proprietorThreshold(tx, before.schoolId);
      return {
        submittedBy: userId,
        submittedAt: now,
        needsProprietor: threshold !== null && before.amountKobo > threshold,
      };
    }
    case 'approve':
      // A vendor's approved bank account is fixed with the approval: its payouts go there, whatever
      // is later proposed or approved for the vendor.
      return {
        decidedBy: userId,
        decidedAt: now,
        ...(before.vendorId ? await vendorAccount(tx, before.vendorId) : {}),
      };
    case 'reject':
      return { decidedBy: userId, decidedAt: now, rejectionReason: step.reason };
    case 'reopen':
      // Back to a draft: the earlier submission and decision stay in the history only.
      return {
        submittedBy: null,
        submittedAt: null,
        decidedBy: null,
        decidedAt: null,
        rejectionReason: null,
        needsProprietor: false,
      };
    case 'cancel':
      return { cancellationReason: step.reason };
  }
}

/** A name's words, lower case and sorted: "MUSA  Ibrahim" and "Ibrahim Musa" are the same person. */
const nameWords = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean).sort().join(' ');

/**
 * The approver is who is paid: the staff payee, or a payee typed by hand under the approver's
 * own name (with or without the middle name, in any order).
 */
function isPayee(expense: ExpenseRecord, auth: AuthContext) {
  if (expense.payeeUserId === auth.userId) return true;
  if (expense.payeeKind !== 'other') return false;
  const { firstname, middlename, lastname } = auth.row.user;
  const typed = nameWords(expense.payeeName);
  return [`${firstname} ${lastname}`, `${firstname} ${middlename ?? ''} ${lastname}`].some(
    (name) => nameWords(name) === typed,
  );
}

/**
 * Four eyes on a decision: never by whoever recorded or submitted the request, changed its amount
 * or payee at any time, or is paid by it.
 */
function assertFourEyes(expense: ExpenseRecord, auth: AuthContext) {
  if (expense.createdBy === auth.userId || expense.submittedBy === auth.userId) throw ownExpenseApproval();
  if (expense.amountPayeeEditors.includes(auth.userId)) throw editedExpenseApproval();
  if (isPayee(expense, auth)) throw payeeExpenseApproval();
}

/**
 * Above the school's threshold when it was submitted, or above it now: a threshold lowered while
 * the request waited applies to its approval too.
 */
async function aboveThreshold(tx: Tx, expense: ExpenseRecord) {
  if (expense.needsProprietor) return true;
  const threshold = await proprietorThreshold(tx, expense.schoolId);
  return threshold !== null && expense.amountKobo > threshold;
}

/**
 * A person's step on a request (see the domain's `expenseTransition`). Approving and rejecting
 * are four-eyes decisions (see `assertFourEyes`), and above the school's threshold only a
 * proprietor (or the group's admin) approves.
 */
export async function transitionExpense(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  step: ExpenseTransition,
  actor: Actor,
): Promise<ExpenseDetail> {
  const decision = step.action === 'approve' || step.action === 'reject';
  if (!can(auth.roles, decision ? 'expenses.approve' : 'expenses.manage')) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const before = await lockExpense(tx, inScope(auth), id);
    if (!before) throw expenseNotFound();
    const status = expenseTransition(before.status, step.action);
    if (!status) throw transitionNotAllowed(before.status, step.action);
    if (decision) assertFourEyes(before, auth);
    if (step.action === 'approve' && !mayApproveAbovePolicy(auth) && (await aboveThreshold(tx, before))) {
      throw needsProprietor();
    }
    const after = await updateExpense(tx, id, {
      status,
      ...(await changesOf(tx, ctx.clock(), before, step, auth.userId)),
    });
    const reason = 'reason' in step ? step.reason : null;
    await insertEvent(tx, {
      expenseId: id,
      schoolId: before.schoolId,
      action: step.action,
      fromStatus: before.status,
      toStatus: status,
      note: reason,
      actorId: auth.userId,
    });
    await recordAudit(tx, actor, expenseAuditEntry(step.action, before, after, reason));
    if (step.action === 'submit') await notifyExpenseSubmitted(tx, ctx, after, stepActorOf(auth));
    else if (step.action !== 'reopen') {
      await notifyExpenseDecided(
        tx,
        ctx,
        after,
        { action: step.action, reason: reason ?? undefined },
        stepActorOf(auth),
      );
    }
  });
  return getExpense(ctx, auth, id);
}

/**
 * Adds an invoice, quotation or receipt, checked by its bytes and kept outside the public
 * folders. The expense is looked up before its upload is read, so another school's id is not found
 * whatever the file.
 */
export async function attachDocument(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  readForm: () => Promise<MultipartForm>,
  actor: Actor,
): Promise<ExpenseDetail> {
  const found = await findExpense(ctx.db, inScope(auth), id);
  if (!found) throw expenseNotFound();
  if (!acceptsDocuments(found.expense.status)) throw documentsClosed(found.expense.status);
  const form = await readForm();
  if (!form.file) throw fieldError(ATTACHMENT_FIELD, SELECT_DOCUMENT);
  const kind = attachmentKindOf(form.fields.kind);
  const stored = await storePrivateDocument(ctx, form.file.buffer, { folder: 'expenses', field: ATTACHMENT_FIELD });
  const fileName = attachmentName(form.file.filename, stored.extension);
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await lockExpense(tx, inScope(auth), id);
      if (!before) throw expenseNotFound();
      if (!acceptsDocuments(before.status)) throw documentsClosed(before.status);
      const row = await insertAttachment(tx, {
        expenseId: id,
        schoolId: before.schoolId,
        kind,
        filePath: stored.documentPath,
        fileName,
        contentType: stored.contentType,
        sizeBytes: form.file!.buffer.length,
        uploadedBy: auth.userId,
      });
      await insertEvent(tx, {
        expenseId: id,
        schoolId: before.schoolId,
        action: 'attachment_add',
        note: `${EXPENSE_ATTACHMENT_KIND_LABELS[kind]}: ${fileName}`,
        actorId: auth.userId,
      });
      await recordAudit(tx, actor, {
        action: 'expense.attachment_add',
        entity: 'expense',
        entityId: id,
        schoolId: before.schoolId,
        after: { attachmentId: row.id, kind, fileName, contentType: row.contentType, sizeBytes: row.sizeBytes },
      });
    });
  } catch (error) {
    await removePrivateDocument(ctx, stored.documentPath);
    throw error;
  }
  return getExpense(ctx, auth, id);
}

/** A stored document of an expense the caller may see, and where it lies. */
export async function documentOf(ctx: AppContext, auth: AuthContext, id: string, attachmentId: string) {
  if (!(await findExpense(ctx.db, inScope(auth), id))) throw expenseNotFound();
  const row = await findAttachment(ctx.db, id, attachmentId);
  if (!row) throw attachmentNotFound();
  return { file: privateFile(ctx, row.filePath), fileName: row.fileName, contentType: row.contentType };
}

/** Removes a document added by mistake, while the request is still a draft or waiting for approval. */
export async function detachDocument(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  attachmentId: string,
  actor: Actor,
): Promise<ExpenseDetail> {
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await lockExpense(tx, inScope(auth), id);
    if (!before) throw expenseNotFound();
    const row = await findAttachment(tx, id, attachmentId);
    if (!row) throw attachmentNotFound();
    if (!releasesDocuments(before.status)) throw documentsFixed();
    await deleteAttachmentRow(tx, attachmentId);
    await insertEvent(tx, {
      expenseId: id,
      schoolId: before.schoolId,
      action: 'attachment_remove',
      note: `${EXPENSE_ATTACHMENT_KIND_LABELS[row.kind]}: ${row.fileName}`,
      actorId: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'expense.attachment_remove',
      entity: 'expense',
      entityId: id,
      schoolId: before.schoolId,
      before: { attachmentId, kind: row.kind, fileName: row.fileName, contentType: row.contentType },
    });
    return row.filePath;
  });
  await removePrivateDocument(ctx, removed);
  return getExpense(ctx, auth, id);
}
