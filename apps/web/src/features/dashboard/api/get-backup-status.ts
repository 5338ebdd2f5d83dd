import { backupStatusSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getBackupStatus(signal?: AbortSignal) {
  return backupStatusSchema.parse(await api.get('/ict-admin/backup-status', { signal, silent: true }));
}

export function useBackupStatus() {
  return useQuery({ queryKey: ['dashboard', 'ict', 'backups'], queryFn: ({ signal }) => getBackupStatus(signal) });
}
