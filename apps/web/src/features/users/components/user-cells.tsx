import { initials, ROLE_BADGES, relativeDay, type User } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Badge } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';

export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const picture = user.profile.profilePicture;
  const classes = clsx('size-9 shrink-0 rounded-full', className);
  return picture ? (
    <img src={picture} alt="" className={clsx(classes, 'object-cover')} />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        classes,
        'inline-flex items-center justify-center bg-emerald-100 text-sm font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300',
      )}
    >
      {initials(user)}
    </span>
  );
}

const SHOWN_ROLES = 2;

/** Up to two role chips, then '+N' naming the rest for pointer and screen-reader users. */
export function RoleChips({ roles }: { roles: User['roles'] }) {
  const rest = roles.slice(SHOWN_ROLES).map((role) => ROLE_BADGES[role]);
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.slice(0, SHOWN_ROLES).map((role) => (
        <li key={role}>
          <Badge variant="blue">{ROLE_BADGES[role]}</Badge>
        </li>
      ))}
      {rest.length > 0 && (
        <li title={rest.join(', ')}>
          <Badge>
            <span aria-hidden="true">+{rest.length}</span>
            <span className="sr-only">and {rest.join(', ')}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

export function StatusBadge({ status }: { status: User['status'] }) {
  return status === 'active' ? <Badge variant="green">Active</Badge> : <Badge variant="red">Inactive</Badge>;
}

export function LastLogin({ lastLogin }: { lastLogin: string | null }) {
  if (!lastLogin) return <span className="text-muted">Never</span>;
  return (
    <time dateTime={lastLogin} title={formatDateTime(lastLogin)}>
      {relativeDay(lastLogin, new Date())}
    </time>
  );
}
