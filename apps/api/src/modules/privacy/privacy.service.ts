import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  confirmsName,
  ERASED_NAME,
  type ErasedUser,
  type EraseUserRequest,
  erasedEmailOf,
  erasureRefusal,
  MY_DATA_MONTHS,
  type MyData,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { revokeUserTokens } from '../auth/auth.queries.js';
import { ledgersOf } from '../fees/fee-ledger.queries.js';
import { forgetPhoneOf } from '../messaging/consents.queries.js';
import { myPhone } from '../messaging/consents.service.js';
import { messagesTo } from '../messaging/outbox.queries.js';
import { userNotFound } from '../users/users.errors.js';
import { lockUsers } from '../users/users.queries.js';
import { assertMayChange } from '../users/users.service.js';
import { myDataPdf } from './my-data-pdf.js';
import { erasureNameMismatch, erasureRefused } from './privacy.errors.js';
import {
  toMyAuditEntries,
  toMyFamilyCredit,
  toMyNotices,
  toMyPerson,
  toMySignIns,
  toMyStudent,
} from './privacy.presenters.js';
import {
  auditEntriesOf,
  childrenOf,
  deleteEmailsTo,
  deleteNoticesAbout,
  deletePasswordResetTokens,
  deletePayerLinks,
  erasePersonRow,
  eraseStudentRecord,
  familyCreditOf,
  feesOfStudent,
  findPerson,
  forgetSignInEmails,
  MY_DATA_ROW_LIMIT,
  noticesOf,
  type PersonRow,
  paymentsOf,
  renameVirtualAccounts,
  signInsOf,
} from './privacy.queries.js';

const NOTES = [
  `Notifications, emails, SMS and WhatsApp messages, sign-ins and audit trail entries cover the last ${MY_DATA_MONTHS} months, newest first, at most ${MY_DATA_ROW_LIMIT.toLocaleString('en-NG')} of each.`,
  'Audit trail entries are listed by what happened and when; what other people did or hold is left out.',
  'Amounts are in naira. Payments include those that failed or were never completed.',
];

/** The fees that apply to a student in the caller's schools, each with what was adjusted and paid. */
async function feesOf(ctx: AppContext, auth: AuthContext, studentId: string) {
  const rows = await feesOfStudent(ctx.db, auth.scope, studentId);
  return {
    rows,
    ledgers: await ledgersOf(
      ctx.db,
      studentId,
      rows.map((row) => row.fee.id),
    ),
  };
}

/**
 * Everything SchoolLedger holds about the caller and, for a parent, their linked children: the
 * use case behind both downloads (JSON and PDF), and the audit row that says it was taken.
 */
export async function myData({
  ctx,
  auth,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
}): Promise<MyData> {
  const now = ctx.clock();
  const me = await findPerson(ctx.db, auth.userId);
  const children = auth.roles.includes('Parent') ? await childrenOf(ctx.db, auth.scope, auth.userId) : [];
  const students: PersonRow[] = [...(auth.roles.includes('Student') ? [me] : []), ...children];
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - MY_DATA_MONTHS);
  const [payments, fees, credit, notices, signIns, audits, phone, messages] = await Promise.all([
    paymentsOf(
      ctx.db,
      auth.scope,
      students.map((student) => student.user.id),
    ),
    Promise.all(students.map((student) => feesOf(ctx, auth, student.user.id))),
    auth.roles.includes('Parent') ? familyCreditOf(ctx.db, auth.userId) : Promise.resolve([]),
    noticesOf(ctx.db, auth.userId, now, MY_DATA_MONTHS),
    signInsOf(ctx.db, auth.userId, now, MY_DATA_MONTHS),
    auditEntriesOf(ctx.db, auth.userId, now, MY_DATA_MONTHS),
    myPhone(ctx, auth.userId),
    messagesTo(ctx.db, { userId: auth.userId, since, limit: MY_DATA_ROW_LIMIT }),
  ]);
  const accounts = students.map((student, index) => toMyStudent(student, fees[index]!, payments));
  await recordAudit(ctx.db, actor, {
    action: 'privacy.data_exported',
    entity: 'user',
    entityId: auth.userId,
    schoolId: auth.schoolId,
    after: { children: children.length },
  });
  return {
    generatedAt: now.toISOString(),
    notes: NOTES,
    profile: toMyPerson(me),
    student: auth.roles.includes('Student') ? accounts[0]! : null,
    children: auth.roles.includes('Student') ? accounts.slice(1) : accounts,
    familyCredit: toMyFamilyCredit(credit),
    notifications: toMyNotices(notices),
    phoneMessages: {
      consents: phone.consents,
      messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
    },
    signIns: toMySignIns(signIns),
    auditEntries: toMyAuditEntries(audits, auth.userId),
  };
}

/** The same download as a PDF a person can read and print. */
export async function myDataAsPdf(options: { ctx: AppContext; auth: AuthContext; actor: Actor }): Promise<Buffer> {
  return myDataPdf(await myData(options));
}

/** The uploaded picture an erased account pointed at, removed once the erasure is committed. */
async function removeUpload(uploadsDir: string, url: string | null) {
  if (!url?.startsWith('/uploads/')) return;
  const file = path.resolve(uploadsDir, url.slice('/uploads/'.length));
  if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) return;
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * Erases a student or parent who has left: their name, contacts, picture, school record details,
 * notices about them and sessions go, for good; the payments, receipts, refunds, family credit
 * and journal that the law keeps for six years stay, with their amounts, dates and numbers, under
 * the placeholder name. The audit trail is never edited (it is hash-chained): the erasure adds its
 * own row, naming only the account and who erased it.
 */
export async function eraseUser({
  ctx,
  auth,
  userId,
  input,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  userId: string;
  input: EraseUserRequest;
  actor: Actor;
}): Promise<ErasedUser> {
  const now = ctx.clock();
  const erased = await ctx.db.transaction(async (tx) => {
    const [target] = await lockUsers(tx, auth.scope, [userId]);
    if (!target) throw userNotFound();
    assertMayChange({ auth, target, remove: true });
    const refusal = erasureRefusal(target);
    if (refusal) throw erasureRefused(refusal);
    if (!confirmsName(input.confirmName, target)) throw erasureNameMismatch();

    const email = erasedEmailOf(target.id);
    await forgetPhoneOf(tx, target.id, now);
    await erasePersonRow(tx, target.id, { email });
    await eraseStudentRecord(tx, target.id);
    await deleteNoticesAbout(tx, target.id);
    await deleteEmailsTo(tx, target.email);
    await forgetSignInEmails(tx, target.id, target.email, email);
    await deletePasswordResetTokens(tx, target.id);
    await deletePayerLinks(tx, target.id);
    await renameVirtualAccounts(tx, target.id);
    await revokeUserTokens(tx, target.id, now);
    await recordAudit(tx, actor, {
      action: 'user.erased',
      entity: 'user',
      entityId: target.id,
      schoolId: target.schoolId,
    });
    return { target, email };
  });
  await removeUpload(ctx.config.uploadsDir, erased.target.profilePicture);
  return {
    _id: erased.target.id,
    name: ERASED_NAME,
    email: erased.email,
    status: erased.target.status,
    erasedAt: now.toISOString(),
  };
}
