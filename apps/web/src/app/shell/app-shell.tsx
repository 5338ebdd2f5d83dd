import { can, showWholeNaira } from '@schoolledger/domain';
import { Menu, Search } from 'lucide-react';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingState, Sheet } from '@/components/ui';
import { CASH_DESK_PATH, KeptCashSender } from '@/features/cash-desk/routes';
import { NotificationBell } from '@/features/notifications/components/notification-panel';
import { useAuthStore } from '@/lib/auth';
import { useIdleSignOut } from '@/lib/auth/idle-timeout';
import { useMySettings } from '@/lib/my-settings';
import { useThemeStore } from '@/lib/theme';
import { PageErrorBoundary } from './page-error-boundary';
import { SidebarContent } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export default function AppShell() {
  const { pathname } = useLocation();
  const settings = useMySettings();
  const adoptDefaultTheme = useThemeStore((state) => state.adoptDefault);
  useIdleSignOut(settings.data?.sessionTimeoutMinutes);
  const takesCash = useAuthStore((state) => can(state.user?.roles ?? [], 'payments.cash'));
  useEffect(() => {
    if (settings.data) adoptDefaultTheme(settings.data.defaultTheme);
  }, [settings.data, adoptDefaultTheme]);
  // Set before the page renders, so every amount on it is formatted the group's way.
  if (settings.data) showWholeNaira(settings.data.wholeNaira);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(pathname);
  // Following a link inside the drawer closes it.
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  return (
    <div className="min-h-dvh">
      {/* Off the desk, cash taken offline is still sent (the desk sends its own while it is open). */}
      {takesCash && pathname !== CASH_DESK_PATH && (
        <Suspense fallback={null}>
          <KeptCashSender />
        </Suspense>
      )}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="hidden border-r border-slate-200 bg-white md:fixed md:inset-y-0 md:flex md:w-64 md:flex-col dark:border-slate-800 dark:bg-slate-900">
        <SidebarContent />
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen} side="left" title="Navigation" className="md:hidden">
        <SidebarContent />
      </Sheet>

      <div className="md:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:gap-4 sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open sidebar"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 md:hidden dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <div className="relative min-w-0 flex-1 sm:max-w-md">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              placeholder="Search..."
              aria-label="Search"
              className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:outline-none focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-800"
            />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {settings.isPending ? (
            <LoadingState />
          ) : (
            <PageErrorBoundary>
              <Suspense fallback={<LoadingState />}>
                <NuqsAdapter>
                  <Outlet key={settings.data?.wholeNaira ? 'whole-naira' : 'naira'} />
                </NuqsAdapter>
              </Suspense>
            </PageErrorBoundary>
          )}
        </main>
      </div>
    </div>
  );
}
