import type { HealthState } from '@schoolledger/domain';
import { Badge } from '@/components/ui';
import { HEALTH_BADGES, HEALTH_LABELS } from '../lib/format';

export function HealthBadge({ state }: { state: HealthState }) {
  return <Badge variant={HEALTH_BADGES[state]}>{HEALTH_LABELS[state]}</Badge>;
}
