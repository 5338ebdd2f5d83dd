import { PAYER_METHODS, PAYMENT_METHOD_LABELS, type PaymentProfile } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { Badge, Card, CardBody, CardHeader } from '@/components/ui';
import { enabledMethods } from '../lib/form-values';
import { WebhookUrl } from './webhook-url';

/** What payers are offered now (the saved profile), and where each setting comes from. */
export function SidePanel({ profile }: { profile: PaymentProfile }) {
  const enabled = enabledMethods(profile);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Available methods" description="What payers see after the last save" />
        <CardBody>
          <ul className="space-y-2.5">
            {PAYER_METHODS.map((method) => {
              const on = enabled.includes(method);
              return (
                <li key={method} className="flex items-center justify-between gap-3 text-sm">
                  <span className="text-slate-700 dark:text-slate-200">
                    {PAYMENT_METHOD_LABELS[method]}
                    {profile.default_payment_method === method && on && (
                      <span className="ml-1.5 text-xs text-slate-500 dark:text-slate-400">(default)</span>
                    )}
                  </span>
                  <Badge variant={on ? 'green' : 'gray'}>{on ? 'Active' : 'Disabled'}</Badge>
                </li>
              );
            })}
          </ul>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Quick setup guide" />
        <CardBody className="space-y-5 text-sm text-slate-600 dark:text-slate-300">
          <Step title="Paystack">
            <p>
              In the Paystack dashboard open <b>Settings → API Keys &amp; Webhooks</b>. Copy the public and secret keys
              into the Paystack tab and paste this address as the webhook URL:
            </p>
            <WebhookUrl label="Paystack webhook URL" value={profile.webhook_urls.paystack} />
          </Step>
          <Step title="Flutterwave">
            <p>
              In the Flutterwave dashboard open <b>Settings → API Keys</b> for the keys, then <b>Settings → Webhooks</b>
              : paste this address and choose a secret hash; enter the same hash in the Flutterwave tab.
            </p>
            <WebhookUrl label="Flutterwave webhook URL" value={profile.webhook_urls.flutterwave} />
          </Step>
          <Step title="Bank transfer">
            <p>
              Enter the school account payers should send money to. The bursar confirms each claimed transfer under Fee
              Management → Payments.
            </p>
          </Step>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Secret keys are stored encrypted and are never shown again after saving. Use test keys until a connection
            test passes.
          </p>
        </CardBody>
      </Card>
    </div>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-medium text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}
