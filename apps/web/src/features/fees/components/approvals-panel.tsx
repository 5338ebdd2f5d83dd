import type { Fee } from '@schoolledger/domain';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, EmptyState } from '@/components/ui';
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

  return (
    <QueryState
      query={unapproved}
      loading={FEE_MESSAGES.loading}
      errorTitle={FEE_MESSAGES.loadUnapprovedFailed}
      isEmpty={(data) => data.fees.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={CheckCircle2}
            title="No pending approvals"
            description="All fees have been reviewed and approved."
          />
        </Card>
      }
    >
      {(data) => (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.fees.map((fee) => (
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
      )}
    </QueryState>
  );
}
