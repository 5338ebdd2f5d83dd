import { displayPhone, type MyPhone } from '@schoolledger/domain';
import { ExternalLink, Info } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardBody, CardHeader } from '@/components/ui';
import { useMyPhone } from '../api/get-my-phone';
import { channelRows, pendingCode } from '../lib/phone-messages';
import { ConfirmNumber, useNowUntil } from './phone-confirm';
import { ChannelConsent, ConsentHistory, UnavailableChannel } from './phone-consents';

const TITLE = 'Text and WhatsApp messages';

/**
 * Receipts and reminders on the person's phone: they confirm their number with a code, then agree,
 * channel by channel, to the exact sentence the school sends under; and can turn each off again.
 */
export function PhoneMessagesCard() {
  const phone = useMyPhone();
  return (
    <Card aria-label={TITLE}>
      <CardHeader
        title={TITLE}
        description="Receipts, reminders and notices about fees from your school, on your phone."
      />
      <CardBody>
        <QueryState
          query={phone}
          loading="Loading your phone settings..."
          errorTitle="Failed to load your phone settings"
        >
          {(data) => <PhoneMessages phone={data} />}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function Note({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
      <Info className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}

function DemoPhoneLink({ url }: { url: string }) {
  return (
    <Note>
      <p>
        This is a demo: nothing goes to a real phone. The codes and messages sent to your number arrive on the demo
        phone.
      </p>
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-emerald-700 underline hover:text-emerald-800 dark:text-emerald-400"
      >
        Open the demo phone
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Note>
  );
}

function PhoneMessages({ phone }: { phone: MyPhone }) {
  const now = useNowUntil(phone.codeExpiresAt);
  const code = pendingCode(phone, now);
  // A confirmed person with a code on its way to another number was changing it (before a reload, say).
  const [changing, setChanging] = useState(() => phone.verified && code !== null && !code.expired);
  const rows = channelRows(phone);
  const demo = phone.demoInboxUrl && <DemoPhoneLink url={phone.demoInboxUrl} />;

  // Nothing can be sent and nothing is on: no number to confirm, no button that leads nowhere.
  if (rows.length === 0) {
    return (
      <div className="space-y-5">
        <Note>
          <p>
            Messages by SMS and WhatsApp are not set up for your school yet. Once they are, you can choose here to
            receive your receipts and reminders on your phone.
          </p>
        </Note>
        {phone.consents.length > 0 && <ConsentHistory consents={phone.consents} />}
      </div>
    );
  }

  const confirming = !phone.verified || changing;
  // The code that confirms a number goes by SMS: without SMS there is nothing to send.
  const noCodes = !phone.channelsAvailable.includes('sms');
  const unavailable = phone.verified ? rows.length < 2 : false;

  return (
    <div className="space-y-6">
      {demo}
      {confirming && noCodes ? (
        <Note>
          <p>Confirming your number takes a code sent by SMS, and SMS messages are not set up for your school yet.</p>
        </Note>
      ) : confirming ? (
        <ConfirmNumber
          phone={phone}
          code={code}
          onConfirmed={() => setChanging(false)}
          onCancel={phone.verified ? () => setChanging(false) : undefined}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
              Your number
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-900 tabular-nums dark:text-white">
              <span>{phone.phone ? displayPhone(phone.phone) : 'Not set'}</span>
              <Badge variant="green">Confirmed</Badge>
            </p>
          </div>
          {!noCodes && (
            <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
              Change number
            </Button>
          )}
        </div>
      )}
      {phone.verified && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {rows.map((row) => (
            <li key={row.channel} className="p-4">
              <ChannelConsent row={row} wording={phone.wording?.[row.channel] ?? null} />
            </li>
          ))}
          {unavailable && (
            <li className="p-4">
              <UnavailableChannel available={rows.map((row) => row.channel)} />
            </li>
          )}
        </ul>
      )}
      {phone.consents.length > 0 && <ConsentHistory consents={phone.consents} />}
    </div>
  );
}
