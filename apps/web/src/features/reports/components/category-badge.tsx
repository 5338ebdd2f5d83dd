import { REPORT_CATEGORY_LABELS, type ReportCategory } from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';

const VARIANTS: Record<ReportCategory, BadgeVariant> = {
  financial: 'green',
  academic: 'blue',
  administrative: 'gray',
  audit: 'yellow',
};

export function CategoryBadge({ category }: { category: ReportCategory }) {
  return <Badge variant={VARIANTS[category]}>{REPORT_CATEGORY_LABELS[category]}</Badge>;
}
