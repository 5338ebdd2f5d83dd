import {
  EMAIL_TEMPLATE_IDS,
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplateDraft,
  type EmailTemplateId,
  type EmailTemplate as EmailTemplateView,
  formatKobo,
} from '@schoolledger/domain';
import Mustache from 'mustache';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, type FieldError, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import {
  deleteGroupTemplate,
  type EmailTemplateRow,
  findGroupTemplate,
  groupTemplate,
  groupTemplates,
  insertGroupTemplate,
  updateGroupTemplate,
} from './email.queries.js';
import { groupOf, optionalGroupOf } from './email-group.js';
import { DEFAULT_TEMPLATES, type EmailTemplate, renderTemplate, type TemplateVariables } from './templates.js';

export type { OutgoingEmail } from './mailer.js';
export type { TemplateVariables };

/** A group's wording of a template that a caller read itself (`groupTemplatesJson`): its own, or none. */
export interface KnownWording {
  groupSchoolId: string | null;
  templateId: EmailTemplateId;
  own: EmailTemplate | undefined;
}

/**
 * Renders templates in each group's own wording when it has one, else the built-in; one renderer
 * serves every recipient of an event and reads each group's wording of a template once. `load`
 * reads a wording ahead, for a caller that must not read while it renders; `known` are wordings
 * the caller read already.
 */
export function emailRenderer(db: DbOrTx, known: readonly KnownWording[] = []) {
  const keyOf = (groupSchoolId: string | null, templateId: EmailTemplateId) => `${groupSchoolId}:${templateId}`;
  const wordings = new Map<string, Promise<EmailTemplate>>(
    known.map(({ groupSchoolId, templateId, own }) => [
      keyOf(groupSchoolId, templateId),
      Promise.resolve(own ?? DEFAULT_TEMPLATES[templateId]),
    ]),
  );
  const wordingOf = (groupSchoolId: string | null, templateId: EmailTemplateId) => {
    const key = keyOf(groupSchoolId, templateId);
    let wording = wordings.get(key);
    if (!wording) {
      wording = groupSchoolId
        ? groupTemplate(db, groupSchoolId, templateId).then((own) => own ?? DEFAULT_TEMPLATES[templateId])
        : Promise.resolve(DEFAULT_TEMPLATES[templateId]);
      wordings.set(key, wording);
    }
    return wording;
  };
  return {
    load: wordingOf,
    render: async (groupSchoolId: string | null, templateId: EmailTemplateId, variables: TemplateVariables) =>
      renderTemplate(await wordingOf(groupSchoolId, templateId), variables),
  };
}

export type EmailRenderer = ReturnType<typeof emailRenderer>;

const KNOWN: ReadonlySet<string> = new Set(EMAIL_TEMPLATE_VARIABLES);
/** Mustache tags a group's wording may use: plain (escaped) values, sections and comments. */
const ALLOWED_TAGS = new Set(['text', 'name', '#', '^', '!']);
// Mustache reports {{{ }}} as '&' too.
const TAG_NAMES: Record<string, string> = {
  '&': 'Unescaped values ({{{ }}} or {{& }})',
  '>': 'Partials ({{> }})',
  '=': 'Delimiter changes ({{= }})',
};

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

/** The variables a wording names, or what is wrong with it: unknown variables, raw-value tags, bad syntax. */
function inspect(source: string): { variables: Set<string>; problems: string[] } {
  const variables = new Set<string>();
  const problems: string[] = [];
  let tokens: Token[];
  try {
    tokens = Mustache.parse(source) as Token[];
  } catch (error) {
    return { variables, problems: [`Template syntax error: ${(error as Error).message.split('\n')[0]}`] };
  }
  const walk = (list: Token[]) => {
    for (const [type, value, , , children] of list) {
      if (!ALLOWED_TAGS.has(type)) problems.push(`${TAG_NAMES[type] ?? type} are not allowed in a template`);
      else if (type !== 'text' && type !== '!') {
        if (KNOWN.has(value)) variables.add(value);
        else problems.push(`Unknown variable {{${value}}}`);
      }
      if (children) walk(children);
    }
  };
  walk(tokens);
  return { variables, problems };
}

/** The variables a template's three parts use, in the SPEC's order. */
function variablesOf(template: EmailTemplate): string[] {
  const used = new Set<string>();
  for (const part of [template.subject, template.html, template.text]) {
    for (const name of inspect(part).variables) used.add(name);
  }
  return EMAIL_TEMPLATE_VARIABLES.filter((name) => used.has(name));
}

/** 422 naming each part whose wording would fail or could inject a raw value. */
export function assertValidTemplate(draft: EmailTemplateDraft): void {
  const errors: FieldError[] = [];
  for (const field of ['subject', 'html', 'text'] as const) {
    const { problems } = inspect(draft[field]);
    if (problems.length) errors.push({ field, message: [...new Set(problems)].join('; ') });
  }
  if (errors.length) throw validationFailed(errors);
}

function view(templateId: EmailTemplateId, row: EmailTemplateRow | undefined): EmailTemplateView {
  const template = row ?? DEFAULT_TEMPLATES[templateId];
  return {
    id: templateId,
    name: EMAIL_TEMPLATE_LABELS[templateId],
    subject: template.subject,
    html: template.html,
    text: template.text,
    variables: variablesOf(template),
    custom: row !== undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The six SPEC templates as the caller's group sends them. */
export async function listTemplates(ctx: AppContext, auth: AuthContext, requestedGroup: string | undefined) {
  const group = await optionalGroupOf(ctx, auth, requestedGroup);
  const own = group ? await groupTemplates(ctx.db, group) : [];
  return EMAIL_TEMPLATE_IDS.map((id) =>
    view(
      id,
      own.find((row) => row.templateId === id),
    ),
  );
}

const auditView = (row: EmailTemplateRow | undefined) =>
  row ? { templateId: row.templateId, subject: row.subject, html: row.html, text: row.text } : null;

/**
 * Saves the group's own wording of a template. `create` refuses a template the group already
 * worded (the form was opened before another admin's save); `update` writes it either way.
 */
export async function saveTemplate(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  input: EmailTemplateDraft & { templateId: EmailTemplateId; group_school_id?: string | undefined },
  mode: 'create' | 'update',
) {
  const group = await groupOf(ctx, auth, input.group_school_id);
  const draft = { subject: input.subject, html: input.html, text: input.text };
  assertValidTemplate(draft);
  return ctx.db.transaction(async (tx) => {
    const before = await findGroupTemplate(tx, group, input.templateId);
    if (before && mode === 'create') {
      throw conflict('This template already has your own wording; update it instead');
    }
    const row = before
      ? await updateGroupTemplate(tx, before.id, { ...draft, updatedBy: auth.userId })
      : await insertGroupTemplate(tx, {
          ...draft,
          groupSchoolId: group,
          templateId: input.templateId,
          updatedBy: auth.userId,
        });
    await recordAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'email_template',
      entityId: row.id,
      schoolId: null,
      groupSchoolId: group,
      before: auditView(before),
      after: auditView(row),
    });
    return { created: !before, template: view(input.templateId, row) };
  });
}

/** Drops the group's own wording: the built-in one is used again. */
export async function resetTemplate(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  templateId: EmailTemplateId,
  requestedGroup: string | undefined,
) {
  const group = await groupOf(ctx, auth, requestedGroup);
  return ctx.db.transaction(async (tx) => {
    const before = await findGroupTemplate(tx, group, templateId);
    if (before) {
      await deleteGroupTemplate(tx, before.id);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'email_template',
        entityId: before.id,
        schoolId: null,
        groupSchoolId: group,
        before: auditView(before),
      });
    }
    return view(templateId, undefined);
  });
}

/** What the preview fills a template with: a believable fee, student and amount. */
function sampleVariables(ctx: AppContext): TemplateVariables {
  const now = ctx.clock();
  const amount = formatKobo(15_000_000n);
  return {
    firstName: 'Ngozi',
    lastName: 'Okafor',
    regNo: 'CVC/2024/0117',
    studentName: 'Chidi Okafor',
    feeName: 'Second Term Tuition',
    amount,
    formattedAmount: amount,
    dueDate: '15 January 2026',
    daysUntilDue: 3,
    daysOverdue: 5,
    isOverdue: false,
    transactionRef: 'SL-20260112-4821',
    paymentDate: '12 January 2026',
    paymentMethod: 'Bank transfer',
    termName: 'Second Term 2025/2026',
    schoolName: 'Crestview College',
    paymentUrl: `${ctx.config.appUrl}/student/fees`,
    supportEmail: 'bursary@crestview.example',
    year: now.getFullYear(),
    actionUrl: `${ctx.config.appUrl}/student/fees`,
    timestamp: now.toISOString(),
    dueText: 'in 3 day(s)',
    dueTextLower: 'due in 3 day(s)',
    paymentCode: 'SL7K3QX9',
    familyAccountNumber: '9912345678',
    familyAccountBank: 'Wema Bank',
    familyAccountName: 'CRESTVIEW COLLEGE / NGOZI OKAFOR',
    reason: 'The card issuer declined the payment.',
    title: 'School resumes on Monday',
    message: 'Classes resume on Monday at 8 a.m. Please make sure all fees are settled.',
    logoUrl: '',
  };
}

/** A draft rendered with sample values exactly as an email would be (values HTML-escaped). */
export function previewTemplate(ctx: AppContext, draft: EmailTemplateDraft) {
  assertValidTemplate(draft);
  return renderTemplate(draft, sampleVariables(ctx));
}
