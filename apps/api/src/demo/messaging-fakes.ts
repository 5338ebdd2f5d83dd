import { consentWording, normaliseNigerianPhone } from '@schoolledger/domain';
import { startPhoneInbox, startTermiiFake, startWhatsAppFake } from '@schoolledger/provider-fakes';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import type { AppConfig } from '../config.js';
import { messageConsents, schools, users } from '../db/schema.js';
import { WHATSAPP_LANGUAGE, WHATSAPP_TEMPLATES } from '../modules/messaging/whatsapp-templates.js';
import { DEMO_DOMAIN } from '../seed/demo.js';

/** The demo's keys at its local Termii and WhatsApp: public, like the demo's payment keys. */
const DEMO_MESSAGING_KEYS = {
  termii: { apiKey: 'TLdemo-schoolledger-termii', secretKey: 'demo-termii-report-secret', senderId: 'SchoolLedgr' },
  whatsapp: {
    token: 'EAAdemo-schoolledger-whatsapp',
    appSecret: 'demo-whatsapp-app-secret',
    phoneNumberId: '100200300400500',
    verifyToken: 'demo-whatsapp-verify',
  },
} as const;

/**
 * The local Termii and WhatsApp Cloud API the demo's messages go through, and the phone inbox
 * page where a newcomer reads what reached a parent's phone. Returns the configuration pointed at
 * them; WhatsApp's templates are the app's own, as if Meta had approved them.
 */
export async function startDemoMessagingFakes(config: AppConfig) {
  const { termii: termiiKeys, whatsapp: whatsappKeys } = DEMO_MESSAGING_KEYS;
  const termii = await startTermiiFake({ apiKey: termiiKeys.apiKey, secretKey: termiiKeys.secretKey });
  const whatsapp = await startWhatsAppFake({
    token: whatsappKeys.token,
    appSecret: whatsappKeys.appSecret,
    phoneNumberId: whatsappKeys.phoneNumberId,
    verifyToken: whatsappKeys.verifyToken,
    templates: Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
      name,
      language: WHATSAPP_LANGUAGE,
      category: template.category,
      bodyParams: (template.body.match(/\{\{\d\}\}/g) ?? []).length,
      headerDocument: template.document,
      body: template.body,
    })),
  });
  const inbox = await startPhoneInbox({ termii, whatsapp });
  return {
    config: {
      ...config,
      termii: { ...config.termii, baseUrl: termii.url, ...termiiKeys },
      whatsapp: { ...config.whatsapp, graphUrl: whatsapp.graphUrl, ...whatsappKeys },
      demoPhoneInboxUrl: inbox.url,
    } satisfies AppConfig,
    urls: { termii: termii.url, whatsapp: whatsapp.url, phoneInbox: inbox.url },
    /** Once the app listens: where the fakes report (WhatsApp checks the webhook's verify token first). */
    async connect(apiBase: string) {
      termii.setWebhookUrl(`${apiBase}/api/v1/messaging/termii/webhook`);
      await whatsapp.setWebhookUrl(`${apiBase}/api/v1/messaging/whatsapp/webhook`);
    },
    async close() {
      await inbox.close();
      await Promise.all([termii.close(), whatsapp.close()]);
    },
  };
}

/**
 * The demo parent's phone is confirmed and agreed to SMS and WhatsApp on the paper form the school
 * keeps (recorded by the bursar), so a newcomer's first cash payment at the desk reaches the phone
 * inbox at once. Done once: a parent who turned a channel off stays off.
 */
export async function prepareDemoPhones(ctx: AppContext) {
  const [parent] = await ctx.db
    .select({ id: users.id, phone: users.phone, verified: users.phoneVerifiedAt, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.email, `parent@${DEMO_DOMAIN}`));
  const [bursar] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `bursar@${DEMO_DOMAIN}`));
  const phone = parent?.phone ? normaliseNigerianPhone(parent.phone) : null;
  if (!parent || !phone || parent.verified) return;
  const [school] = parent.schoolId
    ? await ctx.db.select({ name: schools.name }).from(schools).where(eq(schools.id, parent.schoolId))
    : [];
  const schoolName = school?.name ?? 'your school';
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ phoneVerifiedAt: ctx.clock() }).where(eq(users.id, parent.id));
    const existing = await tx
      .select({ id: messageConsents.id })
      .from(messageConsents)
      .where(and(eq(messageConsents.userId, parent.id), isNull(messageConsents.withdrawnAt)));
    if (existing.length > 0) return;
    await tx.insert(messageConsents).values(
      (['sms', 'whatsapp'] as const).map((channel) => ({
        userId: parent.id,
        channel,
        phone,
        wording: consentWording({ channel, schoolName, phone }),
        method: 'paper' as const,
        recordedBy: bursar?.id ?? null,
      })),
    );
  });
}
