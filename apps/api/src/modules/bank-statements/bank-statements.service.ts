import {
  addDays,
  BANK_STATEMENT_ERROR_CODES,
  type BankLineStatus,
  type BankStatementColumns,
  type BankStatementImport,
  type BankStatementLine,
  type ConfirmBankLineInput,
  type StatementMapping,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { bankStatementLines } from '../../db/schema.js';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { inSchoolScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import type { PaymentRow } from '../ledger/payments.queries.js';
import { payFeesInOrder } from '../payments/transfers/pay-fees-in-order.service.js';
import { creditClaim } from '../payments/transfers/transfers.service.js';
import { matchSettlements } from '../settlements/settlements.service.js';
import { studentNotFound } from '../students/students.errors.js';
import { findStudent, visibleTo } from '../students/students.queries.js';
import {
  candidatesOf,
  insertNewLines,
  insertStatement,
  type LineValues,
  type ListedLine,
  learnPayers,
  lineCounts,
  lineOf,
  linesOf,
  lockLine,
  matchFactsOf,
  receiptsOf,
  savedMappingsOf,
  saveMapping,
  setAlreadyImported,
  updateLine,
} from './bank-statements.queries.js';
import { matchLine, nameIndex, REVERSAL_DAYS, senderAccountsIn } from './matching.js';
import { checkRunningBalance, lineFingerprint, parseStatement, readStatementTable } from './parsing/index.js';

type LineRow = typeof bankStatementLines.$inferSelect;

const lineNotFound = () => notFound('Statement line not found', BANK_STATEMENT_ERROR_CODES.bankLineNotFound);
/** The bank's day is known, not the hour: a credit is dated midday in Lagos (UTC+1, no DST). */
const middayOf = (day: string) => new Date(`${day}T12:00:00+01:00`);

/**
 * A bursar's upload of the school account's statement: read in any of its formats, its lines not
 * seen before stored once, each credit matched, and the certain ones credited at once (each in
 * its own transaction, so one that fails, say because the fee was paid meanwhile, waits for a
 * person with the reason, and the rest stand).
 */
export async function importStatement({
  ctx,
  auth,
  schoolId,
  file,
  mapping,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  schoolId: string;
  file: { buffer: Buffer; filename: string };
  /** The columns the bursar chose for a CSV or Excel file; else the account's saved ones, else the suggested. */
  mapping: StatementMapping | undefined;
  actor: Actor;
}): Promise<BankStatementImport> {
  const parsed = await readWithMapping({ ctx, schoolId, file, mapping });
  const format = parsed.format;
  if (!format || parsed.lines.length === 0) {
    if ((format === 'csv' || format === 'xlsx') && !mapping) {
      throw fieldError('file', COLUMNS_NEEDED, { code: BANK_STATEMENT_ERROR_CODES.statementColumnsNeeded });
    }
    throw fieldError('file', parsed.problems[0]?.message ?? 'The file holds no statement lines.');
  }
  const accountNumber = parsed.accountNumber ?? '';
  // A reversal takes back a credit of up to a month before it.
  const reversals = parsed.lines.filter((line) => line.reversal && line.direction === 'debit');
  const earliest = reversals.reduce<string | null>(
    (first, line) => (first === null || line.bookedOn < first ? line.bookedOn : first),
    null,
  );
  const facts = await matchFactsOf(ctx.db, schoolId, earliest && addDays(earliest, -REVERSAL_DAYS));
  const named = nameIndex(facts.students.values());
  const taken = new Set<string>();
  const seen = new Map<string, number>();
  /** The certain candidate of each line that has one, by its occurrence and fingerprint. */
  const certainOf = new Map<string, ConfirmBankLineInput>();
  const values: LineValues[] = parsed.lines.map((line) => {
    const fingerprint = lineFingerprint(parsed.accountNumber, line);
    const occurrence = (seen.get(fingerprint) ?? 0) + 1;
    seen.set(fingerprint, occurrence);
    const match = matchLine({ ...line, accountNumber }, facts, named, taken);
    if (match.certain?.claim) taken.add(match.certain.claim._id);
    if (match.certain) certainOf.set(`${occurrence}|${fingerprint}`, choiceOf(match.certain));
    return {
      schoolId,
      accountNumber,
      fingerprint,
      occurrence,
      position: line.position,
      bookedOn: line.bookedOn,
      direction: line.direction,
      amountKobo: line.amountKobo,
      narration: line.narration,
      reference: line.reference,
      balanceKobo: line.balanceKobo,
      reversal: line.reversal,
      settlement: match.settlement ?? false,
      status: match.status,
      note: match.note,
      candidates: match.candidates,
    };
  });
  const balanceBreaks = checkRunningBalance({ openingBalanceKobo: parsed.openingBalanceKobo, lines: parsed.lines });

  const { statement, fresh } = await ctx.db.transaction(async (tx) => {
    const statement = await insertStatement(tx, {
      schoolId,
      fileName: file.filename,
      format,
      accountNumber,
      lineCount: parsed.lines.length,
      alreadyImported: 0,
      problems: parsed.problems,
      balanceBreaks,
      uploadedBy: auth.userId,
    });
    const fresh = await insertNewLines(tx, statement.id, values);
    // The columns that read this account's statement, for its next upload.
    if (parsed.mapping)
      await saveMapping(tx, { schoolId, accountNumber, mapping: parsed.mapping, updatedBy: auth.userId });
    await setAlreadyImported(tx, statement.id, values.length - fresh.length);
    await recordAudit(tx, actor, {
      action: 'bank_statement.import',
      entity: 'bank_statement',
      entityId: statement.id,
      schoolId,
      after: {
        fileName: file.filename,
        format,
        accountNumber,
        lines: values.length,
        newLines: fresh.length,
        problems: parsed.problems.length,
        balanceBreaks,
      },
    });
    return { statement, fresh };
  });

  const tally: Record<BankLineStatus, number> = { confirmed: 0, review: 0, unmatched: 0, ignored: 0 };
  for (const line of fresh) {
    const certain = certainOf.get(`${line.occurrence}|${line.fingerprint}`);
    if (certain) {
      try {
        await decideLine({ ctx, auth, actor, id: line.id, choice: certain, automatic: true });
        tally.confirmed++;
        continue;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Certain who, but the money cannot go there as it stands: a person places it.
        await updateLine(ctx.db, line.id, { note: `Not credited by itself: ${error.message}` });
      }
    }
    tally[line.status]++;
  }
  // Settlement lines among the new ones may be what settlements already asked for were waiting for.
  if (fresh.some((line) => line.settlement)) await matchSettlements({ ctx, actor, schoolId });
  return {
    statement_id: statement.id,
    file_name: statement.fileName,
    format,
    account_number: parsed.accountNumber,
    lines: values.length,
    already_imported: values.length - fresh.length,
    problems: parsed.problems,
    balance_breaks: balanceBreaks,
    ...tally,
  };
}

const COLUMNS_NEEDED =
  "This file's columns were not recognised. Choose which column holds the date, the description and the amounts.";

/**
 * Reads the file with the columns given, else with the school's saved mappings (the account's
 * first) where the headers alone suggest none or a saved one reads the account's file, else the
 * suggested ones. A saved mapping that reads no line is passed over.
 */
async function readWithMapping({
  ctx,
  schoolId,
  file,
  mapping,
}: {
  ctx: AppContext;
  schoolId: string;
  file: { buffer: Buffer; filename: string };
  mapping: StatementMapping | undefined;
}) {
  const read = (chosen?: StatementMapping) =>
    parseStatement({ fileName: file.filename, bytes: file.buffer, ...(chosen && { mapping: chosen }) });
  const first = await read(mapping);
  if (mapping || (first.format !== 'csv' && first.format !== 'xlsx')) return first;
  for (const saved of await savedMappingsOf(ctx.db, schoolId, first.accountNumber)) {
    const isTheAccount = first.accountNumber !== null && saved.accountNumber === first.accountNumber;
    if (first.lines.length > 0 && (!isTheAccount || sameMapping(saved.mapping, first.mapping))) continue;
    const again = await read(saved.mapping);
    if (again.lines.length > 0) return again;
  }
  return first;
}

/** Two mappings that read a file alike (stored JSON comes back with its keys in another order). */
const sameMapping = (a: StatementMapping, b: StatementMapping | null) =>
  b !== null && JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/** A CSV or Excel statement's first rows and the mapping that would read it, for the mapping screen. */
export async function statementColumns({
  ctx,
  schoolId,
  file,
}: {
  ctx: AppContext;
  schoolId: string;
  file: { buffer: Buffer; filename: string };
}): Promise<BankStatementColumns> {
  const parsed = await readWithMapping({ ctx, schoolId, file, mapping: undefined });
  if (parsed.format !== 'csv' && parsed.format !== 'xlsx') {
    throw fieldError(
      'file',
      parsed.format
        ? 'Only CSV and Excel statements have columns to choose; this file is read as it is.'
        : (parsed.problems[0]?.message ?? 'The file holds no statement lines.'),
    );
  }
  const reading = await readStatementTable(parsed.format, file.buffer);
  if ('problem' in reading) throw fieldError('file', reading.problem);
  return {
    format: parsed.format,
    account_number: parsed.accountNumber,
    rows: reading.table
      .slice(0, PREVIEW_ROWS)
      .map((row) => row.slice(0, PREVIEW_COLUMNS).map((cell) => cell.slice(0, PREVIEW_CELL))),
    mapping: parsed.mapping,
  };
}

/** What the mapping screen shows of a file: enough to find the header row and see what each column holds. */
const PREVIEW_ROWS = 40;
const PREVIEW_COLUMNS = 30;
const PREVIEW_CELL = 120;

const choiceOf = (candidate: { claim: { _id: string } | null; student: { _id: string } }): ConfirmBankLineInput =>
  candidate.claim ? { claim_id: candidate.claim._id } : { student_id: candidate.student._id };

/**
 * Credits a line: it confirms the transfer claim chosen, or pays the chosen student's owed fees
 * oldest first; the line, the payments and the audit rows in one transaction. `automatic`: the
 * import found it certain (the audit row says so); otherwise a person chose.
 */
async function decideLine({
  ctx,
  auth,
  actor,
  id,
  choice,
  automatic = false,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  id: string;
  choice: ConfirmBankLineInput;
  automatic?: boolean;
}) {
  const scoped = inSchoolScope(auth.scope, bankStatementLines.schoolId);
  await ctx.db.transaction(async (tx) => {
    const line = await lockLine(tx, scoped, id);
    if (!line) throw lineNotFound();
    assertOpen(line);
    if (line.direction === 'debit') {
      throw conflict(
        "This line is money out of the account: it pays no one's fees.",
        BANK_STATEMENT_ERROR_CODES.bankLineDecided,
      );
    }
    const evidence = { statementLineId: line.id, bookedOn: line.bookedOn, narration: line.narration };
    let studentId: string;
    let credited: PaymentRow[];
    if ('claim_id' in choice) {
      const claim = await creditClaim({ tx, ctx, auth, id: choice.claim_id, actor, evidence });
      if (claim.schoolId !== line.schoolId || claim.amountKobo !== line.amountKobo) {
        throw conflict(
          "This claim is not for this line's amount at this school. Choose the student instead.",
          BANK_STATEMENT_ERROR_CODES.bankLineDecided,
        );
      }
      studentId = claim.studentId;
      credited = [claim];
    } else {
      const student = await findStudent(
        tx,
        visibleTo({ scope: auth.scope, parentId: null, selfId: null }),
        choice.student_id,
      );
      if (!student || student.user.schoolId !== line.schoolId) throw studentNotFound();
      studentId = student.user.id;
      credited = await payFeesInOrder({
        tx,
        ctx,
        actor,
        schoolId: line.schoolId,
        studentId,
        studentName: `${student.user.firstname} ${student.user.lastname}`,
        amountKobo: line.amountKobo,
        paidAt: middayOf(line.bookedOn),
        audit: { source: 'bank_statement', ...evidence },
      });
    }
    if (!automatic) {
      // The sender's account, credited by a person to this student, is suggested for them next time.
      await learnPayers(tx, {
        schoolId: line.schoolId,
        senderAccounts: senderAccountsIn(line.narration, line.accountNumber),
        studentId,
        lineId: line.id,
        createdBy: auth.userId,
      });
    }
    const decided = await updateLine(tx, line.id, {
      status: 'confirmed',
      note: null,
      studentId,
      paymentIds: credited.map((payment) => payment.id),
      confirmedBy: automatic ? null : auth.userId,
      decidedAt: ctx.clock(),
    });
    await recordAudit(tx, actor, {
      action: 'bank_statement_line.confirm',
      entity: 'bank_statement_line',
      entityId: line.id,
      schoolId: line.schoolId,
      before: { status: line.status },
      after: {
        status: decided.status,
        automatic,
        studentId,
        payments: credited.map((payment) => payment.reference),
        amountKobo: line.amountKobo.toString(),
      },
    });
  });
}

/** A person's confirmation of a line, answered with the line as the lists show it. */
export async function confirmLine(input: Omit<Parameters<typeof decideLine>[0], 'automatic'>) {
  await decideLine(input);
  return lineById(input.ctx, input.auth, input.id);
}

/** None of the candidates: the line stays in the school's unmatched list, with the reason given. */
export async function rejectLine({
  ctx,
  auth,
  actor,
  id,
  reason,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  id: string;
  reason: string | null;
}) {
  const scoped = inSchoolScope(auth.scope, bankStatementLines.schoolId);
  await ctx.db.transaction(async (tx) => {
    const line = await lockLine(tx, scoped, id);
    if (!line) throw lineNotFound();
    assertOpen(line);
    // A bank reversal is handled once its payments are refunded: set aside. A credit goes to Unmatched.
    const handled = line.direction === 'debit';
    const status = handled ? 'ignored' : 'unmatched';
    const note = handled
      ? `Handled${reason ? `: ${reason}` : ': the payments it took back were refunded.'}`
      : reason
        ? `Turned down: ${reason}`
        : 'Turned down: none of the suggestions was right.';
    await updateLine(tx, line.id, { status, note, confirmedBy: auth.userId, decidedAt: ctx.clock() });
    await recordAudit(tx, actor, {
      action: 'bank_statement_line.reject',
      entity: 'bank_statement_line',
      entityId: line.id,
      schoolId: line.schoolId,
      before: { status: line.status },
      after: { status, reason },
    });
  });
  return lineById(ctx, auth, id);
}

function assertOpen(line: LineRow) {
  if (line.status === 'confirmed') {
    throw conflict('This line has already been credited.', BANK_STATEMENT_ERROR_CODES.bankLineDecided);
  }
  if (line.status === 'ignored') {
    throw conflict('This line is not a payment into the account.', BANK_STATEMENT_ERROR_CODES.bankLineDecided);
  }
}

export async function listLines(ctx: AppContext, schoolId: string, status: BankLineStatus) {
  const [rows, counts] = await Promise.all([linesOf(ctx.readDb, schoolId, status), lineCounts(ctx.readDb, schoolId)]);
  const receipts = await receiptsOf(
    ctx.readDb,
    rows.flatMap((row) => row.line.paymentIds ?? []),
  );
  return { lines: rows.map((row) => toLine(row, receipts)), counts };
}

async function lineById(ctx: AppContext, auth: AuthContext, id: string): Promise<BankStatementLine> {
  const row = await lineOf(ctx.db, inSchoolScope(auth.scope, bankStatementLines.schoolId), id);
  if (!row) throw lineNotFound();
  return toLine(row, await receiptsOf(ctx.db, row.line.paymentIds ?? []));
}

function toLine(row: ListedLine, receipts: Map<string, string | null>): BankStatementLine {
  const { line, student, confirmer } = row;
  return {
    _id: line.id,
    statement_id: line.statementId,
    booked_on: line.bookedOn,
    direction: line.direction,
    amount: line.amountKobo,
    narration: line.narration,
    reference: line.reference,
    status: line.status,
    note: line.note,
    candidates:
      line.status === 'review' || line.status === 'unmatched'
        ? candidatesOf(line).map((candidate) => ({
            ...candidate,
            claim: candidate.claim && {
              _id: candidate.claim._id,
              reference: candidate.claim.reference,
              amount: BigInt(candidate.claim.amount_kobo),
              transfer_date: candidate.claim.transfer_date,
              bank_reference: candidate.claim.bank_reference,
            },
          }))
        : [],
    credited:
      line.status === 'confirmed' && student
        ? {
            student: { _id: student.id, name: `${student.firstname} ${student.lastname}`, reg_no: student.regNo },
            receipts: (line.paymentIds ?? []).map((id) => receipts.get(id)).filter((no): no is string => Boolean(no)),
            confirmed_by: confirmer ? `${confirmer.firstname} ${confirmer.lastname}` : null,
            confirmed_at: (line.decidedAt ?? line.createdAt).toISOString(),
          }
        : null,
  };
}
