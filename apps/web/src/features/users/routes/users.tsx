import type { User } from '@schoolledger/domain';
import { Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, EmptyState, PageHeader, Pagination, Spinner } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useBulkDeleteUsers } from '../api/bulk-delete-users';
import { useBulkUpdateUsers } from '../api/bulk-update-users';
import { useExportUsers } from '../api/export-users';
import { type UsersQuery, useUsers } from '../api/get-users';
import { type BulkAction, BulkActionBar, BulkConfirmDialog } from '../components/bulk-actions';
import { CreateUserDialog } from '../components/create-user-dialog';
import { EditUserDialog } from '../components/edit-user-dialog';
import { EraseUserDialog } from '../components/erase-user-dialog';
import { UserFiltersBar } from '../components/user-filters';
import { UserList } from '../components/user-list';
import { LOAD_USERS_FAILED, READ_ONLY_DIRECTORY, SELECT_USERS_FIRST } from '../lib/messages';
import { type UserPermissions, useUserPermissions } from '../lib/permissions';
import { useUserFilters } from '../lib/use-user-filters';

const PAGE_SIZE = 20;

export default function UsersPage() {
  const may = useUserPermissions();
  return (
    <>
      <PageHeader
        title="User Management"
        description={
          may.manage ? 'Staff and parent accounts, their roles and whether they can sign in.' : READ_ONLY_DIRECTORY
        }
        actions={may.view && may.manage ? <AddUserButton may={may} /> : null}
      />
      <UserManagement may={may} />
    </>
  );
}

function AddUserButton({ may }: { may: UserPermissions }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden="true" />
        Add User
      </Button>
      {open && <CreateUserDialog may={may} onClose={() => setOpen(false)} />}
    </>
  );
}

function UserManagement({ may }: { may: UserPermissions }) {
  const { filters, update } = useUserFilters();
  const query: UsersQuery = {
    search: filters.search || undefined,
    role: filters.role || undefined,
    status: filters.status,
    school_id: filters.school || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const users = useUsers(query);
  const bulkUpdate = useBulkUpdateUsers();
  const bulkDelete = useBulkDeleteUsers();
  const exportUsers = useExportUsers();
  const [editing, setEditing] = useState<User | null>(null);
  const [erasing, setErasing] = useState<User | null>(null);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);

  // A selection belongs to the page it was made on: new filters or another page start afresh.
  const listKey = JSON.stringify(query);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
  }

  const rows = users.data?.users ?? [];
  const pagination = users.data?.pagination;
  const selectedUsers = rows.filter((user) => selected.has(user._id));
  // The server refuses the whole batch if one user may not be changed, so those are left out up front.
  const targetsOf = (action: BulkAction) =>
    selectedUsers.filter((user) => may.mayEdit(user) && !(action !== 'activate' && may.isSelf(user)));

  // Deleting the last users of the last page leaves the address past the end.
  const totalPages = pagination?.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);

  const toggle = (id: string, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(new Set(checked ? rows.map((user) => user._id) : []));

  const startBulk = (action: BulkAction) => {
    if (selectedUsers.length === 0) notify.error(SELECT_USERS_FIRST);
    else if (targetsOf(action).length === 0) notify.error(`You cannot ${action} the selected users`);
    else setConfirming(action);
  };

  const runBulk = (action: BulkAction) => {
    const userIds = targetsOf(action).map((user) => user._id);
    const done = { onSuccess: () => setSelected(new Set()), onSettled: () => setConfirming(null) };
    if (action === 'delete') bulkDelete.mutate(userIds, done);
    else bulkUpdate.mutate({ userIds, status: action === 'activate' ? 'active' : 'inactive' }, done);
  };

  const body = (
    <QueryState
      query={users}
      loading="Loading users..."
      errorTitle={LOAD_USERS_FAILED}
      errorFrame="p-4 sm:p-5"
      isEmpty={() => rows.length === 0}
      empty={<EmptyState icon={Users} title="No users found matching your criteria." />}
    >
      {() => (
        <UserList
          users={rows}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onEdit={setEditing}
          mayEdit={may.mayEdit}
          selectable={may.manage}
        />
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <UserFiltersBar filters={filters} update={update} may={may} />
      <Card aria-busy={users.isFetching}>
        <CardHeader
          title={pagination ? `Users (${pagination.total})` : 'Users'}
          actions={
            users.isFetching &&
            !users.isPending && (
              <span className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
                <Spinner className="text-emerald-600" />
                Updating...
              </span>
            )
          }
        />
        {may.manage && (
          <BulkActionBar
            count={selectedUsers.length}
            onAction={startBulk}
            onExport={() =>
              exportUsers.mutate({
                search: query.search,
                role: query.role,
                status: query.status,
                school_id: query.school_id,
              })
            }
            exporting={exportUsers.isPending}
          />
        )}
        {body}
        {pagination && (
          <Pagination
            {...pagination}
            onPageChange={(page) => update({ page })}
            className="border-t border-slate-200 px-4 py-3 sm:px-5 dark:border-slate-800"
          />
        )}
      </Card>
      {editing && (
        <EditUserDialog
          user={editing}
          may={may}
          onClose={() => setEditing(null)}
          onErase={(user) => {
            setEditing(null);
            setErasing(user);
          }}
        />
      )}
      {erasing && <EraseUserDialog user={erasing} onClose={() => setErasing(null)} />}
      {confirming && (
        <BulkConfirmDialog
          action={confirming}
          count={targetsOf(confirming).length}
          skipped={selectedUsers.length - targetsOf(confirming).length}
          pending={bulkUpdate.isPending || bulkDelete.isPending}
          onConfirm={() => runBulk(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
