import { type BankLineCandidate, type BankStatementLine, formatKobo } from '@schoolledger/domain';
import { Check, Search, X } from 'lucide-react';
import { useId } from 'react';
import { Badge, Button } from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';
import { STRENGTHS } from '../lib/texts';

export interface LineActions {
  onConfirm(line: BankStatementLine, candidate: BankLineCandidate): void;
  onReject(line: BankStatementLine): void;
  onFind(line: BankStatementLine): void;
}

function Candidate({
  line,
  candidate,
  onConfirm,
}: {
  line: BankStatementLine;
  candidate: BankLineCandidate;
  onConfirm: LineActions['onConfirm'];
}) {
  const strength = STRENGTHS[candidate.strength];
  const { student, claim } = candidate;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900 dark:text-white">{student.name}</p>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{student.reg_no ?? 'No reg. no.'}</p>
        </div>
        <Badge variant={strength.variant}>
          {strength.label}
          <span className="sr-only"> match</span>
        </Badge>
      </div>
      {claim ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Transfer claim <span className="font-mono text-xs wrap-anywhere">{claim.reference}</span> ·{' '}
          <span className="font-semibold text-slate-900 dark:text-white">{formatKobo(claim.amount)}</span> · sent{' '}
          {claim.transfer_date ? formatDate(claim.transfer_date) : 'date not given'} · bank ref.{' '}
          <span className="font-mono text-xs wrap-anywhere">{claim.bank_reference ?? '—'}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No transfer claim: the line would pay the student’s fees.
        </p>
      )}
      {candidate.reasons.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm break-words text-slate-600 dark:text-slate-300">
          {candidate.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <Button size="sm" className="max-sm:w-full" onClick={() => onConfirm(line, candidate)}>
        <Check className="size-4" aria-hidden="true" />
        Confirm<span className="sr-only"> {student.name}</span>
      </Button>
    </li>
  );
}

/** Whom a credited line paid, its receipts, and who confirmed it. */
function Credited({ credited }: { credited: NonNullable<BankStatementLine['credited']> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="text-slate-500 dark:text-slate-400">Credited to</dt>
      <dd className="min-w-0 break-words text-slate-900 dark:text-white">
        {credited.student.name}
        {credited.student.reg_no && (
          <span className="ml-2 font-mono text-xs text-slate-500 dark:text-slate-400">{credited.student.reg_no}</span>
        )}
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">{credited.receipts.length === 1 ? 'Receipt' : 'Receipts'}</dt>
      <dd className="min-w-0">
        {credited.receipts.length > 0 ? (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 font-mono text-xs text-slate-900 dark:text-white">
            {credited.receipts.map((receipt) => (
              <li key={receipt} className="wrap-anywhere">
                {receipt}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">None issued</span>
        )}
      </dd>
      <dt className="text-slate-500 dark:text-slate-400">Confirmed</dt>
      <dd className="min-w-0 text-slate-700 dark:text-slate-300">
        {credited.confirmed_by ? `By ${credited.confirmed_by}` : 'Automatically, by the matching'},{' '}
        {formatDateTime(credited.confirmed_at)}
      </dd>
    </dl>
  );
}

/** One line of a statement: its money, its narration, and what can be done with it in its status. */
export function LineCard({ line, actions }: { line: BankStatementLine; actions: LineActions }) {
  const candidatesId = useId();
  const waiting = line.status === 'review' || line.status === 'unmatched';
  const amount = formatKobo(line.amount);
  const date = formatDate(line.booked_on);
  return (
    <li
      aria-label={`${line.direction === 'credit' ? 'Credit' : 'Debit'} of ${amount} on ${date}`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{amount}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {date}
          {line.direction === 'debit' && ' · Debit'}
          {line.reference && (
            <>
              {' · Ref. '}
              <span className="font-mono text-xs wrap-anywhere">{line.reference}</span>
            </>
          )}
        </p>
      </div>
      <p className="rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-5 wrap-anywhere whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
        {line.narration}
      </p>
      {line.note && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium text-slate-900 dark:text-white">Note: </span>
          {line.note}
        </p>
      )}
      {line.credited && <Credited credited={line.credited} />}
      {waiting && line.candidates.length > 0 && (
        <div className="space-y-2">
          <p id={candidatesId} className="text-sm font-medium text-slate-900 dark:text-white">
            {line.candidates.length === 1 ? 'Who it may be' : `Who it may be (${line.candidates.length})`}
          </p>
          <ul aria-labelledby={candidatesId} className="space-y-3">
            {line.candidates.map((candidate) => (
              <Candidate
                key={`${candidate.student._id}-${candidate.claim?._id ?? 'fees'}`}
                line={line}
                candidate={candidate}
                onConfirm={actions.onConfirm}
              />
            ))}
          </ul>
        </div>
      )}
      {waiting && (
        <div className="flex flex-wrap gap-2 max-sm:flex-col">
          {line.status === 'review' && line.direction === 'debit' && (
            <Button variant="secondary" size="sm" className="max-sm:w-full" onClick={() => actions.onReject(line)}>
              <Check className="size-4 text-emerald-700" aria-hidden="true" />
              Mark as handled
            </Button>
          )}
          {line.status === 'review' && line.direction === 'credit' && (
            <Button variant="secondary" size="sm" className="max-sm:w-full" onClick={() => actions.onReject(line)}>
              <X className="size-4 text-red-600" aria-hidden="true" />
              None of these
            </Button>
          )}
          {/* Money out of the account pays no one's fees. */}
          {line.direction === 'credit' && (
            <Button variant="secondary" size="sm" className="max-sm:w-full" onClick={() => actions.onFind(line)}>
              <Search className="size-4" aria-hidden="true" />
              Find the student
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
