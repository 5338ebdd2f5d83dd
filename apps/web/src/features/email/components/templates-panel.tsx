import type { EmailTemplateId } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState } from '@/components/ui';
import { useEmailTemplates } from '../api/get-email-templates';
import { TemplateEditor } from './template-editor';

/** The six SPEC templates: pick one to read, preview and reword it. */
export function TemplatesPanel({ group, editable }: { group: string; editable: boolean }) {
  const templates = useEmailTemplates(group, true);
  const [chosen, setChosen] = useState<EmailTemplateId>('payment_reminder');

  return (
    <QueryState query={templates} loading="Loading templates..." errorTitle="Failed to load email templates">
      {(data) => {
        const template = data.find((each) => each.id === chosen);
        if (!template) {
          return (
            <Card>
              <EmptyState icon={Mail} title="No templates" description="No email templates were found." />
            </Card>
          );
        }
        return (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
            <nav aria-label="Email templates" className="min-w-0">
              <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
                {data.map((each) => (
                  <li key={each.id} className="shrink-0">
                    <button
                      type="button"
                      aria-current={each.id === chosen ? 'true' : undefined}
                      onClick={() => setChosen(each.id)}
                      className={clsx(
                        'flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
                        each.id === chosen
                          ? 'border-emerald-600 bg-emerald-50 font-medium text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
                          : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
                      )}
                    >
                      <span className="whitespace-nowrap">{each.name}</span>
                      {each.custom && <span className="text-xs text-sky-700 dark:text-sky-300">Custom</span>}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <TemplateEditor
              key={`${group}:${template.id}:${template.updatedAt}`}
              template={template}
              group={group}
              editable={editable}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
