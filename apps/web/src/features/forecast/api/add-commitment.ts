import { type CommitmentInput, commitmentInputSchema, commitmentSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { FORECAST_MESSAGES } from '../lib/messages';
import { useForecastMutation } from './mutation';

export async function addCommitment(input: CommitmentInput) {
  return commitmentSchema.parse(
    await api.post('/forecast/commitments', z.encode(commitmentInputSchema, input), { silent: true }),
  );
}

export function useAddCommitment() {
  return useForecastMutation({
    mutationFn: addCommitment,
    success: FORECAST_MESSAGES.added,
    failure: FORECAST_MESSAGES.addFailed,
  });
}
