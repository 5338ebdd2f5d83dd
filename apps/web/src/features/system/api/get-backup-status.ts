import { backupStatusSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';

export async function getBackupStatus(signal?: AbortSignal) {
  return backupStatusSchema.parse(await api.get('/ict-admin/backup-status', { signal, silent: true }));
}

export function useBackupStatus() {
  return useQuery({
    queryKey: systemKeys.backups(),
    queryFn: ({ signal }) => getBackupStatus(signal),
    // A backup started elsewhere (the schedule, another administrator) is followed until it ends.
    refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
  });
}
