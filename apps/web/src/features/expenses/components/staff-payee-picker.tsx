import { ROLE_BADGES, type Role } from '@schoolledger/domain';
import { useId, useState } from 'react';
import { Button, SearchInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useExpensePayees } from '../api/get-expense-payees';
import { EXPENSE_MESSAGES } from '../lib/messages';

export interface PickedStaff {
  _id: string;
  name: string;
}

export interface StaffPayeePickerProps {
  /** Only this school's staff can be paid; nothing is searched before it is chosen. */
  schoolId: string;
  picked: PickedStaff | null;
  onPick(staff: PickedStaff | null): void;
  error?: string | undefined;
}

/** Finds the member of staff an expense pays, by name or email. */
export function StaffPayeePicker({ schoolId, picked, onPick, error }: StaffPayeePickerProps) {
  const errorId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const payees = useExpensePayees(schoolId, term);

  if (picked)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
        <p className="min-w-0 text-sm">
          <span className="block text-slate-500 dark:text-slate-400">Member of staff</span>
          <span className="font-medium break-words text-slate-900 dark:text-white">{picked.name}</span>
        </p>
        <Button variant="secondary" size="sm" onClick={() => onPick(null)}>
          Change staff
        </Button>
      </div>
    );

  return (
    <div className="space-y-2">
      <SearchInput
        label="Search staff"
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
        placeholder={schoolId ? 'Name or email' : 'Select a school first'}
        disabled={!schoolId}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {term !== '' && schoolId !== '' && (
        <div aria-live="polite">
          {payees.isPending ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Searching...</p>
          ) : payees.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(payees.error, EXPENSE_MESSAGES.payeesFailed)}
            </p>
          ) : payees.data.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No staff match “{term}”.</p>
          ) : (
            <ul
              aria-label="Matching staff"
              className="max-h-60 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {payees.data.map((payee) => (
                <li key={payee._id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900 dark:text-white">{payee.name}</span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {payee.roles.map((role) => ROLE_BADGES[role as Role] ?? role).join(', ')} · {payee.email}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Choose ${payee.name}`}
                    onClick={() => {
                      onPick({ _id: payee._id, name: payee.name });
                      setText('');
                      setTerm('');
                    }}
                  >
                    Choose
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
