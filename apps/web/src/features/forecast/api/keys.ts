/** Query keys of the forecast; a commitment added or removed, or a family reminded, refreshes everything under `all`. */
export const forecastKeys = {
  all: ['forecast'] as const,
  forecast: () => [...forecastKeys.all, 'schools'] as const,
  commitments: (schoolId: string) => [...forecastKeys.all, 'commitments', schoolId] as const,
  debtors: (schoolId: string) => [...forecastKeys.all, 'debtors', schoolId] as const,
};
