import { MESSAGE_CHANNELS, type MessageChannel, type PhoneConsent } from '@schoolledger/domain';
import { useId, useState } from 'react';
import { Badge, Button, ConfirmDialog } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { useGiveConsent } from '../api/give-consent';
import { useWithdrawConsent } from '../api/withdraw-consent';
import { agreementText, type ChannelRow, turnOnLabel } from '../lib/phone-messages';

/** One channel: on since when, with Turn off; or off, with the sentence to agree to and the button that agrees. */
export function ChannelConsent({ row, wording }: { row: ChannelRow; wording: string | null }) {
  const label = CHANNEL_LABELS[row.channel];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
            {label}
            <Badge variant={row.consent ? 'green' : 'gray'}>{row.consent ? 'On' : 'Off'}</Badge>
          </h3>
          {row.consent && (
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
              On since {formatDateTime(row.consent.optedInAt)}
            </p>
          )}
        </div>
        {row.consent && <TurnOff channel={row.channel} />}
      </div>
      {row.consent && !row.available && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          {label} messages are not being sent at the moment: they are not set up for your school.
        </p>
      )}
      {!row.consent && row.available && wording && <TurnOn channel={row.channel} wording={wording} />}
    </div>
  );
}

function TurnOn({ channel, wording }: { channel: MessageChannel; wording: string }) {
  const give = useGiveConsent();
  const wordingId = useId();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        To get your receipts and reminders {channel === 'sms' ? 'by SMS' : 'on WhatsApp'}, read this and agree:
      </p>
      <blockquote
        id={wordingId}
        className="rounded-md border-l-4 border-emerald-600 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-200"
      >
        {wording}
      </blockquote>
      <Button
        aria-describedby={wordingId}
        loading={give.isPending}
        className="w-full sm:w-auto"
        onClick={() => give.mutate({ channel, wording })}
      >
        {turnOnLabel(channel)}
      </Button>
      {give.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(give.error, `${CHANNEL_LABELS[channel]} messages could not be turned on. Please try again.`)}
        </p>
      )}
    </div>
  );
}

function TurnOff({ channel }: { channel: MessageChannel }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawConsent();
  const label = CHANNEL_LABELS[channel];
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={`Turn off ${label}`} onClick={() => setOpen(true)}>
        Turn off
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Turn off ${label} messages?`}
        description={`You will no longer receive receipts and reminders by ${label}. You can turn ${label} on again here at any time.`}
        confirmLabel={`Turn off ${label}`}
        danger
        loading={withdraw.isPending}
        onConfirm={() => withdraw.mutate(channel, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}

/** The channels the server cannot send on, said once so the person knows why they are missing. */
export function UnavailableChannel({ available }: { available: readonly MessageChannel[] }) {
  const missing = MESSAGE_CHANNELS.filter((channel) => !available.includes(channel));
  if (missing.length === 0) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {missing.map((channel) => CHANNEL_LABELS[channel]).join(' and ')} messages are not set up for your school yet.
    </p>
  );
}

const HISTORY_SHOWN = 5;

/** What the person agreed to, newest first: how, when, on which number, and when it was turned off. */
export function ConsentHistory({ consents }: { consents: readonly PhoneConsent[] }) {
  const headingId = useId();
  const shown = consents.slice(0, HISTORY_SHOWN);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        Your agreements
      </h3>
      <ul className="space-y-2">
        {shown.map((consent) => (
          <li
            key={`${consent.channel}-${consent.optedInAt}`}
            className="rounded-lg border border-slate-200 px-4 py-3 text-sm dark:border-slate-800"
          >
            <p className="text-slate-900 dark:text-white">
              <span className="font-medium">{CHANNEL_LABELS[consent.channel]}</span> to{' '}
              <span className="whitespace-nowrap tabular-nums">{consent.phone}</span>
            </p>
            <p className="text-slate-600 dark:text-slate-300">
              {agreementText(consent)}, {formatDateTime(consent.optedInAt)}
            </p>
            <p className="text-slate-600 dark:text-slate-300">
              {consent.withdrawnAt ? `Turned off ${formatDateTime(consent.withdrawnAt)}` : 'In force'}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400">
                Wording agreed to
              </summary>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{consent.wording}</p>
            </details>
          </li>
        ))}
      </ul>
      {consents.length > HISTORY_SHOWN && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          The {HISTORY_SHOWN} newest of {consents.length} agreements.
        </p>
      )}
    </section>
  );
}
