import { can, type TermResult } from '@schoolledger/domain';
import { ClipboardList, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import {
  Button,
  Card,
  CardHeader,
  ConfirmDialog,
  EmptyState,
  FormField,
  PageHeader,
  Pagination,
  Select,
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useDeleteResult } from '../api/delete-result';
import { useDeleteTermResults } from '../api/delete-term-results';
import { useResults } from '../api/get-results';
import { EditResultDialog } from '../components/edit-result-dialog';
import { ImportPanel } from '../components/import-panel';
import { ResultsTable } from '../components/results-table';

/**
 * Term results: choose the term (and the school, for those who see several), import the school's
 * file, then read, correct or remove what was imported. The choice lives in the address, so a
 * dashboard can link straight to a term's results.
 */
export default function ResultsPage() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const canManage = can(roles, 'results.manage');
  const ownSchool = user?.school?._id ?? '';
  const [params, setParams] = useSearchParams();
  const schools = useSchools(!ownSchool);
  const schoolId = params.get('school') ?? (ownSchool || (schools.data?.length === 1 ? schools.data[0]!._id : ''));
  const terms = useSchoolTerms(schoolId);
  const termId = params.get('term') ?? terms.data?.find((term) => term.isCurrent)?._id ?? terms.data?.at(-1)?._id ?? '';
  const term = terms.data?.find((candidate) => candidate._id === termId);
  const [page, setPage] = useState(1);
  const results = useResults(termId, page);
  const [editing, setEditing] = useState<TermResult | null>(null);
  const [deleting, setDeleting] = useState<TermResult | null>(null);
  const [wiping, setWiping] = useState(false);
  const removeOne = useDeleteResult();
  const removeAll = useDeleteTermResults();

  const choose = (next: Record<string, string>) => {
    setPage(1);
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value) merged.set(key, value);
        else merged.delete(key);
      }
      return merged;
    });
  };

  const total = results.data?.pagination.total ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Results"
        description="Term results as your school's result software computed them. Dashboards show only what is imported here."
      />
      <Card>
        <div className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
          {!ownSchool && (
            <FormField label="School">
              <Select value={schoolId} onChange={(event) => choose({ school: event.target.value, term: '' })}>
                <option value="">Select a school</option>
                {schools.data?.map((school) => (
                  <option key={school._id} value={school._id}>
                    {school.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField label="Term">
            <Select value={termId} onChange={(event) => choose({ term: event.target.value })} disabled={!schoolId}>
              <option value="">{schoolId ? 'Select a term' : 'Select a school first'}</option>
              {terms.data?.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.session.name} · {option.name}
                  {option.isCurrent ? ' (current)' : ''}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      </Card>

      {canManage && term && schoolId && <ImportPanel schoolId={schoolId} termId={term._id} termName={term.name} />}

      {termId && (
        <Card className="overflow-hidden">
          <CardHeader
            title={term ? `${term.name} results` : 'Results'}
            description={results.data ? `${total} students with results` : undefined}
            actions={
              canManage &&
              total > 0 && (
                <Button variant="danger" size="sm" onClick={() => setWiping(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete all
                </Button>
              )
            }
          />
          <QueryState
            query={results}
            loading="Loading results..."
            errorTitle="Failed to fetch results"
            errorFrame="p-4"
            isEmpty={(data) => data.pagination.total === 0}
            empty={
              <EmptyState
                icon={ClipboardList}
                title="No results imported for this term"
                description={canManage ? 'Import your result software’s file above.' : 'Nothing has been recorded yet.'}
                className="py-10"
              />
            }
          >
            {(data) => (
              <>
                <ResultsTable results={data.results} canManage={canManage} onEdit={setEditing} onDelete={setDeleting} />
                <Pagination
                  page={page}
                  totalPages={data.pagination.totalPages}
                  total={data.pagination.total}
                  limit={data.pagination.limit}
                  onPageChange={setPage}
                  className="border-t border-slate-200 px-4 py-3 dark:border-slate-800"
                />
              </>
            )}
          </QueryState>
        </Card>
      )}

      {editing && <EditResultDialog result={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete result"
        description={deleting ? `Delete ${deleting.student.name}'s results for ${deleting.term.name}?` : undefined}
        confirmLabel="Delete"
        danger
        loading={removeOne.isPending}
        onConfirm={() => deleting && removeOne.mutate(deleting._id, { onSuccess: () => setDeleting(null) })}
      />
      <ConfirmDialog
        open={wiping}
        onOpenChange={setWiping}
        title="Delete all results of the term"
        description={`Delete the results of all ${total} students for ${term?.name ?? 'this term'}? Dashboards will say "Not recorded yet" until you import again.`}
        confirmLabel="Delete all"
        danger
        loading={removeAll.isPending}
        onConfirm={() => removeAll.mutate(termId, { onSuccess: () => setWiping(false) })}
      />
    </div>
  );
}
