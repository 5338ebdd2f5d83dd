import { displayName, initials } from '@schoolledger/domain';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Button, Card, CardHeader, EmptyState, ErrorBanner, LoadingState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useChildren } from '../api/get-children';

/** A parent's linked children: name, class, school and registration number. */
export function ChildrenSection() {
  const query = useChildren();
  const children = query.data ?? [];
  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label="Loading your children..." />;
  } else if (query.isError) {
    body = (
      <div className="p-5">
        <ErrorBanner title="Error Loading Dashboard">
          <p>{errorMessage(query.error, 'Failed to fetch dashboard data')}</p>
          <p>Please try refreshing the page.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => query.refetch()}>
            Retry
          </Button>
        </ErrorBanner>
      </div>
    );
  } else if (children.length === 0) {
    body = (
      <EmptyState
        icon={Users}
        title="No children linked yet"
        description="Ask the school to link your children to your account; they will then appear here."
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {children.map((child) => (
          <li key={child._id} className="flex items-center gap-4 px-5 py-4">
            {child.profile.img ? (
              <img src={child.profile.img} alt="" className="size-11 shrink-0 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300"
              >
                {initials(child)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900 dark:text-white">{displayName(child)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {child.classArm?.name ?? 'Not assigned'} · {child.school.name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">Reg. no. {child.regNo}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Your children"
        description="The students linked to your account."
        actions={query.isSuccess && <Badge variant="green">{children.length}</Badge>}
      />
      {body}
    </Card>
  );
}
