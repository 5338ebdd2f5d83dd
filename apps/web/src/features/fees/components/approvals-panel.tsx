import type { Fee } from '@schoolledger/domain';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, EmptyState, ErrorBanner, LoadingState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { useUnapprovedFees } from '../api/get-unapproved-fees';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';
import { FeeCard } from './fee-card';
import { FeeReviewDialog } from './fee-review-dialog';

export interface ApprovalsPanelProps {
  may: FeePermissions;
  unapproved: ReturnType<typeof useUnapprovedFees>;
}

export function ApprovalsPanel({ may, unapproved }: ApprovalsPanelProps) {
  const [reviewing, setReviewing] = useState<Fee | null>(null);

  if (unapproved.isPending) return <LoadingState label={FEE_MESSAGES.loading} />;
  if (unapproved.isError)
    return (
      <ErrorBanner title={FEE_MESSAGES.loadUnapprovedFailed}>
        <p>{errorMessage(unapproved.error, 'Please check your connection and try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => unapproved.refetch()}>
          Retry
        </Button>
      </ErrorBanner>
    );
  if (unapproved.data.fees.length === 0)
    return (
      <Card>
        <EmptyState
          icon={CheckCircle2}
          title="No pending approvals"
          description="All fees have been reviewed and approved."
        />
      </Card>
    );

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {unapproved.data.fees.map((fee) => (
          <li key={fee._id} className="contents">
            <FeeCard
              fee={fee}
              showSchool={may.multiSchool}
              actions={
                <Button size="sm" onClick={() => setReviewing(fee)}>
                  Review
                </Button>
              }
            />
          </li>
        ))}
      </ul>
      {reviewing && <FeeReviewDialog fee={reviewing} may={may} onClose={() => setReviewing(null)} />}
    </>
  );
}
