import { QueryClient } from '@tanstack/react-query';

// The API client already retries once after a token refresh and toasts every failure; a second
// retry layer here would repeat the same error toast.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
