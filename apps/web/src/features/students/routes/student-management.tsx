import { can, type Student } from '@schoolledger/domain';
import { ArrowUpRight, Filter, Plus, Upload } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import {
  AccessDenied,
  Button,
  ErrorBanner,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { FilterChips, FilterPanel } from '../components/filter-panel';
import { ImportDialog } from '../components/import-dialog';
import { PromoteClassDialog } from '../components/promote-class-dialog';
import { StatisticsView } from '../components/statistics-view';
import { StudentDetailSheet } from '../components/student-detail-sheet';
import { StudentFormDialog } from '../components/student-form-dialog';
import { StudentList } from '../components/student-list';
import { FILTER_KEYS, useStudentFilters } from '../lib/filters';
import { useStudentError } from '../stores/student-error';

type Dialog =
  | { kind: 'form'; student?: Student | undefined }
  | { kind: 'import' }
  | { kind: 'promote' }
  | { kind: 'detail'; student: Student }
  | null;

export default function StudentManagementPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  if (!can(roles, 'students.view')) {
    return (
      <>
        <PageHeader title="Student Management" />
        <AccessDenied message="You don't have permission to access student management. This feature is only available to Administrators, ICT Administrators, Proprietors and Principals." />
      </>
    );
  }
  return <StudentManagement canManage={can(roles, 'students.manage')} canPromote={can(roles, 'students.promote')} />;
}

function StudentManagement({ canManage, canPromote }: { canManage: boolean; canPromote: boolean }) {
  const panelId = useId();
  const { filters, page, update } = useStudentFilters();
  const activeFilters = FILTER_KEYS.filter((key) => filters[key]).length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const [view, setView] = useState('list');
  const [dialog, setDialog] = useState<Dialog>(null);
  const error = useStudentError((state) => state.message);

  // Each page is a step in the history, so Back returns to the page before.
  const changePage = useCallback((nextPage: number) => update({ page: nextPage }, { replace: false }), [update]);

  const openForm = (student?: Student) => setDialog({ kind: 'form', student });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Student Management"
        description="Enrol students, keep their records current and follow the numbers."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
            >
              <Filter className="size-4" aria-hidden="true" />
              Filters
              {activeFilters > 0 && (
                <span className="rounded-full bg-emerald-600 px-1.5 text-xs text-white" aria-hidden="true">
                  {activeFilters}
                </span>
              )}
            </Button>
            {canPromote && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'promote' })}>
                <ArrowUpRight className="size-4" aria-hidden="true" />
                Promote Class
              </Button>
            )}
            {canManage && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
                <Upload className="size-4" aria-hidden="true" />
                Import
              </Button>
            )}
            {canManage && (
              <Button onClick={() => openForm()}>
                <Plus className="size-4" aria-hidden="true" />
                Add Student
              </Button>
            )}
          </>
        }
      />

      {error && <ErrorBanner title="Error">{error}</ErrorBanner>}

      {filtersOpen && <FilterPanel id={panelId} filters={filters} onChange={update} />}
      <FilterChips filters={filters} onChange={update} />

      <Tabs value={view} onValueChange={setView}>
        <TabsList>
          <TabsTrigger value="list">Student List</TabsTrigger>
          <TabsTrigger value="stats">Statistics</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <StudentList
            filters={filters}
            page={page}
            onFilters={update}
            onPage={changePage}
            onOpen={(student) => setDialog({ kind: 'detail', student })}
            canManage={canManage}
            onAdd={() => openForm()}
            onEdit={openForm}
          />
        </TabsContent>
        <TabsContent value="stats">
          <StatisticsView filters={filters} />
        </TabsContent>
      </Tabs>

      {dialog?.kind === 'form' && <StudentFormDialog student={dialog.student} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'promote' && <PromoteClassDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'detail' && (
        <StudentDetailSheet
          student={dialog.student}
          canManage={canManage}
          canPromote={canPromote}
          onEdit={openForm}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
