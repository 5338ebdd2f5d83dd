import { LAGOS, todayIn } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** The same download as a PDF to read and print; failures are toasted by the client. */
export async function downloadMyDataPdf() {
  await download('/me/data.pdf', `schoolledger-my-data-${todayIn(LAGOS)}.pdf`);
}

export function useDownloadMyDataPdf() {
  return useMutation({
    mutationFn: downloadMyDataPdf,
    onSuccess: () => notify.success('Your data was downloaded'),
  });
}
