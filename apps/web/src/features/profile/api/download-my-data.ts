import { LAGOS, todayIn } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Everything SchoolLedger holds about the signed-in person, as JSON; failures are toasted by the client. */
export async function downloadMyData() {
  await download('/me/data', `schoolledger-my-data-${todayIn(LAGOS)}.json`);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => notify.success('Your data was downloaded'),
  });
}
