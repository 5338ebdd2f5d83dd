import { type MySettings, mySettingsSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The settings page invalidates `all` after a save, so every screen picks up the new values. */
export const settingsKeys = {
  all: ['settings'] as const,
  mine: () => [...settingsKeys.all, 'mine'] as const,
};

export async function getMySettings(signal?: AbortSignal): Promise<MySettings> {
  return mySettingsSchema.parse(await api.get('/settings/mine', { signal, silent: true }));
}

export const mySettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.mine(), queryFn: ({ signal }) => getMySettings(signal), staleTime: 60_000 });

/** What the signed-in user's group decided: session timeout, password minimum, theme and money display. */
export function useMySettings() {
  return useQuery(mySettingsQueryOptions());
}

/** The group's minimum password length, or the SPEC's 8 until it is known. */
export function usePasswordMinLength(): number {
  return useMySettings().data?.passwordMinLength ?? 8;
}
