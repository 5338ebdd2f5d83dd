import { Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '@/components/ui';
import { type FileFormat, useExportStudents } from '../api/export-students';
import type { StudentFilters } from '../lib/filters';

const FORMATS: { format: FileFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

export interface ExportMenuProps {
  filters: StudentFilters;
  label?: string;
  /** Explains what the file holds, such as how many students match. */
  note?: string | undefined;
}

/** The file holds every student matching the filters, with the import template's columns. */
export function ExportMenu({ filters, label = 'Export', note }: ExportMenuProps) {
  const exporter = useExportStudents();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'sm')} disabled={exporter.isPending}>
        <Download className="size-4" aria-hidden="true" />
        {exporter.isPending ? 'Exporting...' : label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 max-w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {note && <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-500">{note}</DropdownMenu.Label>}
          {FORMATS.map(({ format, label: formatLabel }) => (
            <DropdownMenu.Item
              key={format}
              onSelect={() => exporter.mutate({ format, filters })}
              className="cursor-pointer rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-800 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
            >
              {formatLabel}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
