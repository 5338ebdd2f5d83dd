import type { SessionUser } from '@schoolledger/domain';
import { api, type RequestOptions } from '../api-client';

export const profileQueryKey = ['user', 'profile'] as const;

export async function getProfile(options: Pick<RequestOptions, 'silent' | 'signal'> = {}): Promise<SessionUser> {
  const { sessionUserSchema } = await import('./schemas');
  return sessionUserSchema.parse(await api.get('/user/profile', options));
}

/** A cached user from storage, or null when it no longer matches the current shape. */
export async function parseCachedUser(raw: unknown): Promise<SessionUser | null> {
  if (raw === null) return null;
  const { sessionUserSchema } = await import('./schemas');
  const parsed = sessionUserSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
