import { MSG, type RefreshResponse, refreshResponseSchema } from '@schoolledger/domain';
import { api } from '../api-client';

export async function refreshRequest(refreshToken: string | null): Promise<RefreshResponse> {
  if (!refreshToken) throw new Error(MSG.noRefreshToken);
  return refreshResponseSchema.parse(await api.post('/auth/refresh', { refreshToken }, { silent: true }));
}
