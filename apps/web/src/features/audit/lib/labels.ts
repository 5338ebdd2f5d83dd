import type { AuditCategory, AuditSeverity } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export const CATEGORY_LABELS: Record<AuditCategory, string> = {
  user: 'User',
  financial: 'Financial',
  security: 'Security',
  system: 'System',
};

export const SEVERITY_LABELS: Record<AuditSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const SEVERITY_BADGES: Record<AuditSeverity, BadgeVariant> = {
  low: 'gray',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

/** `payment_profile` → "Payment profile", for the module filter and the table. */
export const moduleLabel = (module: string) => {
  const words = module.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Hashes are 64 hex characters; the table shows enough to compare by eye. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;
