import { displayName, type User } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { LastLogin, RoleChips, StatusBadge, UserAvatar } from './user-cells';

export interface UserListProps {
  users: readonly User[];
  selected: ReadonlySet<string>;
  onToggle(id: string, checked: boolean): void;
  onToggleAll(checked: boolean): void;
  onEdit(user: User): void;
  mayEdit(user: User): boolean;
  /** False for a reader of the directory, who changes no one: no boxes to tick, no actions. */
  selectable: boolean;
}

interface SelectBoxProps {
  label: string;
  /** Visible text beside the box; the accessible name stays `label`. */
  children?: ReactNode;
  checked: boolean;
  indeterminate?: boolean;
  onChange(checked: boolean): void;
}

/** A bare checkbox named by its aria-label, inside a larger hit area for fingers. */
function SelectBox({ label, children, checked, indeterminate = false, onChange }: SelectBoxProps) {
  return (
    <label className="-m-2 inline-flex cursor-pointer items-center gap-3 p-2">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      />
      {children}
    </label>
  );
}

function EditButton({ user, onEdit }: { user: User; onEdit(user: User): void }) {
  return (
    <button
      type="button"
      onClick={() => onEdit(user)}
      aria-label={`Edit ${displayName(user)}`}
      title="Edit user"
      className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Pencil className="size-4" aria-hidden="true" />
    </button>
  );
}

function NameAndEmail({ user }: { user: User }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar user={user} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900 dark:text-white">{displayName(user)}</p>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
      </div>
    </div>
  );
}

/**
 * A table from the md breakpoint up, stacked cards on phones. Only one is rendered, so every name
 * and checkbox exists once on the page.
 */
export function UserList({ users, selected, onToggle, onToggleAll, onEdit, mayEdit, selectable }: UserListProps) {
  const wide = useMediaQuery('(min-width: 48rem)');
  const selectedCount = users.filter((user) => selected.has(user._id)).length;
  const allSelected = users.length > 0 && selectedCount === users.length;
  const selectAll = (text?: string) => (
    <SelectBox
      label="Select all users"
      checked={allSelected}
      indeterminate={selectedCount > 0 && !allSelected}
      onChange={onToggleAll}
    >
      {text}
    </SelectBox>
  );
  const rowClasses = (user: User) => clsx(selected.has(user._id) && 'bg-emerald-50/70 dark:bg-emerald-500/5');

  if (wide) {
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
            <tr>
              {selectable && (
                <th scope="col" className="w-12 px-5 py-3">
                  {selectAll()}
                </th>
              )}
              <th scope="col" className={selectable ? 'px-3 py-3' : 'px-5 py-3'}>
                User
              </th>
              <th scope="col" className="px-3 py-3">
                Roles
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              <th scope="col" className="px-3 py-3">
                Last login
              </th>
              {selectable && (
                <th scope="col" className="px-5 py-3 text-right">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {users.map((user) => (
              <tr key={user._id} className={rowClasses(user)}>
                {selectable && (
                  <td className="px-5 py-3">
                    <SelectBox
                      label={`Select ${displayName(user)}`}
                      checked={selected.has(user._id)}
                      onChange={(checked) => onToggle(user._id, checked)}
                    />
                  </td>
                )}
                <td className={clsx('max-w-xs py-3', selectable ? 'px-3' : 'px-5')}>
                  <NameAndEmail user={user} />
                </td>
                <td className="px-3 py-3">
                  <RoleChips roles={user.roles} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={user.status} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-600 dark:text-slate-300">
                  <LastLogin lastLogin={user.lastLogin} />
                </td>
                {selectable && (
                  <td className="px-5 py-3 text-right">
                    {mayEdit(user) && <EditButton user={user} onEdit={onEdit} />}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div>
      {selectable && (
        <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
          {selectAll('Select all')}
        </div>
      )}
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {users.map((user) => (
          <li key={user._id} className={clsx('space-y-3 px-4 py-4', rowClasses(user))}>
            <div className="flex items-start gap-3">
              {selectable && (
                <div className="pt-2">
                  <SelectBox
                    label={`Select ${displayName(user)}`}
                    checked={selected.has(user._id)}
                    onChange={(checked) => onToggle(user._id, checked)}
                  />
                </div>
              )}
              <div className="min-w-0 flex-1">
                <NameAndEmail user={user} />
              </div>
              {mayEdit(user) && (
                <div className="-mt-0.5 -mr-2">
                  <EditButton user={user} onEdit={onEdit} />
                </div>
              )}
            </div>
            <div className={clsx('space-y-2', selectable && 'pl-7')}>
              <RoleChips roles={user.roles} />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
                <StatusBadge status={user.status} />
                <span>
                  Last login: <LastLogin lastLogin={user.lastLogin} />
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
