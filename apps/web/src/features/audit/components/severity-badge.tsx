import type { AuditCategory, AuditSeverity } from '@schoolledger/domain';
import { Badge } from '@/components/ui';
import { CATEGORY_LABELS, SEVERITY_BADGES, SEVERITY_LABELS } from '../lib/labels';

export function SeverityBadge({ severity }: { severity: AuditSeverity }) {
  return <Badge variant={SEVERITY_BADGES[severity]}>{SEVERITY_LABELS[severity]}</Badge>;
}

export function CategoryBadge({ category }: { category: AuditCategory }) {
  return <Badge variant={category === 'financial' ? 'green' : 'gray'}>{CATEGORY_LABELS[category]}</Badge>;
}
