import type { SettingsSection, SettingsSource } from '@schoolledger/domain';
import { Lock, Save } from 'lucide-react';
import { createContext, type FormEventHandler, type ReactNode, use } from 'react';
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

/**
 * What the page shows, for every section: whether it is the whole installation's values, and why
 * the sections the caller may not save are read only (said where Save would be).
 */
export const SectionLevel = createContext({ installation: false, readOnlyReason: '' });

/** One section of the page: its level, its fields (disabled when the caller may only read), and Save or why not. */
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
  const { installation, readOnlyReason } = use(SectionLevel);
  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        actions={
          <Badge variant={source === 'school' ? 'blue' : 'gray'}>{sourceLabel(source, section, installation)}</Badge>
        }
      />
      <form onSubmit={onSubmit} noValidate aria-label={`${title} settings`}>
        <fieldset disabled={!editable} className="min-w-0">
          <CardBody className="space-y-5">{children}</CardBody>
        </fieldset>
        {!editable && readOnlyReason && (
          <p className="flex gap-2 border-t border-slate-200 px-5 py-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {readOnlyReason}
          </p>
        )}
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
