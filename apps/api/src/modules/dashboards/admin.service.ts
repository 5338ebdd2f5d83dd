import {
  type AdminDashboard,
  type AuditEntry,
  addDays,
  type FinancialOverview,
  type FinancialPeriodOrDays,
  type IctDashboard,
  monthOf,
  PAYMENT_STATUSES_SHOWN,
  periodRange,
  type SystemActivity,
  type SystemActivityType,
  type SystemOverview,
  todayIn,
  trendUnitOf,
  type UserManagement,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { newestEntries } from '../audit/audit-trail.service.js';
import { backupStatus } from '../system/backups.service.js';
import { systemStatus } from '../system/system.service.js';
import {
  activePeople,
  adminCounts,
  lockedOutPeople,
  paymentsByStatus,
  peopleBreakdown,
  trailOfCategories,
  wholeTrail,
} from './admin.queries.js';
import {
  collectedByDay,
  collectedByMethod,
  collectedByMonth,
  collectedEver,
  collectedIn,
  termPosition,
} from './collections.queries.js';
import { methodShares, termFigures } from './collections.service.js';

const LAGOS = 'Africa/Lagos';
/** A session issued or renewed this recently counts as someone using the app now. */
const ACTIVE_WINDOW_MS = 15 * 60_000;
/** Above this share of the data disk used, the overview warns; above the second it is critical. */
const STORAGE_WARN_PERCENT = 80;
const STORAGE_CRITICAL_PERCENT = 95;
const LOCKED_OUT_SHOWN = 10;

const PAYMENT_MODULES = new Set(['payment', 'refund', 'payment_dispute', 'receipt', 'payment_profile']);
const FEE_MODULES = new Set(['fee', 'fee_event', 'reminder_settings', 'payment_reminder']);
const ACADEMIC_MODULES = new Set(['term', 'session', 'class_arm', 'term_pack', 'result']);
const AUDIT_MODULES = new Set(['audit', 'audit_log', 'audit_report']);
const SYSTEM_MODULES = new Set(['school', 'group_school', 'address', 'email', 'email_template', 'email_settings']);

/**
 * SPEC §5's activity type of an audit row, from what it acted on. Sign-ins come first: they share
 * the `session` module with academic sessions.
 */
export function activityType(entry: Pick<AuditEntry, 'action' | 'module' | 'category'>): SystemActivityType {
  if (entry.action.startsWith('auth.') || entry.action.startsWith('password')) return 'user';
  if (PAYMENT_MODULES.has(entry.module)) return 'payment';
  if (FEE_MODULES.has(entry.module)) return 'fee';
  if (ACADEMIC_MODULES.has(entry.module) || entry.module.startsWith('student')) return 'academic';
  if (AUDIT_MODULES.has(entry.module)) return 'audit';
  if (entry.category === 'system' || SYSTEM_MODULES.has(entry.module)) return 'system';
  return 'user';
}

const TYPE_LABELS: Record<SystemActivityType, string> = {
  payment: 'Payments',
  fee: 'Fees',
  academic: 'Academic',
  audit: 'Audit',
  system: 'System',
  user: 'Users and access',
};

/** The sentence of the trail is the title; where and in which area is the description. */
export function toActivity(entry: AuditEntry): SystemActivity {
  const type = activityType(entry);
  return {
    id: entry.id,
    title: entry.summary,
    description: `${TYPE_LABELS[type]} · ${entry.schoolName ?? 'Whole group'}`,
    timestamp: entry.timestamp,
    type,
    user: entry.actor?.name ?? null,
    severity: entry.severity,
    module: entry.module,
  };
}

export async function systemActivities(ctx: AppContext, auth: AuthContext, limit: number): Promise<SystemActivity[]> {
  return (await newestEntries(ctx.readDb, wholeTrail(auth.scope), limit)).map(toActivity);
}

export async function adminDashboard(ctx: AppContext, auth: AuthContext): Promise<AdminDashboard> {
  const [counts, revenue, recent] = await Promise.all([
    adminCounts(ctx.readDb, auth.scope),
    collectedEver(ctx.readDb, auth.scope),
    systemActivities(ctx, auth, 5),
  ]);
  return {
    statistics: {
      totalSchools: counts.schools,
      totalUsers: counts.users,
      totalRevenue: revenue.amountKobo,
      pendingPayments: counts.transfers + counts.review,
      pendingTransfers: counts.transfers,
      paymentsInReview: counts.review,
    },
    recentActivities: recent,
  };
}

export async function userManagement(ctx: AppContext, auth: AuthContext): Promise<UserManagement> {
  const now = ctx.clock();
  const rows = await peopleBreakdown(ctx.readDb, auth.scope, monthOf(todayIn(LAGOS, now)).from, now);
  const total = (key: string) => rows.find((row) => row.kind === 'total' && row.key === key)?.count ?? 0;
  const of = (kind: 'role' | 'status') =>
    rows
      .filter((row) => row.kind === kind)
      .map(({ key, count }) => ({ key, count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  return {
    totalUsers: total('all'),
    byRole: of('role'),
    byStatus: of('status'),
    newThisMonth: total('new'),
    lockedOut: total('locked'),
    neverSignedIn: total('never'),
  };
}

type Alert = SystemOverview['alerts'][number];

export async function systemOverview(ctx: AppContext, database: Database, auth: AuthContext): Promise<SystemOverview> {
  const now = ctx.clock();
  const [status, backups, active] = await Promise.all([
    systemStatus(ctx, database),
    backupStatus(ctx),
    activePeople(ctx.db, auth.scope, new Date(now.getTime() - ACTIVE_WINDOW_MS), todayIn(LAGOS, now)),
  ]);
  const { freeBytes, totalBytes } = status.disk;
  const usedBytes = freeBytes !== null && totalBytes !== null ? Math.max(0, totalBytes - freeBytes) : null;
  const usedPercent = usedBytes !== null && totalBytes ? Math.round((usedBytes / totalBytes) * 1000) / 10 : null;
  const storage =
    usedPercent !== null && usedPercent >= STORAGE_CRITICAL_PERCENT && status.disk.state !== 'critical'
      ? { state: 'critical' as const, reason: `${usedPercent}% of the disk is used` }
      : usedPercent !== null && usedPercent >= STORAGE_WARN_PERCENT && status.disk.state === 'healthy'
        ? { state: 'warning' as const, reason: `${usedPercent}% of the disk is used` }
        : { state: status.disk.state, reason: status.disk.reason };
  const queues = status.jobs.queues;
  const sum = (key: 'queued' | 'active' | 'failed') => queues.reduce((total, queue) => total + queue[key], 0);

  const alerts: Alert[] = [];
  const raise = (state: string, title: string, message: string) => {
    if (state === 'warning' || state === 'critical') alerts.push({ severity: state, title, message });
  };
  raise(status.database.state, 'Database', status.database.reason);
  raise(storage.state, 'Storage', storage.reason);
  raise(status.jobs.state, 'Job queue', status.jobs.reason);
  raise(status.email.state, 'Email outbox', status.email.reason);
  const lastGood = backups.lastSuccessful;
  if (!lastGood) raise('warning', 'Backups', 'No backup has succeeded yet');
  else if (backups.lastBackup?.status === 'failed')
    raise('critical', 'Backups', `The last backup failed: ${backups.lastBackup.error ?? 'no reason recorded'}`);

  return {
    checkedAt: status.checkedAt,
    server: {
      state: status.app.state,
      reason: status.app.reason,
      version: status.app.version,
      nodeVersion: status.app.nodeVersion,
      startedAt: status.app.startedAt,
      uptimeSeconds: status.app.uptimeSeconds,
    },
    database: {
      state: status.database.state,
      reason: status.database.reason,
      driver: status.database.driver,
      sizeBytes: status.database.sizeBytes,
    },
    storage: { ...storage, freeBytes, totalBytes, usedBytes, usedPercent },
    activeUsers: { last15Minutes: active.recent, today: active.today },
    jobs: {
      state: status.jobs.state,
      reason: status.jobs.reason,
      queued: sum('queued'),
      active: sum('active'),
      failed: sum('failed'),
    },
    outbox: {
      state: status.email.state,
      reason: status.email.reason,
      queued: status.email.queued,
      failed: status.email.failed,
      oldestQueuedSeconds: status.email.oldestQueuedSeconds,
    },
    lastBackup: backups.lastBackup,
    lastSuccessfulBackup: lastGood,
    alerts,
  };
}

/** Percent change to one decimal; null when the previous period had nothing to compare with. */
function changeOf(now: bigint, before: bigint): number | null {
  if (before <= 0n) return null;
  return Number(((now - before) * 1000n) / before) / 10;
}

/** Every day or month of the range (as `trendUnitOf` chooses), oldest first. */
function trendKeys(unit: 'day' | 'month', from: string, to: string): string[] {
  const keys: string[] = [];
  if (unit === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) keys.push(day);
    return keys;
  }
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    keys.push(month);
    const [year, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  }
  return keys;
}

export async function financialOverview(
  ctx: AppContext,
  auth: AuthContext,
  period: FinancialPeriodOrDays,
): Promise<FinancialOverview> {
  const today = todayIn(LAGOS, ctx.clock());
  const range = periodRange(period, today);
  const unit = trendUnitOf(period);
  const [current, previous, byMethod, byKey, byStatus, position] = await Promise.all([
    collectedIn(ctx.readDb, auth.scope, range),
    collectedIn(ctx.readDb, auth.scope, range.previous),
    collectedByMethod(ctx.readDb, auth.scope, range),
    unit === 'day' ? collectedByDay(ctx.readDb, auth.scope, range) : collectedByMonth(ctx.readDb, auth.scope, range),
    paymentsByStatus(ctx.readDb, auth.scope, range),
    termPosition(ctx.readDb, { scope: auth.scope, today }),
  ]);
  const trendMap = byKey as Map<string, { payments: number; amountKobo: bigint }>;
  return {
    period,
    from: range.from,
    to: range.to,
    previousFrom: range.previous.from,
    previousTo: range.previous.to,
    revenue: current.amountKobo,
    previousRevenue: previous.amountKobo,
    change: changeOf(current.amountKobo, previous.amountKobo),
    transactions: current.payments,
    averageTransaction: current.payments > 0 ? current.amountKobo / BigInt(current.payments) : 0n,
    byMethod: methodShares(byMethod),
    trendUnit: unit,
    trend: trendKeys(unit, range.from, range.to).map((key) => ({
      key,
      amount: trendMap.get(key)?.amountKobo ?? 0n,
      payments: trendMap.get(key)?.payments ?? 0,
    })),
    statusBreakdown: PAYMENT_STATUSES_SHOWN.map((status) => ({
      status,
      count: byStatus.get(status)?.count ?? 0,
      amount: byStatus.get(status)?.amountKobo ?? 0n,
    })),
    term: termFigures(position),
  };
}

/**
 * On the primary, unlike the other dashboards: the ICT administrator unlocks the people listed
 * here and must not see them again on the refresh that follows.
 */
export async function ictDashboard(ctx: AppContext, auth: AuthContext): Promise<IctDashboard> {
  const now = ctx.clock();
  const [locked, technical] = await Promise.all([
    lockedOutPeople(ctx.db, auth.scope, now, LOCKED_OUT_SHOWN),
    newestEntries(ctx.db, trailOfCategories(auth.scope, ['system', 'security']), 10),
  ]);
  return {
    lockedOut: locked.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      schoolName: row.school_name,
      lockedUntil: new Date(row.locked_until).toISOString(),
    })),
    lockedOutCount: locked[0]?.total ?? 0,
    technicalActivities: technical.map(toActivity),
  };
}
