import { useMutation } from '@tanstack/react-query';
import { download, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export function useDownloadResultsTemplate() {
  return useMutation({
    mutationFn: () => download('/results/template', 'results-template.csv', { silent: true }),
    onError: (error) => notify.error(errorMessage(error, 'Failed to download the template')),
  });
}
