import type { SettingsSection, SettingsSource } from '@schoolledger/domain';
import { Save } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Badge, Button, Card, CardBody, CardHeader } from '@/components/ui';
import { SECTION_LABELS, sourceLabel } from '../lib/sections';

export interface SectionFormProps {
  section: SettingsSection;
  description: ReactNode;
  source: SettingsSource;
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** One section of the page: its level, its fields (disabled when the caller may only read), and Save. */
export function SectionForm({
  section,
  description,
  source,
  editable,
  dirty,
  saving,
  onSubmit,
  children,
}: SectionFormProps) {
  const title = SECTION_LABELS[section];
  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        actions={<Badge variant={source === 'school' ? 'blue' : 'gray'}>{sourceLabel(source, section)}</Badge>}
      />
      <form onSubmit={onSubmit} noValidate aria-label={`${title} settings`}>
        <fieldset disabled={!editable} className="min-w-0">
          <CardBody className="space-y-5">{children}</CardBody>
        </fieldset>
        {editable && (
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
            </p>
            <Button type="submit" loading={saving} className="w-full sm:w-auto">
              {!saving && <Save className="size-4" aria-hidden="true" />}
              {saving ? 'Saving...' : `Save ${title.toLowerCase()} settings`}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
