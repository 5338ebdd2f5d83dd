import type { Student } from '@schoolledger/domain';
import { Plus, Search, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, ConfirmDialog, EmptyState, Pagination } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useDeleteStudent, useDeleteStudents } from '../api/delete-student';
import { useStudents } from '../api/get-students';
import { FILTER_KEYS, type StudentFilters } from '../lib/filters';
import { useStudentError } from '../stores/student-error';
import { ExportMenu } from './export-menu';
import { StudentCard } from './student-card';

export interface StudentListProps {
  filters: StudentFilters;
  page: number;
  onFilters(changes: Partial<StudentFilters>): void;
  onPage(page: number): void;
  onOpen(student: Student): void;
  /** Add, edit and delete are offered only to those who may manage students. */
  canManage: boolean;
  onAdd(): void;
  onEdit(student: Student): void;
}

export function StudentList({ filters, page, onFilters, onPage, onOpen, canManage, onAdd, onEdit }: StudentListProps) {
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search.trim(), 350);
  const [selection, setSelection] = useState<ReadonlyMap<string, Student>>(new Map());
  const [toDelete, setToDelete] = useState<Student | null>(null);
  const [bulkDelete, setBulkDelete] = useState(false);
  const query = useStudents({ ...filters, page });
  const deleteOne = useDeleteStudent();
  const deleteMany = useDeleteStudents();
  const showError = useStudentError((state) => state.show);

  useEffect(() => {
    if (debounced !== filters.search) onFilters({ search: debounced });
  }, [debounced, filters.search, onFilters]);

  useEffect(() => {
    if (query.isError) showError(errorMessage(query.error, 'Failed to fetch students'));
  }, [query.isError, query.error, showError]);

  // A selection belongs to the filters it was made under; the export uses those same filters.
  const filterKey = JSON.stringify(filters);
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    setSelectionKey(filterKey);
    setSelection(new Map());
  }

  // Deleting the last student of the last page leaves it empty; step back to the new last page.
  const totalPages = query.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && page > 1 && page > totalPages) onPage(Math.max(totalPages, 1));
  }, [query.isSuccess, query.isPlaceholderData, page, totalPages, onPage]);

  const students = query.data?.students ?? [];
  const pagination = query.data?.pagination;
  const filtered = Boolean(filters.search) || FILTER_KEYS.some((key) => filters[key]);
  const allOnPage = students.length > 0 && students.every((student) => selection.has(student._id));

  function toggle(student: Student) {
    setSelection((current) => {
      const next = new Map(current);
      if (next.has(student._id)) next.delete(student._id);
      else next.set(student._id, student);
      return next;
    });
  }

  function togglePage() {
    setSelection((current) => {
      const next = new Map(current);
      for (const student of students) {
        if (allOnPage) next.delete(student._id);
        else next.set(student._id, student);
      }
      return next;
    });
  }

  const body = (
    <QueryState
      query={query}
      loading="Loading students..."
      errorTitle="Failed to fetch students"
      staleNote="The list below is as it was last loaded."
      isEmpty={(data) => data.students.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Users}
            title="No students found"
            description={
              filtered ? 'Try adjusting your search or filters.' : 'Get started by adding your first student.'
            }
            action={
              !filtered &&
              canManage && (
                <Button onClick={onAdd}>
                  <Plus className="size-4" aria-hidden="true" />
                  Add Student
                </Button>
              )
            }
          />
        </Card>
      }
    >
      {(data) => (
        <ul
          aria-label="Students"
          aria-busy={query.isPlaceholderData || undefined}
          className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 xl:grid-cols-3"
        >
          {data.students.map((student) => (
            <StudentCard
              key={student._id}
              student={student}
              selected={selection.has(student._id)}
              onToggle={() => toggle(student)}
              onOpen={() => onOpen(student)}
              onEdit={canManage ? () => onEdit(student) : undefined}
              onDelete={canManage ? () => setToDelete(student) : undefined}
            />
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search students by name, email, or registration number..."
          aria-label="Search students"
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
      </div>

      {students.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-900">
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              checked={allOnPage}
              onChange={togglePage}
              className="size-4 rounded border-slate-300 accent-emerald-600"
            />
            Select all on this page
          </label>
          {selection.size > 0 && (
            <p className="text-sm font-medium text-slate-900 dark:text-white" aria-live="polite">
              {selection.size} selected
            </p>
          )}
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {selection.size > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setSelection(new Map())}>
                Clear selection
              </Button>
            )}
            <ExportMenu
              filters={filters}
              note={
                pagination &&
                `The file lists all ${pagination.total} ${pagination.total === 1 ? 'student' : 'students'} matching the current search and filters.`
              }
            />
            {selection.size > 0 && canManage && (
              <Button variant="danger" size="sm" onClick={() => setBulkDelete(true)}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete Selected
              </Button>
            )}
          </div>
        </div>
      )}

      {body}

      {pagination && <Pagination {...pagination} onPageChange={onPage} />}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteOne.isPending && setToDelete(null)}
        title="Delete student"
        description={toDelete ? `Are you sure you want to delete ${toDelete.firstname} ${toDelete.lastname}?` : ''}
        confirmLabel="Delete"
        danger
        loading={deleteOne.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const id = toDelete._id;
          deleteOne.mutate(id, {
            onSettled: () => setToDelete(null),
            onSuccess: () =>
              setSelection((current) => {
                const next = new Map(current);
                next.delete(id);
                return next;
              }),
          });
        }}
      />
      <ConfirmDialog
        open={bulkDelete}
        onOpenChange={(open) => !open && !deleteMany.isPending && setBulkDelete(false)}
        title="Delete selected students"
        description={`Are you sure you want to delete ${selection.size} ${selection.size === 1 ? 'student' : 'students'}? This cannot be undone.`}
        confirmLabel="Delete Selected"
        danger
        loading={deleteMany.isPending}
        onConfirm={() =>
          deleteMany.mutate([...selection.keys()], {
            onSettled: () => setBulkDelete(false),
            onSuccess: () => setSelection(new Map()),
          })
        }
      />
    </div>
  );
}
