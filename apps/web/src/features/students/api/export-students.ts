import { useMutation } from '@tanstack/react-query';
import { download, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { StudentFilters } from '../lib/filters';

export type FileFormat = 'csv' | 'xlsx';

export async function exportStudents({ format, filters }: { format: FileFormat; filters: StudentFilters }) {
  await download(`/students/export`, `students.${format}`, { query: { ...filters, format }, silent: true });
}

export function useExportStudents() {
  return useMutation({
    mutationFn: exportStudents,
    onSuccess: () => notify.success('Students exported successfully'),
    onError: (error) => notify.error(errorMessage(error, 'Failed to export students')),
  });
}
