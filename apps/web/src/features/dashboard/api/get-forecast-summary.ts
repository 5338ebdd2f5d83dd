import { forecastSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The forecast of every school in the caller's scope, for the dashboard's one line of it. */
export async function getForecastSummary(signal?: AbortSignal) {
  return forecastSchema.parse(await api.get('/forecast', { signal, silent: true }));
}

export function useForecastSummary() {
  return useQuery({ queryKey: ['dashboard', 'forecast'], queryFn: ({ signal }) => getForecastSummary(signal) });
}
