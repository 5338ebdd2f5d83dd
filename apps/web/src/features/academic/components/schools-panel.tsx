import type { GroupSchool, School } from '@schoolledger/domain';
import { plural } from '@schoolledger/domain';
import { Building2, Mail, MapPin, Phone, Receipt, School as SchoolIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui';
import { useDeleteGroupSchool } from '../api/delete-group-school';
import { useDeleteSchool } from '../api/delete-school';
import { useGroupSchools } from '../api/get-group-schools';
import { useAcademicPermissions } from '../lib/permissions';
import type { AcademicSelection } from '../stores/use-academic-selection';
import { CardList } from './card-list';
import { DeleteDialog } from './delete-dialog';
import { Detail, EntityCard } from './entity-card';
import { GroupSchoolFormDialog } from './group-school-form-dialog';
import { LogoImage } from './logo-image';
import { SchoolFormDialog } from './school-form-dialog';

function addressLine(school: School) {
  const { address } = school;
  if (!address) return null;
  return [`${address.street_no} ${address.street}`.trim(), address.town, address.state, address.country]
    .filter(Boolean)
    .join(', ');
}

/**
 * Group schools and schools. Adding either is done with the page header's buttons, so the lists
 * here carry no add buttons of their own.
 */
export function SchoolsPanel({ selection }: { selection: AcademicSelection }) {
  const may = useAcademicPermissions();
  const groups = useGroupSchools();
  const removeSchool = useDeleteSchool();
  const removeGroup = useDeleteGroupSchool();
  const [editingSchool, setEditingSchool] = useState<School | null>(null);
  const [editingGroup, setEditingGroup] = useState<GroupSchool | null>(null);
  const [deletingSchool, setDeletingSchool] = useState<School | null>(null);
  const [deletingGroup, setDeletingGroup] = useState<GroupSchool | null>(null);
  const { school: selected } = selection;

  return (
    <div className="space-y-8">
      <CardList
        title="Schools"
        noun="schools"
        icon={SchoolIcon}
        query={selection.schools}
        nameOf={(item) => item.name}
        keyOf={(item) => item._id}
        emptyHint={may.createSchool ? 'Add a school with New School above.' : 'No school has been set up for you yet.'}
        renderItem={(item) => {
          const address = addressLine(item);
          return (
            <EntityCard
              name={item.name}
              subtitle={item.groupSchool.name}
              badges={<Badge variant={item.isActive ? 'green' : 'gray'}>{item.isActive ? 'Active' : 'Inactive'}</Badge>}
              selected={item._id === selected?._id}
              onSelect={() => selection.selectSchool(item._id)}
              onEdit={may.editSchool ? () => setEditingSchool(item) : undefined}
              onDelete={may.deleteSchool ? () => setDeletingSchool(item) : undefined}
            >
              {item.email && <Detail icon={<Mail className="size-4" />}>{item.email}</Detail>}
              <Detail icon={<Phone className="size-4" />}>{item.phoneNumber}</Detail>
              <Detail icon={<Receipt className="size-4" />}>Receipt code {item.receiptCode}</Detail>
              {address && <Detail icon={<MapPin className="size-4" />}>{address}</Detail>}
            </EntityCard>
          );
        }}
      />
      <CardList
        title="Group Schools"
        noun="group schools"
        icon={Building2}
        query={groups}
        nameOf={(item) => item.name}
        keyOf={(item) => item._id}
        emptyHint={
          may.createGroupSchool ? 'Add a group with Group School above.' : 'No group school has been set up yet.'
        }
        renderItem={(item) => (
          <EntityCard
            name={item.name}
            subtitle={plural(item.schoolCount, 'school')}
            media={<LogoImage src={item.logo} alt={`${item.name} logo`} className="size-12" />}
            onEdit={may.editGroupSchool ? () => setEditingGroup(item) : undefined}
            onDelete={may.deleteGroupSchool ? () => setDeletingGroup(item) : undefined}
          >
            <p className="line-clamp-3">{item.description}</p>
          </EntityCard>
        )}
      />
      {editingSchool && <SchoolFormDialog school={editingSchool} onClose={() => setEditingSchool(null)} />}
      {editingGroup && <GroupSchoolFormDialog group={editingGroup} onClose={() => setEditingGroup(null)} />}
      {deletingSchool && (
        <DeleteDialog
          entity="school"
          name={deletingSchool.name}
          pending={removeSchool.isPending}
          onConfirm={() => removeSchool.mutate(deletingSchool._id, { onSettled: () => setDeletingSchool(null) })}
          onClose={() => setDeletingSchool(null)}
        />
      )}
      {deletingGroup && (
        <DeleteDialog
          entity="group school"
          name={deletingGroup.name}
          pending={removeGroup.isPending}
          onConfirm={() => removeGroup.mutate(deletingGroup._id, { onSettled: () => setDeletingGroup(null) })}
          onClose={() => setDeletingGroup(null)}
        />
      )}
    </div>
  );
}
