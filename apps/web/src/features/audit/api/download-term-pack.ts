import { useMutation } from '@tanstack/react-query';
import { download, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export function downloadTermPack(schoolId: string, termId: string, fileName: string) {
  return download('/audit/term-pack', fileName, { query: { schoolId, termId }, silent: true });
}

export function useDownloadTermPack() {
  return useMutation({
    mutationFn: ({ schoolId, termId, fileName }: { schoolId: string; termId: string; fileName: string }) =>
      downloadTermPack(schoolId, termId, fileName),
    onSuccess: () => notify.success('Term pack downloaded'),
    onError: (error) => notify.error(errorMessage(error, 'Failed to download the term pack')),
  });
}
