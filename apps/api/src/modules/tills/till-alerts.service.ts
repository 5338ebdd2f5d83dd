import { formatCalendarDate, formatKobo, type Kobo, LAGOS, plural, tillFlags, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Notice, notify } from '../notifications/notifications.service.js';
import { settingsForSchool } from '../settings/settings.service.js';
import { claimTillAlert, tillSchoolOf, tillsLeftOpen, tillsNotBanked, tillWatchers } from './till-alerts.queries.js';
import { namesOf, type TillRow } from './tills.queries.js';

/*
 * The till's alerts. A difference beyond the school's tolerance is told as the drawer is counted,
 * in the close's transaction (a till is closed once, so it is told once). A till left open
 * overnight and a confirmed till not banked within the school's days are found by the hourly job;
 * each is told once because the job marks the till (`left_open_alerted_at`, `not_banked_alerted_at`)
 * in the transaction that writes its notices, claiming it only while still unmarked.
 */

/** Where a till's notices lead: its school's Cash tills page with its report open. */
export const tillLink = (till: { id: string; schoolId: string }) =>
  `/bursar/tills?school=${till.schoolId}&till=${till.id}`;

const abs = (kobo: Kobo) => (kobo < 0n ? -kobo : kobo);

/** What the variance alert says of a till just counted. */
export function tillVarianceNotice({
  till,
  schoolName,
  bursarName,
  toleranceKobo,
}: {
  till: Pick<TillRow, 'id' | 'schoolId' | 'desk' | 'expectedKobo' | 'countedKobo' | 'varianceKobo' | 'varianceReason'>;
  schoolName: string;
  bursarName: string;
  toleranceKobo: Kobo;
}): Notice {
  const variance = till.varianceKobo ?? 0n;
  const difference = `${formatKobo(abs(variance))} ${variance < 0n ? 'short' : 'over'}`;
  const reason = till.varianceReason ? ` Reason given: ${till.varianceReason}.` : '';
  const allowed =
    toleranceKobo === 0n
      ? 'the school allows no difference without a reason'
      : `more than the ${formatKobo(toleranceKobo)} the school allows`;
  return {
    kind: 'till_variance',
    type: 'warning',
    title: `Till ${difference}: ${till.desk}, ${schoolName}`,
    message: `${bursarName} counted ${formatKobo(till.countedKobo ?? 0n)} in ${till.desk} at ${schoolName} against ${formatKobo(till.expectedKobo ?? 0n)} expected: ${difference}; ${allowed}.${reason} Open the till's report to see the count.`,
    actionUrl: tillLink(till),
    metadata: { amount: abs(variance), ...(till.varianceReason ? { reason: till.varianceReason } : {}) },
    schoolId: till.schoolId,
    email: { templateId: 'system_notification', variables: {} },
  };
}

async function schoolOf(db: DbOrTx, schoolId: string) {
  const school = await tillSchoolOf(db, schoolId);
  if (!school) throw new Error(`school ${schoolId} of a till vanished`);
  return school;
}

/**
 * In the close's transaction, when the difference is beyond the school's tolerance: the group's
 * proprietors and the school's principals hear of it.
 */
export async function notifyTillVariance(tx: DbOrTx, ctx: AppContext, till: TillRow, toleranceKobo: Kobo) {
  const school = await schoolOf(tx, till.schoolId);
  const names = await namesOf(tx, [till.openedBy]);
  const watchers = await tillWatchers(tx, {
    schoolId: till.schoolId,
    groupSchoolId: school.groupSchoolId,
    proprietors: true,
    principals: true,
  });
  return notify(
    tx,
    ctx,
    watchers,
    tillVarianceNotice({
      till,
      schoolName: school.name,
      bursarName: names.get(till.openedBy) ?? 'The bursar',
      toleranceKobo,
    }),
  );
}

/** The bursar who opened a till still open after its day, and the school's principals, hear of it once. */
async function alertLeftOpen(ctx: AppContext, found: TillRow, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const till = await claimTillAlert(tx, { id: found.id, alert: 'left_open', status: 'open', at: now });
    if (!till) return 0;
    const school = await schoolOf(tx, till.schoolId);
    const names = await namesOf(tx, [till.openedBy]);
    const bursar = names.get(till.openedBy) ?? 'A bursar';
    const principals = await tillWatchers(tx, {
      schoolId: till.schoolId,
      groupSchoolId: school.groupSchoolId,
      proprietors: false,
      principals: true,
    });
    const people = [till.openedBy, ...principals];
    const openedOn = formatCalendarDate(todayIn(LAGOS, till.openedAt));
    await notify(tx, ctx, people, {
      kind: 'till_left_open',
      type: 'warning',
      title: `Till left open: ${till.desk}, ${school.name}`,
      message: `${bursar}'s till at ${till.desk}, ${school.name}, opened on ${openedOn}, is still open. Count and close it, and have a second person confirm the count, so the day's cash is accounted for.`,
      actionUrl: tillLink(till),
      metadata: { amount: till.floatKobo },
      schoolId: till.schoolId,
      email: { templateId: 'system_notification', variables: {} },
    });
    return 1;
  });
}

/** The group's proprietors hear once of a confirmed till not banked within the school's days. */
async function alertNotBanked(ctx: AppContext, found: TillRow, days: number, within: number, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const till = await claimTillAlert(tx, { id: found.id, alert: 'not_banked', status: 'closed', at: now });
    if (!till) return 0;
    const school = await schoolOf(tx, till.schoolId);
    const names = await namesOf(tx, [till.openedBy]);
    const proprietors = await tillWatchers(tx, {
      schoolId: till.schoolId,
      groupSchoolId: school.groupSchoolId,
      proprietors: true,
      principals: false,
    });
    const closedOn = formatCalendarDate(todayIn(LAGOS, till.closedAt ?? now));
    await notify(tx, ctx, proprietors, {
      kind: 'till_not_banked',
      type: 'warning',
      title: `Till not banked after ${plural(days, 'day')}: ${till.desk}, ${school.name}`,
      message: `${formatKobo(till.countedKobo ?? 0n)} counted in ${till.desk} at ${school.name} (${names.get(till.openedBy) ?? 'a bursar'}'s till, closed on ${closedOn}) is confirmed but not yet banked, ${plural(days, 'day')} later; the school banks its cash within ${plural(within, 'day')}.`,
      actionUrl: tillLink(till),
      metadata: { amount: till.countedKobo ?? 0n },
      schoolId: till.schoolId,
      email: { templateId: 'system_notification', variables: {} },
    });
    return 1;
  });
}

/**
 * The hourly check of every school's tills, as of `ctx.clock()`: tills left open past their day
 * and confirmed tills past the school's days to bank, each told once however often it runs.
 */
export async function runTillAlerts(ctx: AppContext): Promise<{ leftOpen: number; notBanked: number }> {
  const now = ctx.clock();
  let leftOpen = 0;
  for (const till of await tillsLeftOpen(ctx.db, todayIn(LAGOS, now))) leftOpen += await alertLeftOpen(ctx, till, now);

  let notBanked = 0;
  const within = new Map<string, number>();
  for (const till of await tillsNotBanked(ctx.db)) {
    if (!within.has(till.schoolId)) {
      const settings = await settingsForSchool({ config: ctx.config, db: ctx.db }, till.schoolId);
      within.set(till.schoolId, settings.cashDesk.tillBankWithinDays);
    }
    const days = within.get(till.schoolId)!;
    const flags = tillFlags({ ...till, now, bankWithinDays: days });
    if (flags.not_banked_days !== null) notBanked += await alertNotBanked(ctx, till, flags.not_banked_days, days, now);
  }
  return { leftOpen, notBanked };
}
