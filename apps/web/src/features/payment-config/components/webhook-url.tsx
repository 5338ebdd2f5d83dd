import { type OnlineMethod, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { AlertTriangle, Webhook } from 'lucide-react';
import { Fragment, useId } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { CopyButton } from './copy-button';

/**
 * A webhook address with its copy button; the label names it for screen readers. A phone wraps the
 * address after a slash (a <wbr> after each), never inside "paystack" or "webhook".
 */
export function WebhookUrl({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <p className="min-w-0 flex-1 rounded-md bg-slate-100 px-2 py-1.5 font-mono text-xs break-words text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        <span className="sr-only">{label}: </span>
        {[...value.matchAll(/[^/]*\/+|[^/]+$/g)].map((part) => (
          <Fragment key={part.index}>
            {part.index > 0 && <wbr />}
            {part[0]}
          </Fragment>
        ))}
      </p>
      <CopyButton value={value} label={label} />
    </div>
  );
}

/**
 * Addresses a provider's servers cannot call: this computer, a private network, or a local name.
 * A webhook there never arrives, and payments wait for the reconciliation job instead.
 */
export function isUnreachableFromInternet(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host)
  );
}

/** On the provider's tab: the address to paste into that provider's dashboard, read-only. */
export function WebhookUrlCard({ provider, url }: { provider: OnlineMethod; url: string }) {
  const name = PAYMENT_METHOD_LABELS[provider];
  const where = provider === 'paystack' ? 'Settings → API Keys & Webhooks' : 'Settings → Webhooks';
  const headingId = useId();
  return (
    <Card className="mt-4" aria-labelledby={headingId}>
      <CardHeader
        title={
          <span id={headingId} className="flex items-center gap-2">
            <Webhook className="size-4 text-slate-600 dark:text-slate-300" aria-hidden="true" />
            {name} webhook URL
          </span>
        }
        description={`Paste it in the ${name} dashboard under ${where}, so ${name} tells SchoolLedger about each payment at once.`}
      />
      <CardBody className="space-y-3">
        <WebhookUrl label={`${name} webhook URL`} value={url} />
        {isUnreachableFromInternet(url) && (
          <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {name} cannot reach this address from the internet. Set <code className="font-mono">APP_URL</code> to the
              public https address of this server and restart it; until then payments are confirmed by the
              reconciliation check, a few minutes late.
            </span>
          </p>
        )}
      </CardBody>
    </Card>
  );
}
