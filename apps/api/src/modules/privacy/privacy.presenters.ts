import { type MyData, type MyStudentData, owed, type Role } from '@schoolledger/domain';
import type { FeeRow } from '../fees/fees.queries.js';
import type { auditEntriesOf, familyCreditOf, noticesOf, PersonRow, paymentsOf, signInsOf } from './privacy.queries.js';

type Rows<T extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<T>>;
type Ledger = { reductions: bigint; lateFees: bigint; paid: bigint };

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A person's account as the download shows it: never the password or the sign-in bookkeeping. */
export function toMyPerson({ user, school, classArm }: PersonRow): MyData['profile'] {
  return {
    _id: user.id,
    firstname: user.firstname,
    middlename: user.middlename,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    address: user.address,
    roles: user.roles as Role[],
    status: user.status,
    school: school ? { _id: school.id, name: school.name } : null,
    regNo: user.regNo,
    classArm: classArm?.name ?? null,
    paymentCode: user.paymentCode,
    profilePicture: user.profilePicture,
    lastLogin: iso(user.lastLogin),
    createdAt: user.createdAt.toISOString(),
  };
}

function toRecord(record: PersonRow['record']): MyStudentData['record'] {
  if (!record) return null;
  return {
    dateOfBirth: record.dob,
    gender: record.gender,
    type: record.type,
    academicStatus: record.academicStatus,
    enrolledAt: record.enrolledAt,
    expectedGraduationYear: record.expectedGraduationYear,
    previousSchool: record.previousSchool,
    address: {
      street: record.street,
      city: record.city,
      state: record.state,
      country: record.country,
      postalCode: record.postalCode,
    },
    guardian: record.guardian,
    emergencyContact: record.emergencyContact,
  };
}

/** The fee's amount, its adjustments, what was paid and what is still owed, by the one rule of `owed()`. */
function toMyFee(row: FeeRow, ledger: Ledger): MyStudentData['fees'][number] {
  const parts = { amount: row.fee.amountKobo, ...ledger };
  return {
    feeId: row.fee.id,
    name: row.fee.name,
    school: row.school.name,
    session: row.session.name,
    term: row.term.name,
    amount: row.fee.amountKobo,
    reductions: ledger.reductions,
    lateFees: ledger.lateFees,
    paid: ledger.paid,
    outstanding: owed(parts),
  };
}

function toMyPayment({ payment, fee }: Rows<typeof paymentsOf>[number]): MyStudentData['payments'][number] {
  return {
    _id: payment.id,
    kind: payment.kind,
    fee: fee.name,
    amount: payment.amountKobo,
    method: payment.method,
    status: payment.status,
    reference: payment.reference,
    receiptNo: payment.receiptNo,
    refundOf: payment.refundOf,
    reason: payment.reason,
    paidAt: iso(payment.paidAt),
    createdAt: payment.createdAt.toISOString(),
  };
}

/** One student's part of the download: their account, record, fees and money. */
export function toMyStudent(
  person: PersonRow,
  fees: { rows: FeeRow[]; ledgers: Map<string, Ledger> },
  payments: Rows<typeof paymentsOf>,
): MyStudentData {
  const none = { reductions: 0n, lateFees: 0n, paid: 0n };
  return {
    person: toMyPerson(person),
    record: toRecord(person.record),
    fees: fees.rows.map((row) => toMyFee(row, fees.ledgers.get(row.fee.id) ?? none)),
    payments: payments.filter((row) => row.payment.studentId === person.user.id).map(toMyPayment),
  };
}

export const toMyFamilyCredit = (rows: Rows<typeof familyCreditOf>): MyData['familyCredit'] =>
  rows.map(({ entry, school }) => ({
    _id: entry.id,
    kind: entry.kind,
    amount: entry.amountKobo,
    school: school?.name ?? null,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));

export const toMyNotices = (rows: Rows<typeof noticesOf>): MyData['notifications'] =>
  rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    readAt: iso(row.readAt),
    createdAt: row.createdAt.toISOString(),
  }));

export const toMySignIns = (rows: Rows<typeof signInsOf>): MyData['signIns'] =>
  rows.map((row) => ({
    at: row.createdAt.toISOString(),
    success: row.success,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
  }));

export const toMyAuditEntries = (rows: Rows<typeof auditEntriesOf>, userId: string): MyData['auditEntries'] =>
  rows.map((row) => ({
    _id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    module: row.entity,
    recordId: row.entityId,
    as: row.actorId === userId ? 'actor' : 'subject',
  }));
