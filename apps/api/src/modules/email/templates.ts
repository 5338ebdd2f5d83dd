import type { EmailTemplateId } from '@schoolledger/domain';
import Mustache from 'mustache';

export interface EmailTemplate {
  subject: string;
  html: string;
  text: string;
}

/** SPEC §5 variables; `title` and `message` carry the wording of a system notification. */
export type TemplateVariables = Record<string, string | number | boolean | null | undefined>;

const paragraph = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;
/**
 * How to pay by transfer: into the family's own account where it has one (the money pays the fees
 * by itself), else to the school's with the student's payment code in the narration.
 */
const TRANSFER_CODE_LINE =
  "{{#familyAccountNumber}}Paying by bank transfer? Send it to your family's own account, {{familyAccountNumber}} at {{familyAccountBank}} ({{familyAccountName}}): it pays the fees still owed by itself.{{/familyAccountNumber}}{{^familyAccountNumber}}Paying by bank transfer? Write {{paymentCode}} in the transfer's description so the school knows it is for {{studentName}}.{{/familyAccountNumber}}";

/** The same for a new fee, told to each person of a family rather than about one student. */
const FEE_TRANSFER_LINE =
  "{{#familyAccountNumber}}Paying by bank transfer? Send it to your family's own account, {{familyAccountNumber}} at {{familyAccountBank}} ({{familyAccountName}}): it pays the fees still owed by itself.{{/familyAccountNumber}}{{^familyAccountNumber}}{{#paymentCode}}Paying by bank transfer? Write {{paymentCode}} in the transfer's description so the school knows who it is from.{{/paymentCode}}{{/familyAccountNumber}}";

/**
 * The built-in wording of each SPEC template (subjects as SPEC §9 words them). A school group may
 * replace any of them with its own (email_templates); the layout around the body stays ours.
 */
export const DEFAULT_TEMPLATES: Record<EmailTemplateId, EmailTemplate> = {
  payment_reminder: {
    subject: 'Payment Reminder: {{feeName}} {{dueText}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph(
        'This is a reminder that <strong>{{feeName}}</strong> for {{studentName}} ({{termName}}) is {{dueTextLower}}.',
      ),
      paragraph('Amount outstanding: <strong>{{formattedAmount}}</strong>, due on {{dueDate}}.'),
      paragraph('<a href="{{paymentUrl}}">Pay now</a>'),
      paragraph(TRANSFER_CODE_LINE),
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      'This is a reminder that {{feeName}} for {{studentName}} ({{termName}}) is {{dueTextLower}}.',
      'Amount outstanding: {{formattedAmount}}, due on {{dueDate}}.',
      '',
      'Pay now: {{paymentUrl}}',
      TRANSFER_CODE_LINE,
    ].join('\n'),
  },
  payment_overdue: {
    subject: 'URGENT: Overdue Fee Payment - {{feeName}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph(
        '<strong>{{feeName}}</strong> for {{studentName}} ({{termName}}) was due on {{dueDate}} and is now {{daysOverdue}} day(s) overdue.',
      ),
      paragraph('Amount outstanding: <strong>{{formattedAmount}}</strong>.'),
      paragraph('<a href="{{paymentUrl}}">Pay now</a> or contact the bursary at {{supportEmail}}.'),
      paragraph(TRANSFER_CODE_LINE),
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      '{{feeName}} for {{studentName}} ({{termName}}) was due on {{dueDate}} and is now {{daysOverdue}} day(s) overdue.',
      'Amount outstanding: {{formattedAmount}}.',
      '',
      'Pay now: {{paymentUrl}}',
      'Questions: {{supportEmail}}',
      TRANSFER_CODE_LINE,
    ].join('\n'),
  },
  payment_success: {
    subject: 'Payment Confirmation - {{feeName}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph(
        'We have received <strong>{{formattedAmount}}</strong> for {{feeName}} ({{studentName}}) by {{paymentMethod}} on {{paymentDate}}.',
      ),
      paragraph('Reference: {{transactionRef}}'),
      paragraph('<a href="{{actionUrl}}">View payment history</a>'),
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      'We have received {{formattedAmount}} for {{feeName}} ({{studentName}}) by {{paymentMethod}} on {{paymentDate}}.',
      'Reference: {{transactionRef}}',
      '',
      'Payment history: {{actionUrl}}',
    ].join('\n'),
  },
  payment_failed: {
    subject: 'Payment Failed - {{feeName}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph(
        'The payment of <strong>{{formattedAmount}}</strong> for {{feeName}} ({{studentName}}) did not go through.',
      ),
      paragraph('{{reason}}'),
      paragraph('Reference: {{transactionRef}}'),
      paragraph('<a href="{{paymentUrl}}">Try again</a>'),
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      'The payment of {{formattedAmount}} for {{feeName}} ({{studentName}}) did not go through.',
      '{{reason}}',
      'Reference: {{transactionRef}}',
      '',
      'Try again: {{paymentUrl}}',
    ].join('\n'),
  },
  fee_approved: {
    subject: 'New Fee Available: {{feeName}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph(
        '<strong>{{feeName}}</strong> ({{termName}}) has been approved: <strong>{{formattedAmount}}</strong>, due on {{dueDate}}.',
      ),
      paragraph('<a href="{{paymentUrl}}">View fees</a>'),
      paragraph(FEE_TRANSFER_LINE),
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      '{{feeName}} ({{termName}}) has been approved: {{formattedAmount}}, due on {{dueDate}}.',
      '',
      'View fees: {{paymentUrl}}',
      FEE_TRANSFER_LINE,
    ].join('\n'),
  },
  system_notification: {
    subject: '{{title}}',
    html: [
      paragraph('Dear {{firstName}},'),
      paragraph('{{message}}'),
      `{{#actionUrl}}${paragraph('<a href="{{actionUrl}}">Open SchoolLedger</a>')}{{/actionUrl}}`,
    ].join('\n'),
    text: [
      'Dear {{firstName}},',
      '',
      '{{message}}',
      '{{#actionUrl}}',
      'Open SchoolLedger: {{actionUrl}}',
      '{{/actionUrl}}',
    ].join('\n'),
  },
};

const plain = (value: string) => value;

/**
 * Renders a template: values are HTML-escaped in the HTML part (a fee or a student's name can
 * never inject markup), and written as they are in the subject and the text part.
 */
export function renderTemplate(template: EmailTemplate, variables: TemplateVariables): EmailTemplate {
  const view = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value ?? '']));
  const subject = Mustache.render(template.subject, view, {}, { escape: plain }).replace(/\s+/g, ' ').trim();
  return {
    subject: subject.slice(0, 200),
    html: layout(Mustache.render(template.html, view), view),
    text: Mustache.render(template.text, view, {}, { escape: plain })
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}

/** The frame every email's body sits in: the school's name (and logo, when it has one) above, the support address below. */
function layout(body: string, view: TemplateVariables): string {
  return Mustache.render(
    `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="padding:16px 0;border-bottom:2px solid #1d4ed8;margin-bottom:16px">{{#logoUrl}}<img src="{{logoUrl}}" alt="" height="40" style="vertical-align:middle;margin-right:8px">{{/logoUrl}}<strong style="font-size:18px">{{schoolName}}</strong></div>
<div style="background:#ffffff;border-radius:8px;padding:20px;font-size:15px;line-height:1.5">{{{body}}}</div>
<p style="font-size:12px;color:#6b7280;margin-top:16px">{{#supportEmail}}Questions? Write to {{supportEmail}}. {{/supportEmail}}&copy; {{year}} {{schoolName}}</p>
</div></body></html>`,
    { ...view, body },
  );
}
