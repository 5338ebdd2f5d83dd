import type { ReportPreview as Preview } from '@schoolledger/domain';
import { PreviewSection } from './preview-section';

/** The letterhead lines and every section, as the file will show them. */
export function ReportPreview({ preview }: { preview: Preview }) {
  return (
    <article aria-label={`Preview of ${preview.title}`} className="space-y-5">
      <header className="border-b border-slate-200 pb-3 dark:border-slate-800">
        <p className="text-xs font-medium tracking-wide text-emerald-700 uppercase dark:text-emerald-400">
          {preview.organisation}
        </p>
        <h3 className="mt-0.5 text-lg font-semibold text-slate-900 dark:text-white">{preview.title}</h3>
        {preview.subtitle.map((line) => (
          <p key={line} className="text-sm text-slate-500 dark:text-slate-400">
            {line}
          </p>
        ))}
      </header>
      {preview.sections.map((section, index) => (
        // Section titles may repeat (one list per class arm); the order is the report's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the sections never move
        <PreviewSection key={index} section={section} />
      ))}
    </article>
  );
}
