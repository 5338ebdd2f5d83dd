import { can, type Permission } from '@schoolledger/domain';
import { Building2 } from 'lucide-react';
import { AccessDenied, Card, EmptyState } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';

interface SchoolGateProps {
  permission: Permission;
  deniedMessage: string;
  noSchoolTitle: string;
  /** The page, told whether the caller is the super-admin (no school of their own: they choose one). */
  children: (gate: { superAdmin: boolean }) => React.ReactNode;
}

/**
 * The gate of a configuration page that works on the caller's own school or group: without the
 * permission, access denied; without a school, a notice; otherwise the page.
 */
export function SchoolGate({ permission, deniedMessage, noSchoolTitle, children }: SchoolGateProps) {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  if (!can(roles, permission)) return <AccessDenied message={deniedMessage} />;
  const superAdmin = user?.school === null && roles.includes('Admin');
  if (!user?.school && !superAdmin) {
    return (
      <Card>
        <EmptyState
          icon={Building2}
          title={noSchoolTitle}
          description="Your account is not linked to a school. Ask an administrator to assign you to one."
        />
      </Card>
    );
  }
  return children({ superAdmin });
}
