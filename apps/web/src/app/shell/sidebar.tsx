import {
  displayName,
  isActivePath,
  type NavGroup,
  type NavItem,
  navigationFor,
  ROLE_BADGES,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { ChevronDown, Circle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { useAuthStore } from '@/lib/auth';
import { Avatar } from './avatar';
import { NAV_ICONS } from './nav-icons';

function Icon({ name }: { name: string }) {
  const Component = NAV_ICONS[name] ?? Circle;
  return <Component className="size-5 shrink-0" aria-hidden="true" />;
}

const linkClasses = (active: boolean) =>
  clsx(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    active
      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  );

function Group({ group, pathname }: { group: NavGroup; pathname: string }) {
  const containsActive = group.children.some((child) => isActivePath(pathname, child.path));
  const [open, setOpen] = useState(containsActive);
  const [wasActive, setWasActive] = useState(containsActive);
  // Navigating into a collapsed group opens it; the user may still collapse it afterwards.
  if (containsActive !== wasActive) {
    setWasActive(containsActive);
    if (containsActive) setOpen(true);
  }
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={clsx(linkClasses(false), 'w-full', containsActive && 'text-slate-900 dark:text-white')}
      >
        <Icon name={group.icon} />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown className={clsx('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <ul id={listId} className="mt-1 space-y-1 border-l border-slate-200 pl-3 ml-5 dark:border-slate-800">
          {group.children.map((child) => {
            const active = isActivePath(pathname, child.path);
            return (
              <li key={child.path}>
                <Link to={child.path} aria-current={active ? 'page' : undefined} className={linkClasses(active)}>
                  <Icon name={child.icon} />
                  {child.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

function Entry({ item, pathname }: { item: NavItem; pathname: string }) {
  if ('children' in item) return <Group group={item} pathname={pathname} />;
  const active = isActivePath(pathname, item.path);
  return (
    <li>
      <Link to={item.path} aria-current={active ? 'page' : undefined} className={linkClasses(active)}>
        <Icon name={item.icon} />
        {item.label}
      </Link>
    </li>
  );
}

export function SidebarContent() {
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  if (!user) return null;
  const firstRole = user.roles[0];
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-3 border-b border-slate-200 px-5 dark:border-slate-800">
        <BrandMark className="size-8" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">SchoolLedger</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">School Accounting System</p>
        </div>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navigationFor(user.roles).map((item) => (
            <Entry key={item.label} item={item} pathname={pathname} />
          ))}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-4 dark:border-slate-800">
        <Avatar user={user} className="size-9 text-sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{displayName(user)}</p>
          {firstRole && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{ROLE_BADGES[firstRole]}</p>}
        </div>
      </div>
    </div>
  );
}
