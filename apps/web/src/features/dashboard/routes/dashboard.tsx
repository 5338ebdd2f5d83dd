import {
  DASHBOARD_SUBTITLES,
  greeting,
  type NavEntry,
  navigationFor,
  primaryRole,
  ROLE_BADGES,
} from '@schoolledger/domain';
import { ArrowRight, CalendarDays, School } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, Card, CardBody, CardHeader, ErrorBanner } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { formatLongDay } from '@/lib/dates';
import { ChildrenSection } from '../components/children-section';

function quickLinks(roles: readonly string[]): NavEntry[] {
  return navigationFor(roles)
    .flatMap((item) => ('children' in item ? item.children : [item]))
    .filter((entry) => entry.path !== '/dashboard');
}

export default function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const role = primaryRole(user.roles);

  if (!role) {
    return (
      <ErrorBanner title="Dashboard Not Configured">
        Your account has no role with a dashboard. Please contact the school administration.
      </ErrorBanner>
    );
  }

  const now = new Date();
  const links = quickLinks(user.roles);

  return (
    <div className="space-y-6">
      <section className="rounded-xl bg-gradient-to-br from-emerald-600 to-emerald-800 p-6 text-white shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {greeting(now.getHours())}, {user.firstname}
          </h1>
          <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold ring-1 ring-white/30 ring-inset">
            {ROLE_BADGES[role]}
          </span>
        </div>
        <p className="mt-2 max-w-2xl text-emerald-50">{DASHBOARD_SUBTITLES[role]}</p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardBody className="flex items-center gap-4">
            <div className="rounded-lg bg-emerald-50 p-3 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              <School className="size-6" aria-hidden="true" />
            </div>
            <div className="min-w-0">
              <p className="text-sm text-slate-500 dark:text-slate-400">School</p>
              <p className="truncate font-semibold text-slate-900 dark:text-white">
                {user.school?.name ?? (role === 'Admin' ? 'All schools' : 'No school assigned')}
              </p>
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardBody className="flex items-center gap-4">
            <div className="rounded-lg bg-sky-50 p-3 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300">
              <CalendarDays className="size-6" aria-hidden="true" />
            </div>
            <div>
              <p className="text-sm text-slate-500 dark:text-slate-400">Today</p>
              <p className="font-semibold text-slate-900 dark:text-white">{formatLongDay(now)}</p>
            </div>
          </CardBody>
        </Card>
      </div>

      {user.roles.includes('Parent') && <ChildrenSection />}

      {links.length > 0 && (
        <Card className="overflow-hidden">
          <CardHeader
            title="Quick links"
            description="The sections your role can open."
            actions={<Badge variant="green">{links.length}</Badge>}
          />
          <ul className="grid gap-px bg-slate-200 sm:grid-cols-2 lg:grid-cols-3 dark:bg-slate-800">
            {links.map((entry) => (
              <li key={entry.path} className="bg-white dark:bg-slate-900">
                <Link
                  to={entry.path}
                  className="group flex items-center justify-between gap-3 px-5 py-4 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-emerald-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-emerald-300"
                >
                  {entry.label}
                  <ArrowRight className="size-4 text-slate-400 group-hover:text-emerald-600" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
