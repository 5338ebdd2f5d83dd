/**
 * What the payer of an unfinished checkout can do: go back to the provider's page and pay, or
 * leave it (the school closes it by itself once the provider confirms nothing was paid).
 */
export function ContinueCheckout({ continueUrl }: { continueUrl: string | null }) {
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">
      Nothing has been taken for this yet.{' '}
      {continueUrl && (
        <>
          <a
            href={continueUrl}
            className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
          >
            Continue payment
          </a>
          , or leave it: it closes by itself.
        </>
      )}
      {!continueUrl && 'If you leave it, it closes by itself.'}
    </p>
  );
}
