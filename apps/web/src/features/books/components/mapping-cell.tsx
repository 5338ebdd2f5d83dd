import { LEDGER_EXPORT_PACKAGE_LABELS, type LedgerAccount, type LedgerExportPackage } from '@schoolledger/domain';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSetAccountMapping } from '../api/set-account-mapping';
import { mappingProblem } from '../lib/books';

/**
 * An account's name in one accounting package, edited in its row: Enter or Save keeps it, Escape
 * or Cancel leaves it as it was; empty goes back to the account's own code or name.
 */
export function MappingCell({
  account,
  pkg,
  manage,
}: {
  account: LedgerAccount;
  pkg: LedgerExportPackage;
  manage: boolean;
}) {
  const mapped = account.mappings[pkg];
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetAccountMapping();
  const errorId = useId();
  const label = `${LEDGER_EXPORT_PACKAGE_LABELS[pkg]} account for ${account.code} ${account.name}`;
  // Closing the field hands the focus back to the Edit button it replaced, so the keyboard keeps its place.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setText(mapped ?? '');
    setProblem(null);
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = mappingProblem(pkg, text);
    setProblem(found);
    if (found) return;
    save.mutate(
      { id: account._id, mapping: { package: pkg, external_account: text.trim() || null } },
      {
        onSuccess: () => setEditing(false),
        onError: (error) =>
          setProblem(
            (error instanceof ApiError ? error.errors[0]?.message : undefined) ??
              errorMessage(error, 'The mapping could not be saved. Please try again.'),
          ),
      },
    );
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-2">
        {mapped ? (
          <span className="text-slate-900 dark:text-white">{mapped}</span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">Not mapped</span>
        )}
        {manage && (
          <Button ref={editButton} variant="ghost" size="sm" aria-label={`Edit ${label}`} onClick={open}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !save.isPending) setEditing(false);
      }}
      className="min-w-56 space-y-1"
      noValidate
    >
      <div className="flex items-center gap-2">
        <Input
          // Opened by a click on Edit: the field the reader asked for takes the focus.
          autoFocus
          aria-label={label}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          placeholder="Empty: its own code or name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-8"
        />
        <Button type="submit" size="sm" loading={save.isPending}>
          Save
        </Button>
        <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </form>
  );
}
