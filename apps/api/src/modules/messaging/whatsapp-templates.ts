/**
 * The WhatsApp message templates SchoolLedger sends, as they must be submitted to Meta for approval
 * (category Utility: receipts, reminders and confirmations of a fee already owed, with nothing that
 * reads as an offer, which Meta would approve as Marketing at several times the price). The words
 * are kept here so that what the outbox and the screens show is what the parent's phone shows.
 */
export const WHATSAPP_TEMPLATES = {
  fee_receipt: {
    category: 'UTILITY',
    document: true,
    body: '{{1}}: payment of {{2}} received for {{3}}. Receipt {{4}} is attached.',
  },
  transfer_confirmed: {
    category: 'UTILITY',
    document: true,
    body: '{{1}}: your bank transfer of {{2}} for {{3}} is confirmed. Receipt {{4}} is attached.',
  },
  fee_reminder: {
    category: 'UTILITY',
    document: false,
    body: '{{1}}: {{2}} Pay or see the details at {{3}}',
  },
  /** A notice about the school's running (a closure, a meeting); Meta approves it as Utility only while it sells nothing. */
  school_notice: {
    category: 'UTILITY',
    document: false,
    body: '{{1}}: {{2}}. {{3}}',
  },
} as const;

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** Templates are submitted in English (Nigeria's language of schooling). */
export const WHATSAPP_LANGUAGE = 'en';

/** What a template message carries: its name, its body's words in order, and the PDF in its header. */
export interface TemplateMessage {
  name: WhatsAppTemplateName;
  params: string[];
  document: { filename: string } | null;
}

/** The template's words filled in, as the person reads them on their phone. */
export function templateText({ name, params }: Pick<TemplateMessage, 'name' | 'params'>): string {
  // One pass over the body; a parameter's own text is never read as a placeholder.
  return WHATSAPP_TEMPLATES[name].body.replace(/\{\{(\d)\}\}/g, (_match, n: string) => params[Number(n) - 1] ?? '');
}
