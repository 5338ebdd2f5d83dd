import { type MESSAGE_CHANNELS, type MessagingSummary, monthOfLagos } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { messagingSettingsOf } from './messaging-settings.queries.js';
import { spendOf } from './outbox.queries.js';
import { channelMonthCounts } from './summary.queries.js';

/**
 * A school's messages of this Lagos month per channel, for the top of the Deliveries tab: how many,
 * how far they got, what the month's spend is and the budget it counts against. A school outside
 * the caller's scope is, to them, not there (404).
 */
export async function messagingSummary(
  ctx: AppContext,
  auth: AuthContext,
  schoolId: string,
): Promise<MessagingSummary> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  const month = monthOfLagos(ctx.clock());
  const [counts, spend, settings] = await Promise.all([
    channelMonthCounts(ctx.db, { schoolId, month }),
    spendOf(ctx.db, schoolId, month),
    messagingSettingsOf(ctx.db, schoolId),
  ]);
  const channel = (name: (typeof MESSAGE_CHANNELS)[number]) => {
    const counted = counts.find((row) => row.channel === name);
    return {
      messages: counted?.messages ?? 0,
      delivered: counted?.delivered ?? 0,
      failed: counted?.failed ?? 0,
      skipped: counted?.skipped ?? 0,
      waiting: counted?.waiting ?? 0,
      spentKobo: (spend.find((row) => row.channel === name)?.spentKobo ?? 0n).toString(),
      budgetKobo: settings.monthlyBudgetKobo[name]?.toString() ?? null,
    };
  };
  return { month, channels: { sms: channel('sms'), whatsapp: channel('whatsapp') } };
}
