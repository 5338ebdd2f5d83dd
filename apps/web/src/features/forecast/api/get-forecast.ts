import { forecastSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forecastKeys } from './keys';

/** Every school in the caller's scope, read today: its term's curve, forecast, accuracy and cash flow. */
export async function getForecast(signal?: AbortSignal) {
  return forecastSchema.parse(await api.get('/forecast', { signal, silent: true }));
}

export function useForecast() {
  return useQuery({ queryKey: forecastKeys.forecast(), queryFn: ({ signal }) => getForecast(signal) });
}
