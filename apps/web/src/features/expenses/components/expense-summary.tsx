import {
  type BankAccount,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_PAYEE_KIND_LABELS,
  type ExpenseDetail,
  formatKobo,
} from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';
import { paidPercent } from '../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * Where the money goes: the account fixed when the expense was approved, or before that the
 * vendor's approved account, which approving fixes. The approver sees it before deciding.
 */
function PayeeAccount({ account, fixed }: { account: BankAccount; fixed: boolean }) {
  return (
    <>
      <span className="block text-sm text-slate-600 dark:text-slate-300">
        {account.bankName} · <span className="font-mono">{account.accountNumber}</span> · {account.accountName}
      </span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {fixed
          ? 'Fixed when the expense was approved: every payout goes to this account.'
          : 'The vendor’s approved account: approving the expense fixes it for its payouts.'}
      </span>
    </>
  );
}

function PaidBar({ expense }: { expense: ExpenseDetail }) {
  const percent = paidPercent(expense.paid, expense.amount);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Paid so far"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% paid`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{percent}% paid</p>
    </div>
  );
}

export function ExpenseSummary({ expense }: { expense: ExpenseDetail }) {
  const { payee } = expense;
  return (
    <Card>
      <CardHeader title="Summary" />
      <CardBody>
        <div className="mb-5 grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
          {(
            [
              ['Amount', expense.amount],
              ['Paid', expense.paid],
              ['Remaining', expense.remaining],
            ] as const
          ).map(([label, kobo]) => (
            <div
              key={label}
              className="flex min-w-0 items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 sm:block sm:py-3 dark:bg-slate-800/50"
            >
              <p className="text-slate-500 sm:text-xs dark:text-slate-400">{label}</p>
              <p className="font-semibold text-slate-900 tabular-nums sm:text-base dark:text-white">
                {formatKobo(kobo)}
              </p>
            </div>
          ))}
        </div>
        {(expense.paid > 0n || expense.status === 'approved') && (
          <div className="mb-5">
            <PaidBar expense={expense} />
          </div>
        )}
        <dl className="space-y-3 text-sm">
          <Row label="School">{expense.school.name}</Row>
          <Row label="Term">
            {expense.term.name}, {expense.session.name}
          </Row>
          <Row label="Category">{EXPENSE_CATEGORY_LABELS[expense.category]}</Row>
          <Row label="Payee">
            {payee.name}
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {EXPENSE_PAYEE_KIND_LABELS[payee.kind]}
            </span>
            {payee.account && <PayeeAccount account={payee.account} fixed={payee.accountFixed} />}
          </Row>
          <Row label="Due date">{expense.dueDate ? formatDate(expense.dueDate) : 'Not set'}</Row>
          {expense.description && <Row label="Description">{expense.description}</Row>}
          <Row label="Recorded">
            {expense.createdBy?.name ?? 'Unknown'}, {formatDateTime(expense.createdAt)}
          </Row>
          {expense.submittedAt && <Row label="Submitted">{formatDateTime(expense.submittedAt)}</Row>}
          {expense.decidedAt && (
            <Row label={expense.rejectionReason ? 'Rejected' : 'Approved'}>
              {expense.decidedBy?.name ?? 'Unknown'}, {formatDateTime(expense.decidedAt)}
            </Row>
          )}
          {expense.needsProprietor && (
            <Row label="Approval">Above the school's approval limit: the proprietor approves it</Row>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
