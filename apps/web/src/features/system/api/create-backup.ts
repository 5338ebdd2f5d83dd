import { backupSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';

/** Answers once the backup is written; a backup that could not be written comes back with status failed. */
export async function createBackup() {
  return backupSchema.parse(await api.post('/ict-admin/backups', undefined, { silent: true }));
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
