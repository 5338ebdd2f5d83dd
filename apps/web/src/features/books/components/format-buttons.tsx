import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '@schoolledger/domain';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui';

/** One button per file type the server builds (PDF, Excel, CSV) for what is on screen. */
export function FormatButtons({
  what,
  pending,
  disabled = false,
  onExport,
}: {
  /** What is downloaded, in the buttons' names: "trial balance". */
  what: string;
  pending: boolean;
  disabled?: boolean;
  onExport(format: ExportFormat): void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Download the {what}</legend>
      <Download className="size-4 text-slate-500" aria-hidden="true" />
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          disabled={disabled || pending}
          aria-label={`Download the ${what} as ${EXPORT_FORMAT_LABELS[format]}`}
          onClick={() => onExport(format)}
        >
          {EXPORT_FORMAT_LABELS[format]}
        </Button>
      ))}
    </fieldset>
  );
}
