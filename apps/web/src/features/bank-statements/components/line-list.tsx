import {
  type BankLineStatus,
  type BankStatementLine,
  type BankStatementLines,
  displayName,
} from '@schoolledger/domain';
import { Ban, CheckCheck, Inbox, SearchX } from 'lucide-react';
import { useState } from 'react';
import { type QueryLike, QueryState } from '@/components/query-state';
import { EmptyState, LoadingState } from '@/components/ui';
import { type CreditTarget, EMPTY_TEXT } from '../lib/texts';
import { ConfirmLineDialog } from './confirm-line-dialog';
import { FindStudentDialog } from './find-student-dialog';
import { type LineActions, LineCard } from './line-card';
import { RejectLineDialog } from './reject-line-dialog';

const EMPTY_ICONS = { review: Inbox, unmatched: SearchX, confirmed: CheckCheck, ignored: Ban } as const;

const LOADING: Record<BankLineStatus, string> = {
  review: 'Loading lines to review...',
  unmatched: 'Loading unmatched lines...',
  confirmed: 'Loading credited lines...',
  ignored: 'Loading lines that are not payments...',
};

type Dialog =
  | { kind: 'confirm'; line: BankStatementLine; target: CreditTarget }
  | { kind: 'reject'; line: BankStatementLine }
  | { kind: 'find'; line: BankStatementLine };

/** One tab's lines as cards, with the dialogs that decide them. */
export function LineList({
  status,
  schoolId,
  query,
}: {
  status: BankLineStatus;
  schoolId: string;
  query: QueryLike<BankStatementLines>;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const actions: LineActions = {
    onConfirm: (line, candidate) => setDialog({ kind: 'confirm', line, target: candidate }),
    onReject: (line) => setDialog({ kind: 'reject', line }),
    onFind: (line) => setDialog({ kind: 'find', line }),
  };
  const empty = EMPTY_TEXT[status];

  return (
    <>
      <QueryState
        query={query}
        loading={<LoadingState label={LOADING[status]} />}
        errorTitle="Failed to load the statement lines"
        isEmpty={(data) => data.lines.length === 0}
        empty={<EmptyState icon={EMPTY_ICONS[status]} title={empty.title} description={empty.description} />}
      >
        {(data) => (
          <ul aria-label="Statement lines" className="space-y-4">
            {data.lines.map((line) => (
              <LineCard key={line._id} line={line} actions={actions} />
            ))}
          </ul>
        )}
      </QueryState>
      {dialog?.kind === 'confirm' && <ConfirmLineDialog line={dialog.line} target={dialog.target} onClose={close} />}
      {dialog?.kind === 'reject' && <RejectLineDialog line={dialog.line} onClose={close} />}
      {dialog?.kind === 'find' && (
        <FindStudentDialog
          line={dialog.line}
          schoolId={schoolId}
          onClose={close}
          onChoose={(student) =>
            setDialog({
              kind: 'confirm',
              line: dialog.line,
              target: { student: { _id: student._id, name: displayName(student), reg_no: student.regNo }, claim: null },
            })
          }
        />
      )}
    </>
  );
}
