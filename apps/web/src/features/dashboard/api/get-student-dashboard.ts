import { studentDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /student/dashboard: the signed-in student's fees, payments, results and payment methods. */
export async function getStudentDashboard(signal?: AbortSignal) {
  return studentDashboardSchema.parse(await api.get('/student/dashboard', { signal, silent: true }));
}

export function useStudentDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'student'],
    queryFn: ({ signal }) => getStudentDashboard(signal),
    // Back from paying, the figures must already show the payment.
    refetchOnMount: 'always',
  });
}
