import { FormField, Select } from '@/components/ui';
import type { AcademicSelection } from '../stores/use-academic-selection';

export interface AcademicSelectorProps {
  selection: AcademicSelection;
  /** How deep the picker goes: school only, school and session, or down to the term. */
  depth?: 'school' | 'session' | 'term';
  /** Label of the empty session choice; the terms page lists every term of the school then. */
  allSessionsLabel?: string;
}

/**
 * School → session → term. Choosing a school clears the session and term below it; choosing a
 * session clears the term (SPEC §4). The choice is remembered between visits.
 */
export function AcademicSelector({ selection, depth = 'term', allSessionsLabel }: AcademicSelectorProps) {
  const { schools, school, sessions, session, terms, term } = selection;
  const schoolList = schools.data ?? [];
  const sessionList = sessions.data ?? [];
  const termList = terms.data ?? [];

  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
      <FormField label="School">
        <Select
          value={school?._id ?? ''}
          onChange={(event) => selection.selectSchool(event.target.value || null)}
          disabled={schools.isPending || schoolList.length === 0}
        >
          <option value="">
            {schools.isPending ? 'Loading schools...' : schoolList.length ? 'Select a school' : 'None available'}
          </option>
          {schoolList.map((item) => (
            <option key={item._id} value={item._id}>
              {item.isActive ? item.name : `${item.name} (inactive)`}
            </option>
          ))}
        </Select>
      </FormField>
      {depth !== 'school' && (
        <FormField label="Session">
          <Select
            value={session?._id ?? ''}
            onChange={(event) => selection.selectSession(event.target.value || null)}
            disabled={!school || sessions.isPending || sessionList.length === 0}
          >
            <option value="">
              {!school
                ? 'Select a school first'
                : sessions.isPending
                  ? 'Loading sessions...'
                  : sessionList.length === 0
                    ? 'None available'
                    : (allSessionsLabel ?? 'Select a session')}
            </option>
            {sessionList.map((item) => (
              <option key={item._id} value={item._id}>
                {item.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {depth === 'term' && (
        <FormField label="Term">
          <Select
            value={term?._id ?? ''}
            onChange={(event) => selection.selectTerm(termList.find((item) => item._id === event.target.value) ?? null)}
            disabled={!session || terms.isPending || termList.length === 0}
          >
            <option value="">
              {!session
                ? 'Select a session first'
                : terms.isPending
                  ? 'Loading terms...'
                  : termList.length === 0
                    ? 'None available'
                    : 'Select a term'}
            </option>
            {termList.map((item) => (
              <option key={item._id} value={item._id}>
                {item.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
    </div>
  );
}
