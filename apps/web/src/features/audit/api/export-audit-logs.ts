import { type AuditFilters, EXPORT_FORMAT_LABELS, type ExportFormat, todayIn } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { download, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { auditQueryParams } from './get-audit-logs';

export function exportAuditLogs(filters: AuditFilters, format: ExportFormat) {
  return download('/audit/logs/export', `audit-trail-${todayIn()}.${format}`, {
    query: auditQueryParams({ ...filters, format }),
    silent: true,
  });
}

/** Downloads the filtered trail; the server's reason (too many entries) is shown when it refuses. */
export function useExportAuditLogs() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: AuditFilters; format: ExportFormat }) =>
      exportAuditLogs(filters, format),
    onSuccess: (_, { format }) => notify.success(`Audit trail downloaded as ${EXPORT_FORMAT_LABELS[format]}`),
    onError: (error) => notify.error(errorMessage(error, 'Failed to export the audit trail')),
  });
}
