import { formatKobo, type Vendor } from '@schoolledger/domain';
import { Pencil, Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { FilterBar } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, Checkbox, EmptyState, SearchInput, Spinner } from '@/components/ui';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { useVendors } from '../api/get-vendors';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';
import { ListSkeleton } from './list-skeleton';
import { PendingBankChange } from './vendor-bank-change';
import { VendorFormDialog } from './vendor-form-dialog';

type Editing = { vendor?: Vendor } | null;

export function VendorsPanel({ may }: { may: ExpensePermissions }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const vendors = useVendors({ search: search || undefined, include_inactive: includeInactive ? 'true' : undefined });

  const body = (
    <QueryState
      query={vendors}
      loading={
        <Card className="overflow-hidden">
          <ListSkeleton label="Loading vendors..." rows={3} />
        </Card>
      }
      errorTitle={EXPENSE_MESSAGES.vendorsFailed}
      isEmpty={(data) => data.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Store}
            title={search ? 'No vendors found' : 'No vendors yet'}
            description={
              search
                ? `No vendor matches “${search}”.`
                : 'Suppliers and contractors the schools pay, with the bank account each is paid into.'
            }
          />
        </Card>
      }
    >
      {(data) => (
        <Card className="overflow-hidden">
          <VendorList vendors={data} may={may} onEdit={(vendor) => setEditing({ vendor })} />
        </Card>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <FilterBar className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          label="Search vendors"
          placeholder="Name or account number"
          className="sm:w-80"
          value={text}
          onValueChange={setText}
          onSearch={setSearch}
        />
        <Checkbox
          label="Include inactive vendors"
          className="sm:h-10"
          checked={includeInactive}
          onChange={(event) => setIncludeInactive(event.target.checked)}
        />
      </FilterBar>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          Vendors{vendors.data && ` (${vendors.data.length})`}
          {vendors.isFetching && !vendors.isPending && <Spinner className="text-emerald-600" />}
        </h2>
        {may.manage && (
          <Button onClick={() => setEditing({})}>
            <Plus className="size-4" aria-hidden="true" />
            Add vendor
          </Button>
        )}
      </div>
      {body}
      {editing && <VendorFormDialog may={may} vendor={editing.vendor} onClose={() => setEditing(null)} />}
    </div>
  );
}

interface VendorListProps {
  vendors: readonly Vendor[];
  may: ExpensePermissions;
  onEdit(vendor: Vendor): void;
}

function ActiveBadge({ vendor }: { vendor: Vendor }) {
  return <Badge variant={vendor.isActive ? 'green' : 'gray'}>{vendor.isActive ? 'Active' : 'Inactive'}</Badge>;
}

function Contact({ vendor }: { vendor: Vendor }) {
  const lines = [vendor.phone, vendor.email].filter(Boolean);
  if (lines.length === 0) return null;
  return <p className="text-xs break-words text-slate-500 dark:text-slate-400">{lines.join(' · ')}</p>;
}

function EditButton({ vendor, onEdit }: { vendor: Vendor; onEdit(vendor: Vendor): void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Edit ${vendor.name}`} onClick={() => onEdit(vendor)}>
      <Pencil className="size-4" aria-hidden="true" />
      Edit
    </Button>
  );
}

/** A table on wide screens, cards below; only one is rendered. */
function VendorList({ vendors, may, onEdit }: VendorListProps) {
  const wide = useMediaQuery('(min-width: 64rem)');
  if (wide)
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Vendors</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-3">
                Vendor
              </th>
              <th scope="col" className="px-3 py-3">
                Bank account
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Paid so far
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              {may.manage && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
            {vendors.map((vendor) => (
              <tr key={vendor._id}>
                <td className="max-w-72 px-4 py-3">
                  <p className="font-medium break-words text-slate-900 dark:text-white">{vendor.name}</p>
                  <Contact vendor={vendor} />
                </td>
                <td className="max-w-96 px-3 py-3 text-slate-700 dark:text-slate-200">
                  <p>{vendor.bankName}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-mono">{vendor.accountNumber}</span> · {vendor.accountName}
                  </p>
                  {vendor.pendingBankChange && (
                    <PendingBankChange vendor={vendor} change={vendor.pendingBankChange} may={may} />
                  )}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(vendor.totalPaid)}
                </td>
                <td className="px-3 py-3">
                  <ActiveBadge vendor={vendor} />
                </td>
                {may.manage && (
                  <td className="px-4 py-3 text-right">
                    <EditButton vendor={vendor} onEdit={onEdit} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <ul aria-label="Vendors" className="divide-y divide-slate-200 dark:divide-slate-800">
      {vendors.map((vendor) => (
        <li key={vendor._id} className="space-y-2 px-4 py-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-white">{vendor.name}</p>
              <Contact vendor={vendor} />
            </div>
            <ActiveBadge vendor={vendor} />
          </div>
          <p className="text-slate-700 dark:text-slate-200">
            {vendor.bankName} · <span className="font-mono">{vendor.accountNumber}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{vendor.accountName}</span>
          </p>
          {vendor.pendingBankChange && (
            <PendingBankChange vendor={vendor} change={vendor.pendingBankChange} may={may} />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-slate-600 dark:text-slate-300">
              Paid so far{' '}
              <span className="font-medium text-slate-900 tabular-nums dark:text-white">
                {formatKobo(vendor.totalPaid)}
              </span>
            </p>
            {may.manage && <EditButton vendor={vendor} onEdit={onEdit} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
