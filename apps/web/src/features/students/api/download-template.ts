import { useMutation } from '@tanstack/react-query';
import { download, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { FileFormat } from './export-students';

export async function downloadTemplate(format: FileFormat) {
  await download('/students/import/template', `student-import-template.${format}`, {
    query: { format },
    silent: true,
  });
}

export function useDownloadTemplate() {
  return useMutation({
    mutationFn: downloadTemplate,
    onError: (error) => notify.error(errorMessage(error, 'Failed to download the template')),
  });
}
