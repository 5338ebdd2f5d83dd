import { DASHBOARD_SUBTITLES, greeting, ROLE_BADGES, type Role } from '@schoolledger/domain';
import type { ReactNode } from 'react';

export interface GreetingBannerProps {
  firstname: string;
  role: Role;
  /** What the dashboard is about today: the school and term, say. */
  context?: ReactNode;
  now?: Date;
}

/** SPEC §2: the greeting by the hour, the first name, the role badge and the role's subtitle. */
export function GreetingBanner({ firstname, role, context, now = new Date() }: GreetingBannerProps) {
  return (
    <section className="rounded-xl bg-gradient-to-br from-emerald-600 to-emerald-800 p-5 text-white shadow-sm sm:p-7">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {greeting(now.getHours())}, {firstname}
        </h1>
        <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold ring-1 ring-white/30 ring-inset">
          {ROLE_BADGES[role]}
        </span>
      </div>
      <p className="mt-2 max-w-2xl text-emerald-50">{DASHBOARD_SUBTITLES[role]}</p>
      {context && <div className="mt-3 text-sm text-emerald-50">{context}</div>}
    </section>
  );
}
