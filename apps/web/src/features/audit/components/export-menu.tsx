import { type AuditFilters, EXPORT_FORMAT_LABELS, EXPORT_FORMATS } from '@schoolledger/domain';
import { Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '@/components/ui';
import { useExportAuditLogs } from '../api/export-audit-logs';

const EXTENSIONS = { csv: '.csv', xlsx: '.xlsx', pdf: '.pdf' } as const;

/** Downloads the trail as filtered on screen (every page of it, up to 50,000 entries). */
export function ExportMenu({ filters, disabled }: { filters: AuditFilters; disabled: boolean }) {
  const exporter = useExportAuditLogs();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'sm')} disabled={disabled || exporter.isPending}>
        <Download className="size-4" aria-hidden="true" />
        {exporter.isPending ? 'Exporting...' : 'Export'}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-500">
            The filtered trail, every page
          </DropdownMenu.Label>
          {EXPORT_FORMATS.map((format) => (
            <DropdownMenu.Item
              key={format}
              onSelect={() => exporter.mutate({ filters, format })}
              className="cursor-pointer rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-800 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
            >
              {EXPORT_FORMAT_LABELS[format]} ({EXTENSIONS[format]})
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
