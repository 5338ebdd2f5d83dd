import { displayName, type Student } from '@schoolledger/domain';
import { Layers, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button, Card, EmptyState, FormField, PageHeader, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useChildren } from '../api/get-children';
import { CheckoutResult } from '../components/checkout-result';
import { FamilyCheckoutDialog } from '../components/family-checkout-dialog';
import { FamilyCreditCard } from '../components/family-credit-card';
import { FeePayments } from '../components/fee-payments';

/** Where the provider sends a family checkout's payer back (the API's callback redirects here). */
const CHECKOUT_RETURN_PARAM = 'checkout';

const TITLE = 'My Fee Payments';

/** SPEC §2 Student Fee Payments: a student's own fees, or a parent's children's. */
export default function StudentFeesPage() {
  const user = useAuthStore((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = searchParams.get(CHECKOUT_RETURN_PARAM);
  if (!user) return null;
  if (checkout) {
    const done = () =>
      setSearchParams(
        (params) => {
          params.delete(CHECKOUT_RETURN_PARAM);
          return params;
        },
        { replace: true },
      );
    return <CheckoutResult reference={checkout} onDone={done} />;
  }
  if (user.roles.includes('Student')) return <FeePayments studentId={null} schoolId={user.school?._id ?? null} />;
  return <ParentFeePayments />;
}

function ParentFeePayments() {
  const children = useChildren();
  // Until a child's fees show, with a header of their own, the page still says what it is.
  const showing = children.isSuccess && children.data.length > 0;
  return (
    <>
      {!showing && <PageHeader title={TITLE} />}
      <QueryState
        query={children}
        loading="Loading your children..."
        errorTitle="Failed to load your children"
        isEmpty={(family) => family.length === 0}
        empty={
          <Card>
            <EmptyState
              icon={Users}
              title="No children linked yet"
              description="Ask the school to link your children to your account; their fees will then appear here."
            />
          </Card>
        }
      >
        {(family) => <FamilyFees family={family} />}
      </QueryState>
    </>
  );
}

function FamilyFees({ family }: { family: Student[] }) {
  // The parent dashboard's 'Pay Fees' opens the page on that child (?child=<id>).
  const [searchParams] = useSearchParams();
  const [childId, setChildId] = useState<string | null>(searchParams.get('child'));
  const [payingSeveral, setPayingSeveral] = useState(false);

  // The list is never empty here: QueryState shows its empty state instead.
  const child = family.find((candidate) => candidate._id === childId) ?? family[0]!;
  const picker = family.length > 1 && (
    <FormField label="Child" className="sm:w-56">
      <Select value={child._id} onChange={(event) => setChildId(event.target.value)}>
        {family.map((candidate) => (
          <option key={candidate._id} value={candidate._id}>
            {displayName(candidate)}
          </option>
        ))}
      </Select>
    </FormField>
  );
  return (
    <>
      <FeePayments
        studentId={child._id}
        childName={child.firstname}
        schoolId={child.school._id}
        childPicker={picker}
        credit={<FamilyCreditCard studentId={child._id} childName={child.firstname} />}
        actions={
          <Button variant="secondary" onClick={() => setPayingSeveral(true)}>
            <Layers className="size-4" aria-hidden="true" />
            Pay for several fees
          </Button>
        }
      />
      {payingSeveral && <FamilyCheckoutDialog childrenOf={family} onClose={() => setPayingSeveral(false)} />}
    </>
  );
}
