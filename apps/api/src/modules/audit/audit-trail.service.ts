import {
  AUDIT_REPORT_KINDS,
  AUDIT_REPORT_TITLES,
  type AuditEntry,
  type AuditEntryDetail,
  type AuditLogList,
  type AuditReportKind,
  type AuditReports,
  type AuditUserActivities,
  type AuditUserList,
  type auditActivitiesQuerySchema,
  type auditExportQuerySchema,
  type auditFiltersSchema,
  type auditLogQuerySchema,
  type auditUsersQuerySchema,
  displayName,
  EXPORT_ROW_LIMIT,
  type ExportFormat,
  type FailedLogins,
  type FinancialAudit,
  type financialAuditQuerySchema,
  type GeneratedReport,
  type generateAuditReportInputSchema,
  type SecurityEvents,
  type securityAuditQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { ReadDb } from '../../db/client.js';
import { exportTooLarge, notFound, validationFailed } from '../../lib/errors.js';
import {
  type AnyTable,
  type Column,
  fileNameFor,
  generatedLine,
  TABLE_CONTENT_TYPES,
  writeTable,
} from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope, type Scope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from './audit.queries.js';
import {
  actionTotalLabel,
  inNaira,
  summaryOf,
  toAuditEntry,
  toAuditUser,
  toFailedLogin,
  toFinancialEntry,
} from './audit-trail.presenters.js';
import {
  amountsByAction,
  countFailedAttempts,
  countPeople,
  countTrail,
  findPerson,
  findTrailEntry,
  listFailedAttempts,
  listPeople,
  listTrail,
  recentReports,
  schoolName,
  type TrailFilters,
  type TrailRow,
  trailForExport,
  trailModules,
  trailWhere,
} from './audit-trail.queries.js';

type Filters = z.output<typeof auditFiltersSchema>;
type ListQuery = z.output<typeof auditLogQuerySchema>;
type ExportQuery = z.output<typeof auditExportQuerySchema>;
type UsersQuery = z.output<typeof auditUsersQuerySchema>;
type ActivitiesQuery = z.output<typeof auditActivitiesQuerySchema>;
type FinancialQuery = z.output<typeof financialAuditQuerySchema>;
type SecurityQuery = z.output<typeof securityAuditQuerySchema>;
type ReportInput = z.output<typeof generateAuditReportInputSchema>;

const ENTRY_NOT_FOUND = 'Audit entry not found';
const USER_NOT_FOUND = 'User not found';
const SCHOOL_NOT_FOUND = 'School not found';

/** The entities whose rows are money moving (credits, refunds, transfers, cash, reviews, disputes). */
const MONEY_ENTITIES = ['payment'] as const;

/** The audit rows exports leave, and how the reports list finds them again. */
const TRAIL_EXPORT_ENTITY = 'audit_log';
const REPORT_ENTITY = 'audit_report';

const pageOf = (query: { page: number; limit: number }) => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});
const paginationOf = (query: { page: number; limit: number }, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.ceil(total / query.limit),
});

function checkRange(range: { from?: string | undefined; to?: string | undefined }) {
  if (range.from && range.to && range.from > range.to) {
    throw validationFailed([{ field: 'to', message: 'The end date must be on or after the start date' }]);
  }
}

/** Ids named in a query must be ones the caller may see: a school or person elsewhere is not there. */
async function checkNamed(ctx: AppContext, auth: AuthContext, query: { schoolId?: string; userId?: string }) {
  if (query.schoolId) assertSchoolInScope(auth.scope, query.schoolId, SCHOOL_NOT_FOUND);
  if (query.userId && !(await findPerson(ctx.db, auth.scope, query.userId))) throw notFound(USER_NOT_FOUND);
}

const trailFilters = (filters: Filters): TrailFilters => ({
  search: filters.search || undefined,
  category: filters.category,
  severity: filters.severity,
  actorId: filters.userId,
  entity: filters.module || undefined,
  schoolId: filters.schoolId,
  from: filters.from,
  to: filters.to,
});

async function checkedTrailWhere(ctx: AppContext, auth: AuthContext, filters: Filters): Promise<SQL> {
  checkRange(filters);
  await checkNamed(ctx, auth, filters);
  return trailWhere(auth.scope, trailFilters(filters));
}

export async function listTrailPage(ctx: AppContext, auth: AuthContext, query: ListQuery): Promise<AuditLogList> {
  const where = await checkedTrailWhere(ctx, auth, query);
  const [total, rows, modules] = await Promise.all([
    countTrail(ctx.db, where),
    listTrail(ctx.db, where, pageOf(query)),
    trailModules(ctx.db, auth.scope),
  ]);
  return { entries: rows.map(toAuditEntry), pagination: paginationOf(query, total), modules };
}

export async function trailEntry(ctx: AppContext, auth: AuthContext, id: string): Promise<AuditEntryDetail> {
  const found = await findTrailEntry(ctx.db, auth.scope, id);
  if (!found) throw notFound(ENTRY_NOT_FOUND);
  return { ...toAuditEntry(found.entry), before: inNaira(found.before), after: inNaira(found.after) };
}

export async function listPeoplePage(ctx: AppContext, auth: AuthContext, query: UsersQuery): Promise<AuditUserList> {
  await checkNamed(ctx, auth, query);
  const filters = { search: query.search || undefined, schoolId: query.schoolId };
  const [total, rows] = await Promise.all([
    countPeople(ctx.db, auth.scope, filters),
    listPeople(ctx.db, auth.scope, filters, pageOf(query)),
  ]);
  return { users: rows.map(toAuditUser), pagination: paginationOf(query, total) };
}

export async function personActivities(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  query: ActivitiesQuery,
): Promise<AuditUserActivities> {
  checkRange(query);
  const person = await findPerson(ctx.db, auth.scope, id);
  if (!person) throw notFound(USER_NOT_FOUND);
  const where = trailWhere(auth.scope, { actorId: id, from: query.from, to: query.to });
  const [total, rows] = await Promise.all([countTrail(ctx.db, where), listTrail(ctx.db, where, pageOf(query))]);
  return { user: toAuditUser(person), entries: rows.map(toAuditEntry), pagination: paginationOf(query, total) };
}

/** The newest entries matching `where` (built with the trail's queries), for the dashboards' recent lists. */
export async function newestEntries(db: ReadDb, where: SQL, limit: number): Promise<AuditEntry[]> {
  return (await listTrail(db, where, { limit, offset: 0 })).map(toAuditEntry);
}

const financialFilters = (query: { from?: string; to?: string; schoolId?: string; action?: string }): TrailFilters => ({
  category: 'financial',
  entities: MONEY_ENTITIES,
  action: query.action || undefined,
  schoolId: query.schoolId,
  from: query.from,
  to: query.to,
});

export async function financialEvents(
  ctx: AppContext,
  auth: AuthContext,
  query: FinancialQuery,
): Promise<FinancialAudit> {
  checkRange(query);
  await checkNamed(ctx, auth, query);
  const where = trailWhere(auth.scope, financialFilters(query));
  const [total, rows, byAction] = await Promise.all([
    countTrail(ctx.db, where),
    listTrail(ctx.db, where, pageOf(query)),
    amountsByAction(ctx.db, where),
  ]);
  return {
    entries: rows.map(toFinancialEntry),
    pagination: paginationOf(query, total),
    summary: {
      count: total,
      byAction: byAction.map((row) => ({
        action: row.action,
        label: actionTotalLabel(row.action),
        count: row.count,
        amount: BigInt(row.amountKobo),
      })),
    },
  };
}

const securityFilters = (query: { from?: string; to?: string; schoolId?: string }): TrailFilters => ({
  security: true,
  schoolId: query.schoolId,
  from: query.from,
  to: query.to,
});

export async function securityEvents(
  ctx: AppContext,
  auth: AuthContext,
  query: SecurityQuery,
): Promise<SecurityEvents> {
  checkRange(query);
  await checkNamed(ctx, auth, query);
  const where = trailWhere(auth.scope, securityFilters(query));
  const [total, rows] = await Promise.all([countTrail(ctx.db, where), listTrail(ctx.db, where, pageOf(query))]);
  return { entries: rows.map(toAuditEntry), pagination: paginationOf(query, total) };
}

export async function failedLogins(ctx: AppContext, auth: AuthContext, query: SecurityQuery): Promise<FailedLogins> {
  checkRange(query);
  await checkNamed(ctx, auth, query);
  const filters = { schoolId: query.schoolId, from: query.from, to: query.to };
  const [total, rows] = await Promise.all([
    countFailedAttempts(ctx.db, auth.scope, filters),
    listFailedAttempts(ctx.db, auth.scope, filters, pageOf(query)),
  ]);
  return { attempts: rows.map(toFailedLogin), pagination: paginationOf(query, total) };
}

/* ----------------------------------------------------------------- files */

export interface AuditFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The filters as one readable line, naming the school and person rather than their ids. */
async function filterLine(
  ctx: AppContext,
  auth: AuthContext,
  filters: Partial<Filters> & { action?: string | undefined },
): Promise<string> {
  const parts: string[] = [];
  if (filters.search) parts.push(`search "${filters.search}"`);
  if (filters.category) parts.push(`category ${filters.category}`);
  if (filters.severity) parts.push(`severity ${filters.severity}`);
  if (filters.module) parts.push(`module ${filters.module}`);
  if (filters.action) parts.push(`action ${filters.action}`);
  if (filters.userId) {
    const person = await findPerson(ctx.db, auth.scope, filters.userId);
    parts.push(`person ${person ? displayName(person.user) : filters.userId}`);
  }
  if (filters.schoolId) parts.push(`school ${(await schoolName(ctx.db, filters.schoolId)) ?? filters.schoolId}`);
  if (filters.from || filters.to) parts.push(`dates ${filters.from ?? 'the start'} to ${filters.to ?? 'today'}`);
  return parts.length ? `Filters: ${parts.join('; ')}` : 'Filters: none (every entry you may see)';
}

type TrailCells = ReturnType<typeof trailCells>;
const trailCells = (row: TrailRow) => {
  const entry = toAuditEntry(row);
  return {
    time: row.log.createdAt,
    school: entry.schoolName ?? 'Platform',
    person: entry.actor?.name ?? 'The system',
    email: entry.actor?.email ?? '',
    summary: summaryOf(row),
    action: entry.action,
    module: entry.module,
    entityId: entry.entityId ?? '',
    category: entry.category,
    severity: entry.severity,
    amount: row.log.amountKobo === null ? null : BigInt(row.log.amountKobo),
    ip: entry.ipAddress ?? '',
    seq: entry.seq,
    hash: entry.hash,
  };
};

const TRAIL_COLUMNS: Column<TrailCells>[] = [
  { key: 'time', header: 'Time (Lagos)', kind: 'date', width: 16 },
  { key: 'school', header: 'School', kind: 'text', width: 14 },
  { key: 'person', header: 'Person', kind: 'text', width: 13 },
  { key: 'summary', header: 'What happened', kind: 'text', width: 23 },
  { key: 'action', header: 'Action', kind: 'text', width: 18 },
  { key: 'module', header: 'Module', kind: 'text', width: 11 },
  { key: 'entityId', header: 'Record id', kind: 'text', width: 19 },
  { key: 'category', header: 'Category', kind: 'text', width: 12 },
  { key: 'severity', header: 'Severity', kind: 'text', width: 11 },
  { key: 'amount', header: 'Amount recorded (₦)', kind: 'money', width: 13 },
  { key: 'ip', header: 'IP address', kind: 'text', width: 12 },
  { key: 'seq', header: 'Seq', kind: 'number', width: 6 },
  { key: 'hash', header: 'Hash', kind: 'text', width: 20 },
];

/** A table's columns and rows, before a title and the circumstances are put above them. */
export type AuditRows = Pick<AnyTable, 'columns' | 'rows'>;

async function trailRows(db: ReadDb, where: SQL): Promise<AuditRows> {
  const total = await countTrail(db, where);
  if (total > EXPORT_ROW_LIMIT) throw exportTooLarge(total);
  const rows = await trailForExport(db, where, EXPORT_ROW_LIMIT);
  return { columns: TRAIL_COLUMNS, rows: rows.map(trailCells) };
}

async function fileOf(ctx: AppContext, table: AnyTable, format: ExportFormat): Promise<AuditFile> {
  return {
    body: await writeTable(table, format),
    contentType: TABLE_CONTENT_TYPES[format],
    fileName: fileNameFor(table.title, format, todayIn('Africa/Lagos', ctx.clock())),
  };
}

/** The filtered trail as a file; the export itself becomes an entry of the trail. */
export async function exportTrail(ctx: AppContext, auth: AuthContext, actor: Actor, query: ExportQuery) {
  const { format, ...filters } = query;
  const where = await checkedTrailWhere(ctx, auth, filters);
  const table: AnyTable = {
    title: 'Audit trail',
    subtitle: [await filterLine(ctx, auth, filters), generatedLine(auth.row.user, auth.roles, ctx.clock())],
    ...(await trailRows(ctx.db, where)),
  };
  const file = await fileOf(ctx, table, format);
  await recordAudit(ctx.db, actor, {
    action: 'export',
    entity: TRAIL_EXPORT_ENTITY,
    entityId: null,
    schoolId: filters.schoolId ?? auth.schoolId,
    after: { format, filters, rows: table.rows.length },
  });
  return file;
}

/* --------------------------------------------------------------- reports */

const FAILED_LOGIN_COLUMNS: Column<Record<string, string | Date | null>>[] = [
  { key: 'time', header: 'Time (Lagos)', kind: 'date', width: 15 },
  { key: 'email', header: 'Email tried', kind: 'text', width: 22 },
  { key: 'school', header: 'School', kind: 'text', width: 16 },
  { key: 'reason', header: 'Reason', kind: 'text', width: 14 },
  { key: 'ip', header: 'IP address', kind: 'text', width: 12 },
  { key: 'userAgent', header: 'Browser', kind: 'text', width: 30 },
];

const USER_ACTIVITY_COLUMNS: Column<Record<string, string | number | Date | null>>[] = [
  { key: 'name', header: 'Person', kind: 'text', width: 18 },
  { key: 'email', header: 'Email', kind: 'text', width: 22 },
  { key: 'roles', header: 'Roles', kind: 'text', width: 14 },
  { key: 'school', header: 'School', kind: 'text', width: 16 },
  { key: 'status', header: 'Status', kind: 'text', width: 8 },
  { key: 'count', header: 'Entries', kind: 'number', width: 8 },
  { key: 'last', header: 'Last activity (Lagos)', kind: 'date', width: 15 },
];

/** What an audit report covers: one school or every school of the scope, and Lagos days. */
export interface AuditReportRange {
  schoolId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The rows of one audit report kind that `scope` may read, at most EXPORT_ROW_LIMIT of them
 * (EXPORT_TOO_LARGE beyond): the audit screen's files and the Reports screen draw the same table.
 */
export async function auditReportRows(
  db: ReadDb,
  scope: Scope,
  kind: AuditReportKind,
  range: AuditReportRange,
): Promise<AuditRows> {
  switch (kind) {
    case 'trail':
      return trailRows(db, trailWhere(scope, range));
    case 'financial':
      return trailRows(db, trailWhere(scope, financialFilters(range)));
    case 'security':
      return trailRows(db, trailWhere(scope, securityFilters(range)));
    case 'failed_logins': {
      const total = await countFailedAttempts(db, scope, range);
      if (total > EXPORT_ROW_LIMIT) throw exportTooLarge(total);
      const rows = await listFailedAttempts(db, scope, range, { limit: EXPORT_ROW_LIMIT, offset: 0 });
      return {
        columns: FAILED_LOGIN_COLUMNS,
        rows: rows.map((row) => ({
          time: row.createdAt,
          email: row.email,
          school: row.schoolName ?? '',
          reason: row.reason ?? '',
          ip: row.ip ?? '',
          userAgent: row.userAgent ?? '',
        })),
      };
    }
    case 'user_activity': {
      const total = await countPeople(db, scope, range);
      if (total > EXPORT_ROW_LIMIT) throw exportTooLarge(total);
      const rows = await listPeople(db, scope, range, { limit: EXPORT_ROW_LIMIT, offset: 0 });
      return {
        columns: USER_ACTIVITY_COLUMNS,
        rows: rows.map((row) => {
          const user = toAuditUser(row);
          return {
            name: user.name,
            email: user.email ?? '',
            roles: user.roles.join(', '),
            school: user.schoolName ?? '',
            status: user.status,
            count: user.activityCount,
            last: user.lastActivity,
          };
        }),
      };
    }
  }
}

async function reportTable(ctx: AppContext, auth: AuthContext, input: ReportInput): Promise<AnyTable> {
  const { title } = AUDIT_REPORT_TITLES[input.kind];
  const subtitle = [await filterLine(ctx, auth, input), generatedLine(auth.row.user, auth.roles, ctx.clock())];
  const range = { schoolId: input.schoolId, from: input.from, to: input.to };
  return { title, subtitle, ...(await auditReportRows(ctx.db, auth.scope, input.kind, range)) };
}

/** One audit report as a file, recorded in the trail as a report download. */
export async function generateReport(ctx: AppContext, auth: AuthContext, actor: Actor, input: ReportInput) {
  await checkNamed(ctx, auth, input);
  const table = await reportTable(ctx, auth, input);
  const file = await fileOf(ctx, table, input.format);
  await recordAudit(ctx.db, actor, {
    action: 'export',
    entity: REPORT_ENTITY,
    entityId: null,
    schoolId: input.schoolId ?? auth.schoolId,
    after: {
      kind: input.kind,
      format: input.format,
      from: input.from ?? null,
      to: input.to ?? null,
      schoolId: input.schoolId ?? null,
      rows: table.rows.length,
    },
  });
  return file;
}

const isReportKind = (value: unknown): value is AuditReportKind =>
  typeof value === 'string' && (AUDIT_REPORT_KINDS as readonly string[]).includes(value);
const isFormat = (value: unknown): value is ExportFormat => value === 'csv' || value === 'xlsx' || value === 'pdf';

export async function auditReports(ctx: AppContext, auth: AuthContext): Promise<AuditReports> {
  const rows = await recentReports(ctx.db, auth.scope, REPORT_ENTITY, 10);
  const recent: GeneratedReport[] = [];
  for (const row of rows) {
    const after = (row.after ?? {}) as Record<string, unknown>;
    if (!isReportKind(after.kind) || !isFormat(after.format)) continue;
    recent.push({
      id: row.id,
      kind: after.kind,
      format: after.format,
      from: typeof after.from === 'string' ? after.from : null,
      to: typeof after.to === 'string' ? after.to : null,
      rows: typeof after.rows === 'number' ? after.rows : 0,
      schoolName: row.schoolName,
      generatedBy: row.firstname ? `${row.firstname} ${row.lastname}` : null,
      generatedAt: row.createdAt.toISOString(),
    });
  }
  return {
    kinds: AUDIT_REPORT_KINDS.map((kind) => ({ kind, ...AUDIT_REPORT_TITLES[kind] })),
    recent,
  };
}
