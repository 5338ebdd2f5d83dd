import type { AuditLogQuery, AuditUsersQuery, FinancialAuditQuery, SecurityAuditQuery } from '@schoolledger/domain';

export const auditKeys = {
  all: ['audit'] as const,
  logs: (query: AuditLogQuery) => [...auditKeys.all, 'logs', query] as const,
  entry: (id: string) => [...auditKeys.all, 'entry', id] as const,
  users: (query: AuditUsersQuery) => [...auditKeys.all, 'users', query] as const,
  activities: (id: string, page: number) => [...auditKeys.all, 'activities', id, page] as const,
  financial: (query: FinancialAuditQuery) => [...auditKeys.all, 'financial', query] as const,
  security: (query: SecurityAuditQuery) => [...auditKeys.all, 'security', query] as const,
  failedLogins: (query: SecurityAuditQuery) => [...auditKeys.all, 'failed-logins', query] as const,
  verification: (schoolId: string) => [...auditKeys.all, 'verification', schoolId] as const,
};
