import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { TOAST_DURATION } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { useThemeStore } from '@/lib/theme';
import { AppErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function App() {
  const theme = useThemeStore((state) => state.resolved);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={TOAST_DURATION.default} theme={theme} richColors closeButton />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
