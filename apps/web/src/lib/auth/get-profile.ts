import { type SessionUser, sessionUserSchema } from '@schoolledger/domain';
import { api, type RequestOptions } from '../api-client';

export const profileQueryKey = ['user', 'profile'] as const;

export async function getProfile(options: Pick<RequestOptions, 'silent' | 'signal'> = {}): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.get('/user/profile', options));
}
