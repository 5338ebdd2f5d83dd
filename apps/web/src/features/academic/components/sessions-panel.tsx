import { type AcademicSession, isCurrentPeriod, sessionBadge, todayIn } from '@schoolledger/domain';
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui';
import { formatDateRange } from '@/lib/dates';
import { useDeleteSession } from '../api/delete-session';
import { useAcademicPermissions } from '../lib/permissions';
import type { AcademicSelection } from '../stores/use-academic-selection';
import { CardList } from './card-list';
import { DeleteDialog } from './delete-dialog';
import { EntityCard } from './entity-card';
import { NoSchool } from './no-school';
import { SessionFormDialog } from './session-form-dialog';

export function SessionsPanel({ selection }: { selection: AcademicSelection }) {
  const may = useAcademicPermissions();
  const remove = useDeleteSession();
  const [editing, setEditing] = useState<AcademicSession | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AcademicSession | null>(null);
  const { school, sessions, session: selected } = selection;
  if (!school) return <NoSchool selection={selection} noun="sessions" />;
  const today = todayIn();

  return (
    <>
      <CardList
        title="Sessions"
        description={school.name}
        noun="sessions"
        icon={CalendarRange}
        query={sessions}
        nameOf={(item) => item.name}
        keyOf={(item) => item._id}
        add={may.manageSessions ? { label: 'New Session', onClick: () => setEditing('new') } : undefined}
        emptyHint={`${school.name} has no academic sessions. A session runs from September to July, such as 2025/2026.`}
        renderItem={(item) => (
          <EntityCard
            name={item.name}
            subtitle={formatDateRange(item)}
            badges={
              <>
                {isCurrentPeriod(item, today) && <Badge variant="blue">Current</Badge>}
                <Badge variant={item.isActive ? 'green' : 'gray'}>{sessionBadge(item)}</Badge>
              </>
            }
            selected={item._id === selected?._id}
            onSelect={() => selection.selectSession(item._id)}
            onEdit={may.manageSessions ? () => setEditing(item) : undefined}
            onDelete={may.deleteAcademic ? () => setDeleting(item) : undefined}
          />
        )}
      />
      {editing && (
        <SessionFormDialog
          school={school}
          session={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteDialog
          entity="session"
          name={deleting.name}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
