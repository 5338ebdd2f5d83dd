import { api } from '../api-client';

export async function logoutRequest(refreshToken: string | null): Promise<void> {
  await api.post('/auth/logout', { refreshToken: refreshToken ?? undefined }, { silent: true });
}
