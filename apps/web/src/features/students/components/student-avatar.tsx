import { initials, type Student } from '@schoolledger/domain';
import { clsx } from 'clsx';

const sizes = { md: 'size-12 text-base', lg: 'size-20 text-2xl' } as const;

/** The student's photo, or their initials when there is none; decorative next to the name. */
export function StudentAvatar({ student, size = 'md' }: { student: Student; size?: keyof typeof sizes }) {
  const image = student.profile.img;
  if (image) {
    return <img src={image} alt="" className={clsx('shrink-0 rounded-full object-cover', sizes[size])} />;
  }
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300',
        sizes[size],
      )}
    >
      {initials(student)}
    </span>
  );
}
