import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_MESSAGES,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplate,
  type EmailTemplateDraft,
  emailTemplateDraftSchema,
} from '@schoolledger/domain';
import { Eye, RotateCcw, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, Button, Card, CardBody, CardHeader, ConfirmDialog, FormField, Input, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { usePreviewEmailTemplate } from '../api/preview-email-template';
import { useResetEmailTemplate } from '../api/reset-email-template';
import { useSaveEmailTemplate } from '../api/save-email-template';
import { TemplatePreview } from './template-preview';

const FIELDS = ['subject', 'html', 'text'] as const;
const draftOf = (template: EmailTemplate): EmailTemplateDraft => ({
  subject: template.subject,
  html: template.html,
  text: template.text,
});

export interface TemplateEditorProps {
  template: EmailTemplate;
  group: string;
  /** The super-admin without a chosen group sees the built-in wording, and cannot change it. */
  editable: boolean;
}

/** One template: its wording, a preview with sample values, and saving or resetting the group's own. */
export function TemplateEditor({ template, group, editable }: TemplateEditorProps) {
  const form = useForm<EmailTemplateDraft>({
    resolver: zodResolver(emailTemplateDraftSchema),
    defaultValues: draftOf(template),
  });
  const preview = usePreviewEmailTemplate();
  const save = useSaveEmailTemplate(group);
  const reset = useResetEmailTemplate(group);
  const [confirmReset, setConfirmReset] = useState(false);
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const { mutate: renderPreview } = preview;

  // The stored wording is previewed as soon as a template is opened.
  useEffect(() => {
    renderPreview({ templateId: template.id, draft: draftOf(template) });
  }, [template, renderPreview]);

  const showPreview = form.handleSubmit((draft) =>
    preview.mutate(
      { templateId: template.id, draft },
      {
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, FIELDS)) notify.error(errorMessage(error, 'Preview failed'));
        },
      },
    ),
  );

  const onSave = form.handleSubmit((draft) =>
    save.mutate(
      { group, templateId: template.id, draft },
      {
        onSuccess: (saved) => {
          notify.success('Email template saved');
          form.reset(draftOf(saved));
        },
        onError: (error) => {
          const fallback = template.custom ? EMAIL_MESSAGES.templateUpdateFailed : EMAIL_MESSAGES.templateCreateFailed;
          if (applyFieldErrors(error, form.setError, FIELDS)) notify.error(fallback);
          else notify.error(errorMessage(error, fallback));
        },
      },
    ),
  );

  const onReset = () =>
    reset.mutate(
      { group, templateId: template.id },
      {
        onSuccess: (builtIn) => {
          setConfirmReset(false);
          notify.success('Template reset to the built-in wording');
          form.reset(draftOf(builtIn));
        },
        onError: (error) => notify.error(errorMessage(error, EMAIL_MESSAGES.templateUpdateFailed)),
      },
    );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 2xl:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader
          title={template.name}
          description={template.custom ? "Your group's own wording" : 'Built-in wording'}
          actions={<Badge variant={template.custom ? 'blue' : 'gray'}>{template.custom ? 'Custom' : 'Built-in'}</Badge>}
        />
        <form onSubmit={onSave} noValidate aria-label={`${template.name} template`}>
          <CardBody className="space-y-4">
            <FormField label="Subject" error={errors.subject?.message} required>
              <Input spellCheck={false} readOnly={!editable} {...register('subject')} />
            </FormField>
            <FormField label="HTML body" error={errors.html?.message} required>
              <Textarea
                rows={10}
                spellCheck={false}
                readOnly={!editable}
                className="font-mono text-xs"
                {...register('html')}
              />
            </FormField>
            <FormField label="Text body" error={errors.text?.message} required>
              <Textarea
                rows={7}
                spellCheck={false}
                readOnly={!editable}
                className="font-mono text-xs"
                {...register('text')}
              />
            </FormField>
            <div>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Variables this template uses</p>
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Variables this template uses">
                {template.variables.map((name) => (
                  <li key={name}>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{`{{${name}}}`}</code>
                  </li>
                ))}
              </ul>
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer text-slate-600 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-400">
                  All variables you can use
                </summary>
                <p className="mt-2 break-words text-xs text-slate-600 dark:text-slate-400">
                  {EMAIL_TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(' ')}
                </p>
                <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                  Values are always escaped: {'{{{ }}}'} and {'{{& }}'} are not allowed.
                </p>
              </details>
            </div>
          </CardBody>
          <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
            <Button variant="secondary" onClick={showPreview} loading={preview.isPending}>
              {!preview.isPending && <Eye className="size-4" aria-hidden="true" />}
              Preview
            </Button>
            {editable && (
              <Button type="submit" loading={save.isPending} disabled={!isDirty}>
                {!save.isPending && <Save className="size-4" aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save template'}
              </Button>
            )}
            {editable && template.custom && (
              <Button variant="ghost" onClick={() => setConfirmReset(true)}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Reset to built-in
              </Button>
            )}
          </div>
        </form>
      </Card>
      <Card className="min-w-0">
        <CardHeader title="Preview" description="With a sample fee, student and amount." />
        <CardBody aria-live="polite" aria-busy={preview.isPending}>
          {preview.data ? (
            <TemplatePreview preview={preview.data} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {preview.isPending ? 'Rendering preview...' : 'Press Preview to see the email.'}
            </p>
          )}
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset to the built-in wording?"
        description={`Your group's own wording of "${template.name}" is removed; emails use the built-in wording again.`}
        confirmLabel="Reset template"
        danger
        loading={reset.isPending}
        onConfirm={onReset}
      />
    </div>
  );
}
