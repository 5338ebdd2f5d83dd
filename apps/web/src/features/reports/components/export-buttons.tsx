import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@schoolledger/domain';
import { FileSpreadsheet, FileText, type LucideIcon, Table2 } from 'lucide-react';
import { Button } from '@/components/ui';

const ICONS: Record<ExportFormat, LucideIcon> = { pdf: FileText, xlsx: FileSpreadsheet, csv: Table2 };
// PDF first: it is what a bursar prints or sends on.
const ORDER: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];

export interface ExportButtonsProps {
  /** The format being queued, while the request is on its way. */
  pending: ExportFormat | null;
  onExport(format: ExportFormat): void;
}

/** One button per file format; each queues a file that the list below follows. */
export function ExportButtons({ pending, onExport }: ExportButtonsProps) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Generate the file as</legend>
      {ORDER.map((format) => {
        const Icon = ICONS[format];
        return (
          <Button
            key={format}
            variant="secondary"
            loading={pending === format}
            disabled={pending !== null}
            onClick={() => onExport(format)}
          >
            {pending !== format && <Icon className="size-4" aria-hidden="true" />}
            {EXPORT_FORMAT_LABELS[format]}
          </Button>
        );
      })}
    </fieldset>
  );
}
