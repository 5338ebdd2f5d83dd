import { type ClassArm, classArmFill } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { useDeleteClassArm } from '../api/delete-class-arm';
import { FILL_BADGE_VARIANT } from '../lib/format';
import { useAcademicPermissions } from '../lib/permissions';
import type { AcademicSelection } from '../stores/use-academic-selection';
import { CardList } from './card-list';
import { ClassArmFormDialog } from './class-arm-form-dialog';
import { DeleteDialog } from './delete-dialog';
import { EntityCard } from './entity-card';
import { NoSchool } from './no-school';

const BAR_COLOUR = { Full: 'bg-red-500', 'Nearly Full': 'bg-amber-500', Available: 'bg-emerald-500' } as const;

export function ClassArmsPanel({ selection }: { selection: AcademicSelection }) {
  const may = useAcademicPermissions();
  const remove = useDeleteClassArm();
  const [editing, setEditing] = useState<ClassArm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ClassArm | null>(null);
  const { school } = selection;
  const classArms = useClassArms(school?._id ?? null);
  if (!school) return <NoSchool selection={selection} noun="class arms" />;

  return (
    <>
      <CardList
        title="Class Arms"
        description={school.name}
        noun="class arms"
        icon={Users}
        query={classArms}
        dense
        nameOf={(item) => item.name}
        keyOf={(item) => item._id}
        add={may.manageClassArms ? { label: 'New Class Arm', onClick: () => setEditing('new') } : undefined}
        emptyHint={`${school.name} has no class arms, such as JSS 1A or SS 2B.`}
        renderItem={(item) => {
          const fill = classArmFill(item.currentStudentCount, item.capacity);
          const percent = item.capacity > 0 ? Math.min(100, (item.currentStudentCount / item.capacity) * 100) : 0;
          return (
            <EntityCard
              name={item.name}
              badges={<Badge variant={FILL_BADGE_VARIANT[fill]}>{fill}</Badge>}
              onEdit={may.manageClassArms ? () => setEditing(item) : undefined}
              onDelete={may.deleteAcademic ? () => setDeleting(item) : undefined}
            >
              <p>
                {item.currentStudentCount} / {item.capacity} students
              </p>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <div className={clsx('h-full rounded-full', BAR_COLOUR[fill])} style={{ width: `${percent}%` }} />
              </div>
            </EntityCard>
          );
        }}
      />
      {editing && (
        <ClassArmFormDialog
          school={school}
          classArm={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteDialog
          entity="class arm"
          name={deleting.name}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
