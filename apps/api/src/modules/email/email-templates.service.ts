import type { EmailTemplateId } from '@schoolledger/domain';
import type { DbOrTx } from '../../db/client.js';
import { groupTemplate } from './email.queries.js';
import { DEFAULT_TEMPLATES, renderTemplate, type TemplateVariables } from './templates.js';

export type { TemplateVariables };

/** A template in the group's own wording when it has one, else the built-in; rendered for one recipient. */
export async function composeEmail(
  db: DbOrTx,
  groupSchoolId: string | null,
  templateId: EmailTemplateId,
  variables: TemplateVariables,
) {
  const own = groupSchoolId ? await groupTemplate(db, groupSchoolId, templateId) : undefined;
  return renderTemplate(own ?? DEFAULT_TEMPLATES[templateId], variables);
}

/** The group's template (one look-up) as a renderer, for a batch that sends it to many people. */
export async function emailComposer(db: DbOrTx, groupSchoolId: string | null, templateId: EmailTemplateId) {
  const template =
    (groupSchoolId ? await groupTemplate(db, groupSchoolId, templateId) : undefined) ?? DEFAULT_TEMPLATES[templateId];
  return (variables: TemplateVariables) => renderTemplate(template, variables);
}
