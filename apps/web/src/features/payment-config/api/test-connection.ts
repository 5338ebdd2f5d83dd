import { connectionTestResultSchema, type OnlineMethod } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TestConnectionInput {
  school_id: string;
  provider: OnlineMethod;
  /** A key typed but not saved yet; without it the stored key is tried. */
  secret_key?: string | undefined;
}

/** Asks the provider (the local fake in the demo) whether the key works; a refusal is a result, not an error. */
export async function testConnection(input: TestConnectionInput) {
  return connectionTestResultSchema.parse(await api.post('/paymentprofile/test-connection', input, { silent: true }));
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
