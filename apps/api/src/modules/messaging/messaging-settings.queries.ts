import {
  DEFAULT_MESSAGING_SETTINGS,
  type MessageChannel,
  type MessageNoticeKind,
  type QuietHours,
} from '@schoolledger/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { schoolMessagingSettings } from '../../db/schema.js';

/** A school's messaging settings as the senders read them: budgets in kobo, null for none. */
export interface SchoolMessaging {
  channels: Record<MessageNoticeKind, Record<MessageChannel, boolean>>;
  monthlyBudgetKobo: Record<MessageChannel, bigint | null>;
  quietHours: QuietHours | null;
  /** The school's own approved SMS sender ID; empty: the server's. */
  smsSenderId: string;
}

/** How the settings are stored: the saved form with budgets as kobo strings (JSON has no bigint). */
export interface StoredMessaging {
  channels: SchoolMessaging['channels'];
  monthlyBudgetKobo: Record<MessageChannel, string | null>;
  quietHours: QuietHours | null;
  smsSenderId: string;
}

export const DEFAULT_SCHOOL_MESSAGING: SchoolMessaging = {
  channels: DEFAULT_MESSAGING_SETTINGS.channels,
  monthlyBudgetKobo: { sms: null, whatsapp: null },
  quietHours: DEFAULT_MESSAGING_SETTINGS.quietHours,
  smsSenderId: DEFAULT_MESSAGING_SETTINGS.smsSenderId,
};

/**
 * The stored settings read back; a kind added since they were saved takes its default, so a new
 * kind of notice never reaches phones a school has not chosen for it.
 */
export function schoolMessagingOf(stored: StoredMessaging | null | undefined): SchoolMessaging {
  if (!stored) return DEFAULT_SCHOOL_MESSAGING;
  const budget = (kobo: string | null | undefined) => (kobo ? BigInt(kobo) : null);
  return {
    channels: { ...DEFAULT_SCHOOL_MESSAGING.channels, ...stored.channels },
    monthlyBudgetKobo: {
      sms: budget(stored.monthlyBudgetKobo?.sms),
      whatsapp: budget(stored.monthlyBudgetKobo?.whatsapp),
    },
    quietHours: stored.quietHours ?? null,
    smsSenderId: stored.smsSenderId ?? '',
  };
}

export async function messagingSettingsOf(db: DbOrTx, schoolId: string): Promise<SchoolMessaging> {
  const [row] = await db
    .select({ settings: schoolMessagingSettings.settings })
    .from(schoolMessagingSettings)
    .where(eq(schoolMessagingSettings.schoolId, schoolId));
  return schoolMessagingOf(row?.settings as StoredMessaging | undefined);
}

export async function saveMessagingSettings(
  db: DbOrTx,
  { schoolId, settings, updatedBy }: { schoolId: string; settings: StoredMessaging; updatedBy: string },
) {
  await db
    .insert(schoolMessagingSettings)
    .values({ schoolId, settings, updatedBy })
    .onConflictDoUpdate({
      target: schoolMessagingSettings.schoolId,
      set: { settings, updatedBy, updatedAt: sql`now()` },
    });
}

/** In a statement that reads many people at once: each of `schoolIds`' stored settings, as `[{ schoolId, settings }]`. */
export const storedMessagingJson = (schoolIds: SQL): SQL =>
  sql`(select coalesce(json_agg(json_build_object('schoolId', m.school_id, 'settings', m.settings)), '[]'::json)
    from ${schoolMessagingSettings} m where m.school_id in ${schoolIds})`;
