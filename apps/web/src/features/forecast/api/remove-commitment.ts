import { commitmentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { FORECAST_MESSAGES } from '../lib/messages';
import { useForecastMutation } from './mutation';

export async function removeCommitment(id: string) {
  return commitmentSchema.parse(await api.delete(`/forecast/commitments/${id}`, { silent: true }));
}

export function useRemoveCommitment() {
  return useForecastMutation({
    mutationFn: removeCommitment,
    success: FORECAST_MESSAGES.removed,
    failure: FORECAST_MESSAGES.removeFailed,
  });
}
