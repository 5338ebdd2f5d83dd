import { Spinner } from '@/components/ui';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Spinner className="size-10 border-[3px] text-emerald-600" />
      <div>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">Loading...</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">Initializing...</p>
      </div>
    </div>
  );
}
