import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { useThemeStore } from '@/lib/theme';
import { router } from './router';

export function App() {
  const theme = useThemeStore((state) => state.resolved);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-right" duration={TOAST_DURATION.default} theme={theme} richColors closeButton />
    </QueryClientProvider>
  );
}
