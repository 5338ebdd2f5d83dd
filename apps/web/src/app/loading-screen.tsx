// No shared ui import: this screen is in the first download, the primitives are not.

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-[3px] border-emerald-600 border-r-transparent"
      />
      <div>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">Loading...</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">Initializing...</p>
      </div>
    </div>
  );
}
