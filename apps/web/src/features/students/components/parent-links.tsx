import type { Student } from '@schoolledger/domain';
import { UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, FormField, Input, Select } from '@/components/ui';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useLinkParent } from '../api/link-parent';
import { useParentSearch } from '../api/search-parents';
import { useUnlinkParent } from '../api/unlink-parent';

function LinkParentForm({ student }: { student: Student }) {
  const [search, setSearch] = useState('');
  const [parentId, setParentId] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const parents = useParentSearch(debounced);
  const link = useLinkParent();
  const linked = new Set(student.parents.map((parent) => parent._id));
  const options = parents.data?.filter((parent) => !linked.has(parent._id)) ?? [];
  const chosen = options.some((parent) => parent._id === parentId) ? parentId : (options[0]?._id ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    link.mutate({ studentId: student._id, parentId: chosen }, { onSuccess: () => setParentId('') });
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <FormField label="Search parents" hint="By name or email.">
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <FormField
        label="Parent"
        hint={parents.isSuccess && options.length === 0 ? 'No parent accounts match.' : undefined}
      >
        <Select value={chosen} onChange={(event) => setParentId(event.target.value)} disabled={options.length === 0}>
          {options.length === 0 && <option value="">{parents.isFetching ? 'Searching...' : 'No parents found'}</option>}
          {options.map((parent) => (
            <option key={parent._id} value={parent._id}>
              {parent.firstname} {parent.lastname} ({parent.email})
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" size="sm" disabled={!chosen} loading={link.isPending}>
        Link parent
      </Button>
    </form>
  );
}

export function ParentLinks({ student, canManage }: { student: Student; canManage: boolean }) {
  const unlink = useUnlinkParent();
  return (
    <div className="space-y-4">
      {student.parents.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No parent account is linked yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {student.parents.map((parent) => (
            <li key={parent._id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{parent.name}</p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">{parent.email}</p>
              </div>
              {canManage && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Unlink ${parent.name}`}
                  title="Unlink"
                  disabled={unlink.isPending}
                  onClick={() => unlink.mutate({ studentId: student._id, parentId: parent._id })}
                >
                  <UserMinus className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Unlink</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <LinkParentForm student={student} />}
    </div>
  );
}
