import {
  IN_APP_ONLY_NOTIFICATION_KINDS,
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  type NotificationPreference,
} from '@schoolledger/domain';

export type NotificationChannel = 'inApp' | 'email';

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
}: {
  preferences: readonly NotificationPreference[];
  caption: string;
  heading: string;
  /** Whose account a mandatory kind protects, in "it concerns the safety of …". */
  account: string;
  onToggle(kind: NotificationKind, channel: NotificationChannel): void;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <th scope="col" className="py-2 pr-4 font-medium">
            {heading}
          </th>
          <th scope="col" className="w-20 py-2 text-center font-medium">
            In app
          </th>
          <th scope="col" className="w-20 py-2 text-center font-medium">
            Email
          </th>
        </tr>
      </thead>
      <tbody>
        {preferences.map((preference) => {
          const locked = MANDATORY_NOTIFICATION_KINDS.includes(preference.kind);
          const appOnly = IN_APP_ONLY_NOTIFICATION_KINDS.includes(preference.kind);
          const label = NOTIFICATION_KIND_LABELS[preference.kind];
          return (
            <tr key={preference.kind} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <th scope="row" className="py-2.5 pr-4 text-left font-normal text-slate-800 dark:text-slate-200">
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
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
