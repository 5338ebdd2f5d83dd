import { createHash } from 'node:crypto';
import { ACADEMIC_ERROR_CODES, entityMessages } from '@schoolledger/domain';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/errors.js';
import { type CsvCell, csvText, nairaFigure } from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from './audit.queries.js';
import { verifyAuditChains } from './chain.service.js';
import { findPackTerm, termExceptions, termFeeApprovals, termLedger } from './term-pack.queries.js';

const naira = (kobo: string) => nairaFigure(BigInt(kobo));

function csv(header: string[], rows: CsvCell[][]): string {
  return csvText([header, ...rows]);
}

export interface TermPack {
  fileName: string;
  zip: Uint8Array;
}

/**
 * The auditor's term pack: one zip per school and term holding the ledger, the receipts index, the
 * fee approvals, the reconciliation exceptions and the audit chain's verification, with a manifest
 * of each file's SHA-256 so a copy handed on can be checked. Downloading it is audited.
 */
export async function buildTermPack(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  auth: AuthContext,
  actor: Actor,
  query: { schoolId: string; termId: string },
): Promise<TermPack> {
  assertSchoolInScope(auth.scope, query.schoolId);
  const term = await findPackTerm(ctx.db, query.schoolId, query.termId);
  if (!term) throw notFound(entityMessages('Term').notFound, ACADEMIC_ERROR_CODES.termNotFound);
  const now = ctx.clock();

  const [ledger, approvals, exceptions, verification] = await Promise.all([
    termLedger(ctx.db, term.schoolId, term.termId),
    termFeeApprovals(ctx.db, term.schoolId, term.termId),
    termExceptions(ctx.db, term.schoolId, term.termId, now),
    verifyAuditChains(ctx.db, auth.scope, now, term.schoolId),
  ]);
  const chain = verification.chains.find((candidate) => candidate.schoolId === term.schoolId) ?? null;
  const receipts = ledger.filter((row) => row.receiptNo !== null);

  const files: Record<string, { text: string; rows: number }> = {
    'ledger.csv': {
      rows: ledger.length,
      text: csv(
        [
          'Date (UTC)',
          'Kind',
          'Status',
          'Receipt',
          'Reference',
          'Refund of',
          'Student',
          'Reg. no',
          'Fee',
          'Method',
          'Amount (NGN)',
          'Provider reference',
          'Recorded by',
          'Reviewed by',
          'Reason',
        ],
        ledger.map((row) => [
          row.at,
          row.kind,
          row.status,
          row.receiptNo,
          row.reference,
          row.refundOf,
          row.student,
          row.regNo,
          row.fee,
          row.method,
          naira(row.amountKobo),
          row.providerReference,
          row.recordedBy,
          row.reviewedBy,
          row.reason,
        ]),
      ),
    },
    'receipts-index.csv': {
      rows: receipts.length,
      text: csv(
        ['Receipt', 'Date (UTC)', 'Kind', 'Reference', 'Student', 'Fee', 'Method', 'Amount (NGN)'],
        receipts.map((row) => [
          row.receiptNo,
          row.at,
          row.kind,
          row.reference,
          row.student,
          row.fee,
          row.method,
          naira(row.amountKobo),
        ]),
      ),
    },
    'fee-approvals.csv': {
      rows: approvals.length,
      text: csv(
        ['Fee', 'Type', 'Amount (NGN)', 'Status now', 'Event', 'By', 'Roles', 'At (UTC)', 'Reason'],
        approvals.map((row) => [
          row.fee,
          row.type,
          naira(row.amountKobo),
          row.status,
          row.event,
          row.by,
          row.byRoles,
          row.at,
          row.reason,
        ]),
      ),
    },
    'reconciliation-exceptions.csv': {
      rows: exceptions.length,
      text: csv(
        ['Kind', 'Reference', 'Student', 'Amount (NGN)', 'Status', 'Detail', 'Since (UTC)'],
        exceptions.map((row) => [
          row.kind,
          row.reference,
          row.student,
          naira(row.amountKobo),
          row.status,
          row.detail,
          row.since,
        ]),
      ),
    },
    'audit-chain.json': {
      rows: chain?.rows ?? 0,
      text: `${JSON.stringify({ checkedAt: verification.checkedAt, chain }, null, 2)}\n`,
    },
  };

  const contents = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, strToU8(file.text)]));
  const manifest = {
    school: { id: term.schoolId, name: term.schoolName },
    term: { id: term.termId, name: term.termName, session: term.sessionName, from: term.startDate, to: term.endDate },
    generatedAt: now.toISOString(),
    generatedBy: auth.userId,
    auditChain: chain
      ? { valid: chain.valid, headSeq: chain.headSeq, headHash: chain.headHash, firstBad: chain.firstBad }
      : null,
    files: Object.entries(contents).map(([name, bytes]) => ({
      name,
      bytes: bytes.length,
      rows: files[name]?.rows ?? 0,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })),
  };

  await recordAudit(ctx.db, actor, {
    action: 'download',
    entity: 'term_pack',
    entityId: term.termId,
    schoolId: term.schoolId,
    after: {
      term: `${term.sessionName} ${term.termName}`,
      files: manifest.files.map(({ name, rows }) => ({ name, rows })),
    },
  });

  const zip = zipSync({ ...contents, 'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`) });
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return { fileName: `term-pack-${slug(term.schoolName)}-${slug(`${term.sessionName} ${term.termName}`)}.zip`, zip };
}
