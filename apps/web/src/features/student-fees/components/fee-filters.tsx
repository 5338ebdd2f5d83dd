import type { AcademicSession, Term } from '@schoolledger/domain';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, FormField, Select } from '@/components/ui';
import { type FeeFilter, NO_FILTER } from '../lib/filters';

export interface FeeFiltersProps {
  sessions: readonly AcademicSession[];
  terms: readonly Term[];
  filter: FeeFilter;
  onChange(filter: FeeFilter): void;
  /** The school's sessions and terms could not be loaded; the server's current term is shown. */
  unavailable: boolean;
  /** The parent's child switcher, placed first in the row. */
  childPicker?: ReactNode;
}

/** SPEC §2: filter by session or by term; choosing one clears the other. */
export function FeeFilters({ sessions, terms, filter, onChange, unavailable, childPicker }: FeeFiltersProps) {
  const filtered = Boolean(filter.sessionId || filter.termId);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end dark:border-slate-800 dark:bg-slate-900">
      {childPicker}
      <FormField label="Session" className="sm:w-48">
        <Select
          value={filter.sessionId}
          disabled={unavailable}
          onChange={(event) => onChange({ sessionId: event.target.value, termId: '' })}
        >
          <option value="">Select session</option>
          {sessions.map((session) => (
            <option key={session._id} value={session._id}>
              {session.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Term" className="sm:w-80">
        <Select
          value={filter.termId}
          disabled={unavailable}
          onChange={(event) => onChange({ sessionId: '', termId: event.target.value })}
        >
          <option value="">Select term</option>
          {terms.map((term) => (
            <option key={term._id} value={term._id}>
              {`${term.name} (${term.session.name})${term.isCurrent ? ' · Current' : ''}`}
            </option>
          ))}
        </Select>
      </FormField>
      <Button variant="secondary" onClick={() => onChange(NO_FILTER)} disabled={!filtered}>
        <X className="size-4" aria-hidden="true" />
        Clear Filters
      </Button>
      {unavailable && (
        <p className="text-sm text-slate-500 sm:basis-full dark:text-slate-400">
          Sessions and terms could not be loaded, so the current term&apos;s fees are shown.
        </p>
      )}
    </div>
  );
}
