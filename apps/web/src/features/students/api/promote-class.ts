import { type promoteRequestSchema, promoteResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { studentChangeKeys } from './keys';

export type PromoteClassRequest = Omit<z.input<typeof promoteRequestSchema>, 'dryRun'>;

// Failures are shown inside the dialog, next to the choice that caused them, so no toast.
const send = async (body: PromoteClassRequest, dryRun: boolean) =>
  promoteResultSchema.parse(await api.post('/students/promote', { ...body, dryRun }, { silent: true }));

/** Who would move; nothing changes. */
export function previewPromotion(body: PromoteClassRequest) {
  return send(body, true);
}

export function promoteClass(body: PromoteClassRequest) {
  return send(body, false);
}

export function usePreviewPromotion() {
  return useMutation({ mutationFn: previewPromotion });
}

export function usePromoteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteClass,
    onSuccess: ({ promoted }) => {
      notify.success(`Successfully promoted ${promoted} students`);
      return Promise.all(studentChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
