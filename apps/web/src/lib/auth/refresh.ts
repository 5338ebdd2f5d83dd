import { MSG, type RefreshResponse } from '@schoolledger/domain';
import { api } from '../api-client';

export async function refreshRequest(refreshToken: string | null): Promise<RefreshResponse> {
  if (!refreshToken) throw new Error(MSG.noRefreshToken);
  const { refreshResponseSchema } = await import('./schemas');
  return refreshResponseSchema.parse(await api.post('/auth/refresh', { refreshToken }, { silent: true }));
}
