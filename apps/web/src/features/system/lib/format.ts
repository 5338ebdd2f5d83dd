import type { HealthState } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export function formatMilliseconds(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const HEALTH_LABELS: Record<HealthState, string> = {
  healthy: 'Healthy',
  warning: 'Warning',
  critical: 'Critical',
};

export const HEALTH_BADGES: Record<HealthState, BadgeVariant> = {
  healthy: 'green',
  warning: 'yellow',
  critical: 'red',
};
