import { monthOfLagos } from '@schoolledger/domain';
import type { Db } from '../../db/client.js';
import {
  adjustSpend,
  adoptInterrupted,
  applyReport,
  holdReport,
  isProviderMessageKnown,
  markInterrupted,
  type OutboxMessageRow,
  type ProviderReport,
  takeHeldReports,
  takeHeldReportsNaming,
} from './outbox.queries.js';
import { WHATSAPP_FALLBACK_CODES } from './whatsapp.adapter.js';

export interface ReportDeps {
  db: Db;
  clock: () => Date;
  /** Queues the SMS a WhatsApp message stood by with (the sender's `fallBack`). */
  fallBack: (row: OutboxMessageRow) => Promise<void>;
}

/**
 * A provider's report moves its message on; where the provider's price differs from the estimate
 * the month's spend takes the difference (once: a repeated report finds the price already there),
 * and a WhatsApp message WhatsApp would not carry falls back to SMS. A report that overtook the
 * answer to its send (the message is not known by the provider's id yet) is held for the sender;
 * one that names a message interrupted mid-send (by our id, or its number and words) adopts it.
 */
export async function applyProviderReport(deps: ReportDeps, report: ProviderReport) {
  let moved = await applyReport(deps.db, report);
  // Not known by the provider's id: a message whose sender stopped mid-send, if the report names it.
  if (!moved && (await adoptInterrupted(deps.db, report))) moved = await applyReport(deps.db, report);
  if (!moved) {
    await holdReport(deps.db, report);
    // The sender may have recorded the provider's id between the look above and the hold, and
    // taken what was held before this was: then nobody else comes for it, so take it back now.
    if (await isProviderMessageKnown(deps.db, report)) await applyHeldReports(deps, report);
    return;
  }
  const { before, after } = moved;
  if (
    after.channel !== 'email' &&
    after.schoolId &&
    before.costKobo !== null &&
    after.costKobo !== null &&
    after.costKobo !== before.costKobo
  ) {
    await adjustSpend(deps.db, {
      schoolId: after.schoolId,
      channel: after.channel,
      month: monthOfLagos(after.sentAt ?? deps.clock()),
      deltaKobo: after.costKobo - before.costKobo,
    });
  }
  if (before.status !== 'failed' && after.status === 'failed' && WHATSAPP_FALLBACK_CODES.has(after.errorCode ?? '')) {
    await deps.fallBack(after);
  }
}

/**
 * Messages whose sender stopped mid-send are marked interrupted; a report that came while nobody
 * knew them (held) finds its message now, and the rest wait for one until `recheckAt`.
 */
export async function recoverInterrupted(deps: ReportDeps, recheckAt: Date) {
  const interrupted = await markInterrupted(deps.db, { now: deps.clock(), recheckAt });
  for (const message of interrupted) {
    for (const report of await takeHeldReportsNaming(deps.db, message)) await applyProviderReport(deps, report);
  }
  return interrupted.length;
}

/** Once the sender has recorded a message's provider id: the reports that arrived before it. */
export async function applyHeldReports(deps: ReportDeps, message: { provider: string; providerMessageId: string }) {
  const held = await takeHeldReports(deps.db, { ...message, now: deps.clock() });
  for (const report of held) await applyProviderReport(deps, report);
}
