import {
  EXPENSE_ATTACHMENT_KIND_LABELS,
  EXPENSE_ATTACHMENT_KINDS,
  type ExpenseAttachment,
  type ExpenseAttachmentKind,
  type ExpenseDetail,
  type ExpenseStatus,
} from '@schoolledger/domain';
import { FileDown, FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, Card, CardBody, CardHeader, ConfirmDialog, FormField, Input, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { formatBytes } from '@/lib/format-size';
import { notify } from '@/lib/notify';
import { useDeleteExpenseAttachment } from '../api/delete-expense-attachment';
import { downloadExpenseAttachment } from '../api/download-expense-attachment';
import { useUploadExpenseAttachment } from '../api/upload-expense-attachment';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '../lib/files';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';

/** A receipt after payment is normal; a cancelled or rejected request takes no more documents. */
const takesAttachments = (status: ExpenseStatus) => status !== 'cancelled' && status !== 'rejected';
/** What was approved keeps the documents it was approved on. */
const dropsAttachments = (status: ExpenseStatus) => status === 'draft' || status === 'pending_approval';

function UploadForm({ expenseId }: { expenseId: string }) {
  const upload = useUploadExpenseAttachment();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ExpenseAttachmentKind>('invoice');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const send = () => {
    if (!file) {
      setProblem(EXPENSE_MESSAGES.selectFile);
      return;
    }
    upload.mutate(
      { id: expenseId, kind, file },
      {
        onSuccess: () => {
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => setProblem(errorMessage(error, EXPENSE_MESSAGES.attachmentFailed)),
      },
    );
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
      <FormField label="Kind">
        <Select value={kind} onChange={(event) => setKind(event.target.value as ExpenseAttachmentKind)}>
          {EXPENSE_ATTACHMENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {EXPENSE_ATTACHMENT_KIND_LABELS[value]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="File" error={problem} hint="An image (PNG, JPEG, WebP) or a PDF, under 5MB">
        <Input
          ref={input}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="py-1.5"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const refused = picked ? attachmentProblem(picked) : null;
            setProblem(refused ?? undefined);
            setFile(refused ? null : picked);
            if (refused) event.target.value = '';
          }}
        />
      </FormField>
      <Button className="sm:mt-6.5" loading={upload.isPending} onClick={send}>
        {!upload.isPending && <Upload className="size-4" aria-hidden="true" />}
        {upload.isPending ? 'Uploading...' : 'Upload'}
      </Button>
    </div>
  );
}

/** Invoices, quotations and receipts behind the request: private files, fetched with the caller's session. */
export function AttachmentsCard({ expense, may }: { expense: ExpenseDetail; may: ExpensePermissions }) {
  const remove = useDeleteExpenseAttachment();
  const [removing, setRemoving] = useState<ExpenseAttachment | null>(null);
  const mayRemove = may.manage && dropsAttachments(expense.status);
  const { attachments } = expense;

  return (
    <Card>
      <CardHeader title="Attachments" description="Invoices, quotations and receipts" />
      <CardBody className="space-y-4">
        {attachments.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No attachments yet.</p>
        ) : (
          <ul aria-label="Attachments" className="divide-y divide-slate-200 dark:divide-slate-800">
            {attachments.map((attachment) => (
              <li
                key={attachment._id}
                className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm first:pt-0"
              >
                <div className="flex min-w-0 items-start gap-3">
                  <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium break-all text-slate-900 dark:text-white">{attachment.fileName}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {EXPENSE_ATTACHMENT_KIND_LABELS[attachment.kind]} · {formatBytes(attachment.size)} ·{' '}
                      {attachment.uploadedBy?.name ?? 'Unknown'}, {formatDateTime(attachment.createdAt)}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Download ${attachment.fileName}`}
                    onClick={() =>
                      downloadExpenseAttachment({
                        id: expense._id,
                        attachmentId: attachment._id,
                        fileName: attachment.fileName,
                      }).catch((error) => notify.error(errorMessage(error, EXPENSE_MESSAGES.attachmentDownloadFailed)))
                    }
                  >
                    <FileDown className="size-4" aria-hidden="true" />
                    Download
                  </Button>
                  {mayRemove && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${attachment.fileName}`}
                      onClick={() => setRemoving(attachment)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {may.manage && takesAttachments(expense.status) && <UploadForm expenseId={expense._id} />}
      </CardBody>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Remove attachment"
        description={`Remove “${removing?.fileName ?? ''}” from ${expense.reference}? The file is deleted.`}
        confirmLabel="Remove attachment"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate({ id: expense._id, attachmentId: removing._id }, { onSuccess: () => setRemoving(null) })
        }
      />
    </Card>
  );
}
