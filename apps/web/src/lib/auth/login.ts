import type { LoginRequest, LoginResponse } from '@schoolledger/domain';
import { api } from '../api-client';

export async function loginRequest(input: LoginRequest): Promise<LoginResponse> {
  const { loginResponseSchema } = await import('./schemas');
  return loginResponseSchema.parse(await api.post('/auth/login', input));
}
