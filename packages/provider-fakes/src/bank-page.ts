/**
 * A parent's bank app, for the demo: the form a person fills to send a transfer to a virtual
 * account. Posting it does what the control action /__fake/…/transfers does. Plain HTML in the
 * style of the checkout page; every input is labelled, and it fits 360 px.
 */
import { escapeHtml } from './checkout-page.js';

export interface BankCredit {
  amountKobo: number;
  currency: string;
  senderName: string;
  paidAt: string;
  reference: string;
}

export interface BankPage {
  provider: 'Paystack' | 'Flutterwave';
  accountNumber: string;
  accountName: string;
  bankName: string;
  /** False once the business deactivated the account: the bank still takes transfers to it. */
  active: boolean;
  /** Where the form posts. */
  actionPath: string;
  /** The outcome of the last transfer, read out politely. */
  note?: string;
  /** What is wrong with the last form sent, and the field it is about. */
  error?: { field: BankField; message: string };
  /** What the form is filled with again after an error. */
  values?: Partial<Record<BankField, string>>;
  /** Earlier transfers to the account, newest first. */
  credits: readonly BankCredit[];
}

export type BankField = 'amount' | 'sender_name' | 'sender_bank' | 'sender_account_number' | 'narration';

export interface BankTransferForm {
  amountKobo: number;
  senderName: string;
  senderBank: string;
  senderAccountNumber: string;
  narration: string;
}

const DEFAULTS: Record<BankField, string> = {
  amount: '',
  sender_name: '',
  sender_bank: 'Access Bank',
  sender_account_number: '0123454321',
  narration: '',
};

export const formatNaira = (kobo: number) =>
  (kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The bank form's fields as a transfer (amount typed in naira, commas allowed), or the first error. */
export function parseBankForm(
  body: unknown,
): { ok: true; transfer: BankTransferForm } | { ok: false; error: { field: BankField; message: string } } {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const field = (name: BankField) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const amount = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(field('amount').replace(/,/g, ''));
  const amountKobo = amount ? Number(amount[1]) * 100 + Number((amount[2] ?? '').padEnd(2, '0')) : 0;
  if (!amountKobo) {
    return {
      ok: false,
      error: { field: 'amount', message: 'Enter an amount in naira, for example 25000 or 25,000.50.' },
    };
  }
  const senderName = field('sender_name');
  if (!senderName) return { ok: false, error: { field: 'sender_name', message: 'Enter the name on your account.' } };
  const senderAccountNumber = field('sender_account_number') || DEFAULTS.sender_account_number;
  if (!/^\d{10}$/.test(senderAccountNumber)) {
    return {
      ok: false,
      error: { field: 'sender_account_number', message: 'Your account number has 10 digits.' },
    };
  }
  return {
    ok: true,
    transfer: {
      amountKobo,
      senderName: senderName.toUpperCase(),
      senderBank: field('sender_bank') || DEFAULTS.sender_bank,
      senderAccountNumber,
      narration: field('narration') || `Transfer from ${senderName}`,
    },
  };
}

export function bankPage(page: BankPage) {
  const values = { ...DEFAULTS, ...page.values };
  const input = (name: BankField, label: string, attributes: string, hint = '') => {
    const invalid = page.error?.field === name;
    const describedBy = [hint ? `${name}-hint` : '', invalid ? `${name}-error` : ''].filter(Boolean).join(' ');
    return `<label for="${name}">${label}</label>${hint ? `<p class="hint" id="${name}-hint">${hint}</p>` : ''}${
      invalid ? `<p class="error" id="${name}-error">${escapeHtml(page.error?.message ?? '')}</p>` : ''
    }<input id="${name}" name="${name}" value="${escapeHtml(values[name])}" ${attributes}${
      invalid ? ' aria-invalid="true" autofocus' : ''
    }${describedBy ? ` aria-describedby="${describedBy}"` : ''}>`;
  };
  const credits = page.credits.length
    ? `<h2>Transfers to this account</h2><ul>${page.credits
        .map(
          (c) =>
            `<li>${escapeHtml(c.currency)} ${escapeHtml(formatNaira(c.amountKobo))} from ${escapeHtml(c.senderName)}, ${escapeHtml(
              c.paidAt.slice(0, 16).replace('T', ' '),
            )} UTC <code>${escapeHtml(c.reference)}</code></li>`,
        )
        .join('')}</ul>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local bank app: transfer to ${escapeHtml(page.accountNumber)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}*{box-sizing:border-box}label{display:block;margin:12px 0 4px;font-weight:600}input{display:block;width:100%;padding:10px;font-size:16px}button{display:block;width:100%;margin:16px 0;padding:12px;font-size:16px}.hint{margin:0 0 4px;color:#444}.error{margin:0 0 4px;color:#a00000;font-weight:600}li{margin:6px 0;overflow-wrap:anywhere}:focus-visible{outline:3px solid #1a56db;outline-offset:2px}</style>
</head><body><h1>Local bank app</h1>
<p>This stands in for a parent's bank: sending here tells ${page.provider} (local) that money arrived.</p>
<h2>Send to</h2>
<p><strong>${escapeHtml(page.accountName)}</strong><br>${escapeHtml(page.bankName)}, account number ${escapeHtml(page.accountNumber)}</p>
${page.active ? '' : '<p>The business deactivated this account; the bank still takes transfers to it.</p>'}
<p role="status">${escapeHtml(page.note ?? '')}</p>
${page.error ? `<p role="alert" class="error">Not sent: <a href="#${page.error.field}">${escapeHtml(page.error.message)}</a></p>` : ''}
<form method="post" action="${escapeHtml(page.actionPath)}" novalidate>
${input('amount', 'Amount (NGN)', 'inputmode="decimal" autocomplete="off" required', 'In naira, for example 25000.')}
${input('sender_name', 'Your name', 'autocomplete="name" required')}
${input('sender_bank', 'Your bank', 'autocomplete="off"')}
${input('sender_account_number', 'Your account number', 'inputmode="numeric" autocomplete="off" maxlength="10"', '10 digits.')}
${input('narration', 'Narration', 'autocomplete="off" maxlength="100"', 'What the school sees on the credit, for example a family or pupil number.')}
<button type="submit">Send transfer</button>
</form>
${credits}
</body></html>`;
}
