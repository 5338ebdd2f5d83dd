import { CHAIN_PROBLEM_TEXT, type ChainVerification } from '@schoolledger/domain';
import { CircleCheck, CircleX, FileArchive, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { SchoolFilter, TermFilter } from '@/components/filters';
import { Button, Card, CardBody, CardHeader, ErrorBanner, LoadingState, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatLongDateTime } from '@/lib/dates';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useDownloadTermPack } from '../api/download-term-pack';
import { useAuditVerification } from '../api/get-audit-verification';
import type { AuditPermissions } from '../lib/permissions';

function ChainResult({ chain }: { chain: ChainVerification }) {
  const Icon = chain.valid ? CircleCheck : CircleX;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-start gap-3">
        <Icon
          className={chain.valid ? 'mt-0.5 size-5 shrink-0 text-emerald-600' : 'mt-0.5 size-5 shrink-0 text-red-600'}
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900 dark:text-white">
            {chain.schoolName ?? 'Platform (entries about no school)'}: {chain.valid ? 'intact' : 'broken'}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {chain.rows.toLocaleString('en-NG')} entries checked, last No. {chain.headSeq}
          </p>
          {chain.firstBad && (
            <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300">
              Entry No. {chain.firstBad.seq}: {CHAIN_PROBLEM_TEXT[chain.firstBad.problem]}.
            </p>
          )}
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Head hash</p>
          <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">{chain.headHash}</p>
        </div>
      </div>
    </li>
  );
}

function Verification({ may }: { may: AuditPermissions }) {
  const [schoolId, setSchoolId] = useState('');
  const [asked, setAsked] = useState(false);
  const verification = useAuditVerification(schoolId, asked);
  return (
    <Card>
      <CardHeader
        title="Chain verification"
        description="Every entry carries the hash of the one before it. Verifying recomputes each link and names the first entry that was changed, removed or inserted out of order."
      />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          {may.multiSchool && (
            <SchoolFilter className="min-w-56" value={schoolId} onChange={setSchoolId} emptyLabel="All my schools" />
          )}
          <Button onClick={() => (asked ? verification.refetch() : setAsked(true))} disabled={verification.isFetching}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            {verification.isFetching ? 'Verifying...' : 'Verify now'}
          </Button>
        </div>
        {asked && verification.isPending && <LoadingState label="Walking the chains..." />}
        {verification.isError && (
          <ErrorBanner title="Verification could not run">
            <p>{errorMessage(verification.error, 'Failed to verify the audit trail')}</p>
          </ErrorBanner>
        )}
        {verification.data && (
          <div className="space-y-3" aria-live="polite">
            <p
              className={
                verification.data.valid
                  ? 'text-sm font-semibold text-emerald-700 dark:text-emerald-400'
                  : 'text-sm font-semibold text-red-700 dark:text-red-400'
              }
            >
              {verification.data.valid ? 'Every chain is intact.' : 'At least one chain is broken.'}{' '}
              <span className="font-normal text-slate-500">
                Checked {formatLongDateTime(verification.data.checkedAt)}.
              </span>
            </p>
            <ul className="space-y-3">
              {verification.data.chains.map((chain) => (
                <ChainResult key={chain.chain} chain={chain} />
              ))}
            </ul>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function TermPack({ may }: { may: AuditPermissions }) {
  const own = may.me?.school?._id ?? '';
  const [chosenSchool, setChosenSchool] = useState('');
  const schoolId = may.multiSchool ? chosenSchool : own;
  const [termId, setTermId] = useState('');
  const terms = useSchoolTerms(schoolId);
  const pack = useDownloadTermPack();
  const term = terms.data?.find((each) => each._id === termId);
  const fileName = `term-pack-${(term ? `${term.session.name} ${term.name}` : 'term').replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.zip`;
  return (
    <Card>
      <CardHeader
        title="Term pack"
        description="One zip for an auditor: the ledger, receipts index, fee approvals, reconciliation exceptions and this verification, with a manifest of file hashes."
      />
      <CardBody className="flex flex-wrap items-end gap-3">
        {may.multiSchool && (
          <SchoolFilter
            className="min-w-56"
            value={chosenSchool}
            onChange={(school) => {
              setChosenSchool(school);
              setTermId('');
            }}
            emptyLabel="Select a school"
          />
        )}
        <div className="min-w-56">
          <TermFilter schoolId={schoolId} value={termId} onChange={setTermId} emptyLabel="Select a term" />
        </div>
        <Button
          disabled={!schoolId || !termId || pack.isPending}
          onClick={() => pack.mutate({ schoolId, termId, fileName })}
        >
          {pack.isPending ? <Spinner /> : <FileArchive className="size-4" aria-hidden="true" />}
          {pack.isPending ? 'Preparing...' : 'Download term pack'}
        </Button>
      </CardBody>
    </Card>
  );
}

export function IntegrityPanel({ may }: { may: AuditPermissions }) {
  return (
    <div className="space-y-4">
      <Verification may={may} />
      <TermPack may={may} />
    </div>
  );
}
