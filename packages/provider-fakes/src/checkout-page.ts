export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface CheckoutPage {
  provider: 'Paystack' | 'Flutterwave';
  email: string;
  amountKobo: number;
  reference: string;
  /** What the payer reads under the amount: the status, or the outcome of their last click. */
  note: string;
  /** Where the buttons post, one path segment per action below it; no buttons once paid. */
  actionPath: string;
  actions: readonly (readonly [name: string, label: string])[];
}

/** The hosted page a payer lands on, with buttons that stand in for a card form. */
export function checkoutPage(page: CheckoutPage) {
  const amount = (page.amountKobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
  const buttons = page.actions
    .map(
      ([name, label]) =>
        `<form method="post" action="${page.actionPath}/${name}"><button type="submit" name="action" value="${name}">${label}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.provider} (local) checkout</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:12px;font-size:16px}</style>
</head><body><h1>Local ${page.provider} checkout</h1>
<p>${escapeHtml(page.email)}</p><p>Pay <strong>NGN ${escapeHtml(amount)}</strong></p><p>Reference: <code>${escapeHtml(page.reference)}</code></p>
<p role="status">${escapeHtml(page.note)}</p>
${buttons}
</body></html>`;
}
