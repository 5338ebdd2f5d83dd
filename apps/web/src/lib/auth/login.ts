import { type LoginRequest, type LoginResponse, loginResponseSchema } from '@schoolledger/domain';
import { api } from '../api-client';

export async function loginRequest(input: LoginRequest): Promise<LoginResponse> {
  return loginResponseSchema.parse(await api.post('/auth/login', input));
}
