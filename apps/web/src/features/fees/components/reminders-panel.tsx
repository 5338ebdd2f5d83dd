import { formatKobo, type PaymentReminder, type ReminderStage } from '@schoolledger/domain';
import { BellRing, Plus, Send, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FilterBar, SchoolFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import {
  Badge,
  type BadgeVariant,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  FormField,
  Pagination,
  Select,
  Spinner,
} from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';
import { type PaymentRemindersQuery, usePaymentReminders } from '../api/get-payment-reminders';
import { useSendPaymentReminder } from '../api/send-payment-reminder';
import type { FeePermissions } from '../lib/permissions';
import { REMINDER_MESSAGES, REMINDER_STAGE_LABELS, recipientText } from '../lib/reminder-messages';
import { SENT_FILTERS, type SentFilter, sentQuery, useReminderFilters } from '../lib/use-reminder-filters';
import { NewReminderDialog } from './new-reminder-dialog';
import { RemindDebtorsDialog } from './remind-debtors-dialog';
import { ReminderSettingsCard } from './reminder-settings-card';

const PAGE_SIZE = 20;

const STAGE_BADGES: Record<ReminderStage, BadgeVariant> = {
  due_soon: 'blue',
  urgent: 'yellow',
  overdue: 'red',
  manual: 'gray',
};

/** The payment reminders sent and waiting, one sent by hand, and which automatic ones the school sends. */
export function RemindersPanel({ may, schoolId }: { may: FeePermissions; schoolId: string }) {
  const { filters, update } = useReminderFilters();
  const query: PaymentRemindersQuery = {
    school_id: filters.school || undefined,
    sent: sentQuery(filters.rsent),
    page: filters.rpage,
    limit: PAGE_SIZE,
  };
  const reminders = usePaymentReminders(query);
  const send = useSendPaymentReminder();
  const [sending, setSending] = useState<PaymentReminder | null>(null);
  const [creating, setCreating] = useState(false);
  const [remindingAll, setRemindingAll] = useState(false);

  // Sending can leave the address past the last page of the unsent ones.
  const totalPages = reminders.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.rpage > totalPages) update({ rpage: totalPages });
  }, [totalPages, filters.rpage, update]);

  const body = (
    <QueryState
      query={reminders}
      loading={REMINDER_MESSAGES.loading}
      errorTitle={REMINDER_MESSAGES.loadFailed}
      isEmpty={(data) => data.reminders.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={BellRing}
            title={filters.rsent === 'all' ? 'No payment reminders yet' : 'No payment reminders found'}
            description={
              filters.rsent === 'all'
                ? 'Reminders appear here as fees fall due, and when you remind a student of a fee they owe.'
                : 'Try another filter.'
            }
          />
        </Card>
      }
    >
      {({ reminders: rows, pagination }) => (
        <>
          <Card>
            <ul aria-label="Payment reminders" className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((reminder) => (
                <ReminderRow key={reminder._id} reminder={reminder} onSend={() => setSending(reminder)} />
              ))}
            </ul>
          </Card>
          <Pagination {...pagination} onPageChange={(rpage) => update({ rpage })} />
        </>
      )}
    </QueryState>
  );

  // Those who see several schools choose the one to remind in and to set up.
  const activeSchool = may.multiSchool ? filters.school : schoolId;

  return (
    <div className="space-y-4">
      <FilterBar className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {may.multiSchool && (
          <SchoolFilter
            className="sm:w-56"
            value={filters.school}
            onChange={(school) => update({ school })}
            emptyLabel="All Schools"
          />
        )}
        <FormField label="Show" className="sm:w-56">
          <Select value={filters.rsent} onChange={(event) => update({ rsent: event.target.value as SentFilter })}>
            {SENT_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="sm:ml-auto">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              disabled={!activeSchool}
              onClick={() => setRemindingAll(true)}
            >
              <Users className="size-4" aria-hidden="true" />
              Remind all who owe
            </Button>
            <Button className="w-full sm:w-auto" disabled={!activeSchool} onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" />
              New reminder
            </Button>
          </div>
          {!activeSchool && <p className="mt-1 text-xs text-slate-500">Select a school first</p>}
        </div>
      </FilterBar>
      <h2
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
        aria-busy={reminders.isFetching}
      >
        {reminders.data ? `Reminders (${reminders.data.pagination.total})` : 'Reminders'}
        {reminders.isFetching && !reminders.isPending && <Spinner className="text-emerald-600" />}
      </h2>
      {body}
      <ReminderSettingsCard schoolId={activeSchool} />
      {sending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !send.isPending && setSending(null)}
          title="Send payment reminder"
          description={`Send ${sending.recipientName} a reminder that ${formatKobo(sending.amount)} of ${sending.feeName} is due on ${formatDate(sending.dueDate)}?`}
          confirmLabel="Send reminder"
          loading={send.isPending}
          onConfirm={() => send.mutate(sending._id, { onSettled: () => setSending(null) })}
        />
      )}
      {creating && activeSchool && <NewReminderDialog schoolId={activeSchool} onClose={() => setCreating(false)} />}
      {remindingAll && activeSchool && (
        <RemindDebtorsDialog schoolId={activeSchool} onClose={() => setRemindingAll(false)} />
      )}
    </div>
  );
}

function ReminderRow({ reminder, onSend }: { reminder: PaymentReminder; onSend(): void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-white">{reminder.studentName}</span>
          <Badge variant={STAGE_BADGES[reminder.stage]}>{REMINDER_STAGE_LABELS[reminder.stage]}</Badge>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          To {recipientText(reminder)} · {reminder.feeName} ·{' '}
          <span className="font-medium tabular-nums text-slate-900 dark:text-white">{formatKobo(reminder.amount)}</span>{' '}
          due {formatDate(reminder.dueDate)}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3 text-sm">
        {reminder.sent && reminder.sentAt ? (
          <span className="text-slate-600 dark:text-slate-300">Sent {formatDateTime(reminder.sentAt)}</span>
        ) : (
          <>
            <span className="text-amber-800 dark:text-amber-300">Not sent</span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Send reminder to ${reminder.recipientName} about ${reminder.feeName}`}
              onClick={onSend}
            >
              <Send className="size-4" aria-hidden="true" />
              Send
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
