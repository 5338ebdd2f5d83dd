import {
  IN_APP_ONLY_NOTIFICATION_KINDS,
  MANDATORY_NOTIFICATION_KINDS,
  MESSAGE_NOTICE_KINDS,
  type MessageChannel,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  type NotificationPreference,
} from '@schoolledger/domain';
import { useId } from 'react';
import { CHANNEL_LABELS } from '@/lib/message-channels';

export type NotificationChannel = 'inApp' | 'email';

/** A phone channel's column: its switches work, or `reason` says why not (shown under the table). */
export interface PhoneColumn {
  usable: boolean;
  reason: string | null;
}

const isPhoneKind = (kind: NotificationKind) => (MESSAGE_NOTICE_KINDS as readonly NotificationKind[]).includes(kind);
/** Narrow on a phone (360 px holds four switches beside the name), as before from `sm` up. */
const COLUMN = 'w-12 px-1 py-2 text-center text-xs font-medium sm:w-20 sm:text-sm';

/**
 * A row per kind of notice with its in-app and email switches; kinds that concern an account's
 * safety stay on. Used for one person's preferences and for a group's defaults.
 */
export function NotificationKindsTable({
  preferences,
  caption,
  heading,
  account,
  onToggle,
  phone,
  onTogglePhone,
}: {
  preferences: readonly NotificationPreference[];
  caption: string;
  heading: string;
  /** Whose account a mandatory kind protects, in "it concerns the safety of …". */
  account: string;
  onToggle(kind: NotificationKind, channel: NotificationChannel): void;
  /** One person's SMS and WhatsApp columns, for the kinds phones carry; a group's defaults have none. */
  phone?: Record<MessageChannel, PhoneColumn> | undefined;
  onTogglePhone?(kind: NotificationKind, channel: MessageChannel): void;
}) {
  const idPrefix = useId();
  const phoneChannels = phone && preferences.some((each) => isPhoneKind(each.kind)) ? phone : undefined;
  // One note per distinct reason: "confirm your phone" explains both columns at once.
  const reasons = [
    ...new Set(
      phoneChannels ? Object.values(phoneChannels).flatMap((column) => (column.reason ? [column.reason] : [])) : [],
    ),
  ];
  const reasonId = (reason: string | null) =>
    reason && reasons.includes(reason) ? `${idPrefix}-reason-${reasons.indexOf(reason)}` : undefined;
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">
              {heading}
            </th>
            <th scope="col" className={COLUMN}>
              In app
            </th>
            <th scope="col" className={COLUMN}>
              Email
            </th>
            {phoneChannels &&
              (['sms', 'whatsapp'] as const).map((channel) => (
                <th key={channel} scope="col" className={COLUMN}>
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {preferences.map((preference) => {
            const locked = MANDATORY_NOTIFICATION_KINDS.includes(preference.kind);
            const appOnly = IN_APP_ONLY_NOTIFICATION_KINDS.includes(preference.kind);
            const label = NOTIFICATION_KIND_LABELS[preference.kind];
            return (
              <tr key={preference.kind} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <th
                  scope="row"
                  className="py-2.5 pr-2 text-left font-normal text-slate-800 sm:pr-4 dark:text-slate-200"
                >
                  {label}
                  {locked && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      Always sent: it concerns the safety of {account}
                    </span>
                  )}
                  {appOnly && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      Shown in the app only, never emailed
                    </span>
                  )}
                  {phoneChannels && preference.kind === 'payment_succeeded' && (
                    <span
                      className={
                        preference.sms === false
                          ? 'block text-xs text-amber-700 dark:text-amber-400'
                          : 'block text-xs text-slate-500 dark:text-slate-400'
                      }
                    >
                      A receipt by SMS is the best check that cash paid at the desk was recorded
                    </span>
                  )}
                </th>
                {(['inApp', 'email'] as const).map((channel) => {
                  const unsent = appOnly && channel === 'email';
                  return (
                    <td key={channel} className="py-2.5 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-emerald-600"
                        aria-label={`${label}: ${channel === 'inApp' ? 'in app' : 'email'}`}
                        checked={!unsent && (locked || preference[channel])}
                        disabled={locked || unsent}
                        onChange={() => onToggle(preference.kind, channel)}
                      />
                    </td>
                  );
                })}
                {phoneChannels &&
                  (['sms', 'whatsapp'] as const).map((channel) => {
                    const name = CHANNEL_LABELS[channel];
                    if (!isPhoneKind(preference.kind)) {
                      return (
                        <td key={channel} className="py-2.5 text-center text-slate-400 dark:text-slate-500">
                          <span aria-hidden="true">–</span>
                          <span className="sr-only">{`${label}: not sent by ${name}`}</span>
                        </td>
                      );
                    }
                    const { usable, reason } = phoneChannels[channel];
                    return (
                      <td key={channel} className="py-2.5 text-center">
                        <input
                          type="checkbox"
                          className="size-4 accent-emerald-600"
                          aria-label={`${label}: ${name}`}
                          aria-describedby={usable ? undefined : reasonId(reason)}
                          checked={usable && preference[channel] !== false}
                          disabled={!usable}
                          onChange={() => onTogglePhone?.(preference.kind, channel)}
                        />
                      </td>
                    );
                  })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {reasons.map((reason) => (
        <p key={reason} id={reasonId(reason)} className="mt-3 text-xs text-slate-500 dark:text-slate-400">
          {reason}
        </p>
      ))}
    </>
  );
}
