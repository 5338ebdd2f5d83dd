import type { EmailPreview } from '@schoolledger/domain';

/**
 * The rendered email in a sandboxed frame: no scripts, no same-origin access, so a group's HTML
 * can show but never act.
 */
export function TemplatePreview({ preview }: { preview: EmailPreview }) {
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-300">Subject: </span>
        <span className="break-words text-slate-900 dark:text-white">{preview.subject}</span>
      </p>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={preview.html}
        className="h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
      />
      <details className="rounded-lg border border-slate-200 dark:border-slate-700">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-300">
          Plain-text version
        </summary>
        <pre className="overflow-x-auto px-3 pb-3 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {preview.text}
        </pre>
      </details>
    </div>
  );
}
