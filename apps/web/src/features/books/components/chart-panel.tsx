import {
  LEDGER_ACCOUNT_TYPE_LABELS,
  LEDGER_EXPORT_PACKAGE_LABELS,
  LEDGER_EXPORT_PACKAGES,
  type LedgerAccount,
  type LedgerExportPackage,
} from '@schoolledger/domain';
import { ListTree, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardHeader, EmptyState, FormField, Select } from '@/components/ui';
import { useAccounts } from '../api/get-accounts';
import { AccountFormDialog } from './account-form-dialog';
import { MappingCell } from './mapping-cell';
import { Body, Head, Table, TableFrame, Td, Th } from './table';

/**
 * A school's chart of accounts and, for one accounting package at a time, the account each maps to
 * in the journal export. Whoever keeps the books adds accounts, renames them and edits the mapping.
 */
export function ChartPanel({ schoolId, manage }: { schoolId: string; manage: boolean }) {
  const accounts = useAccounts(schoolId);
  const [pkg, setPkg] = useState<LedgerExportPackage>('quickbooks');
  // undefined: no dialog; null: adding; an account: renaming it.
  const [editing, setEditing] = useState<LedgerAccount | null | undefined>(undefined);
  return (
    <Card>
      <CardHeader
        title="Chart of accounts"
        description="The accounts the school's money is posted to. Posted accounts can be renamed, never removed."
        actions={
          manage && (
            <Button size="sm" onClick={() => setEditing(null)}>
              <Plus className="size-4" aria-hidden="true" />
              Add account
            </Button>
          )
        }
      />
      <FormField
        label="Mapping for"
        className="px-5 pt-4 sm:max-w-xs"
        hint="What each account is called in this package's journal import; an account not mapped goes out under its own code or name."
      >
        <Select value={pkg} onChange={(event) => setPkg(event.target.value as LedgerExportPackage)}>
          {LEDGER_EXPORT_PACKAGES.map((each) => (
            <option key={each} value={each}>
              {LEDGER_EXPORT_PACKAGE_LABELS[each]}
            </option>
          ))}
        </Select>
      </FormField>
      <QueryState
        query={accounts}
        loading="Loading the chart of accounts..."
        errorTitle="Failed to load the chart of accounts"
        errorFrame="p-5"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={ListTree} title="No accounts yet" description="The school's chart has no accounts." />}
      >
        {(list) => (
          <div className="pt-4">
            <TableFrame label="Chart of accounts">
              <Table>
                <caption className="sr-only">
                  Chart of accounts, with each account's {LEDGER_EXPORT_PACKAGE_LABELS[pkg]} mapping
                </caption>
                <Head>
                  <Th>Code</Th>
                  <Th>Name</Th>
                  <Th>Type</Th>
                  <Th>{LEDGER_EXPORT_PACKAGE_LABELS[pkg]} account</Th>
                  {manage && (
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  )}
                </Head>
                <Body>
                  {list.map((account) => (
                    <tr key={account._id}>
                      <Td className="whitespace-nowrap tabular-nums">{account.code}</Td>
                      <Td className="min-w-44">
                        {account.name}
                        {account.systemKey && (
                          <Badge variant="gray" className="ml-2">
                            Posted
                          </Badge>
                        )}
                      </Td>
                      <Td className="whitespace-nowrap">{LEDGER_ACCOUNT_TYPE_LABELS[account.type]}</Td>
                      <Td className="min-w-48">
                        <MappingCell key={pkg} account={account} pkg={pkg} manage={manage} />
                      </Td>
                      {manage && (
                        <Td className="text-right">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Rename ${account.code} ${account.name}`}
                            onClick={() => setEditing(account)}
                          >
                            <Pencil className="size-4" aria-hidden="true" />
                            Rename
                          </Button>
                        </Td>
                      )}
                    </tr>
                  ))}
                </Body>
              </Table>
            </TableFrame>
          </div>
        )}
      </QueryState>
      {editing !== undefined && (
        <AccountFormDialog schoolId={schoolId} account={editing} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
