import type { PaymentAnalyticsQuery } from './get-payment-analytics';

export const paymentConfigKeys = {
  all: ['payment-config'] as const,
  profile: (schoolId: string) => [...paymentConfigKeys.all, 'profile', schoolId] as const,
  analytics: (query: PaymentAnalyticsQuery) => [...paymentConfigKeys.all, 'analytics', query] as const,
};
