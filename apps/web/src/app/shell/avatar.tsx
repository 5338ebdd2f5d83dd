import { initials, type SessionUser } from '@schoolledger/domain';
import { clsx } from 'clsx';

export function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  const picture = user.profile.profilePicture;
  return picture ? (
    <img src={picture} alt="" className={clsx('shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
