import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * A file the server builds, fetched with the caller's session and saved: the toast names what was
 * downloaded, or gives the server's reason for refusing it.
 */
export function useBooksDownload<TVariables>({
  download,
  success,
  failure,
}: {
  download(variables: TVariables): Promise<void>;
  success(variables: TVariables): string;
  failure: string;
}) {
  return useMutation({
    mutationFn: download,
    onSuccess: (_, variables) => notify.success(success(variables)),
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
