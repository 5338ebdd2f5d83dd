import { clsx } from 'clsx';
import { Building2 } from 'lucide-react';
import { useState } from 'react';

/** A group's logo, or a building icon when there is none or the image fails to load. */
export function LogoImage({
  src,
  alt,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = clsx('flex shrink-0 items-center justify-center overflow-hidden rounded-lg', className);
  if (!src || failedSrc === src) {
    return (
      <span className={clsx(box, 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300')}>
        <Building2 className="size-1/2" aria-hidden="true" />
      </span>
    );
  }
  return (
    <span className={clsx(box, 'bg-white ring-1 ring-slate-200 dark:ring-slate-700')}>
      <img src={src} alt={alt} className="size-full object-contain" onError={() => setFailedSrc(src)} />
    </span>
  );
}
