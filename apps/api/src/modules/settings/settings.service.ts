import {
  can,
  entityMessages,
  type MySettings,
  passwordMinMessage,
  type ReceiptSettings,
  SCHOOL_GENERAL_FIELDS,
  SETTINGS_SECTIONS,
  type Settings,
  type SettingsSection,
  type SettingsSource,
  type SettingsUpdate,
  type SettingsView,
  settingsSchemas,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, fieldError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import {
  groupInScope,
  groupOfSchool,
  insertSection,
  lockSectionAt,
  type SettingsLevel,
  type StoredSection,
  schoolContact,
  storedSettingsFor,
  updateSection,
} from './settings.queries.js';

type SettingsContext = { config: Pick<AppConfig, 'settingsDefaults'>; db: DbOrTx };

/** Deployment first, then the group, then the school: the nearer level wins, field by field. */
const rank = (row: StoredSection) => (row.schoolId ? 2 : row.groupSchoolId ? 1 : 0);
const SOURCE_OF_RANK: SettingsSource[] = ['deployment', 'group', 'school'];

/**
 * The settings that stored rows make of the environment's defaults (`storedSettingsFor`'s rows, or
 * a caller's own read of them): each nearer level overlays the one before it, field by field.
 */
export function settingsFromStored(config: SettingsContext['config'], stored: readonly StoredSection[]) {
  const rows = [...stored].sort((a, b) => rank(a) - rank(b));
  const merged = structuredClone(config.settingsDefaults);
  const sources = Object.fromEntries(SETTINGS_SECTIONS.map((section) => [section, 'default'])) as Record<
    SettingsSection,
    SettingsSource
  >;
  for (const section of SETTINGS_SECTIONS) {
    for (const row of rows.filter((candidate) => candidate.section === section)) {
      const candidate = { ...merged[section], ...(row.value as object) };
      const parsed = settingsSchemas[section].safeParse(candidate);
      if (!parsed.success) continue;
      Object.assign(merged[section], parsed.data);
      sources[section] = SOURCE_OF_RANK[rank(row)]!;
    }
  }
  return { settings: merged, sources };
}

const effectiveSettings = async (ctx: SettingsContext, level: SettingsLevel) =>
  settingsFromStored(ctx.config, await storedSettingsFor(ctx.db, level));

/**
 * The settings that apply at `level`: the environment's defaults, overlaid by what was saved for
 * the deployment, the group and the school. A stored value that no longer parses (a bound moved)
 * is skipped whole rather than trusted.
 */
export async function settingsFor(ctx: SettingsContext, level: SettingsLevel): Promise<Settings> {
  return (await effectiveSettings(ctx, level)).settings;
}

/** The settings that apply to the people of a school (a user's school; null: the defaults). */
export async function settingsForSchool(ctx: SettingsContext, schoolId: string | null): Promise<Settings> {
  const groupSchoolId = schoolId ? ((await groupOfSchool(ctx.db, schoolId)) ?? null) : null;
  return settingsFor(ctx, { groupSchoolId, schoolId: groupSchoolId ? schoolId : null });
}

/** A new password shorter than the group's minimum is refused, naming the form's field. */
export async function assertPasswordLength(
  ctx: SettingsContext,
  schoolId: string | null,
  password: string,
  field: string,
) {
  const { passwordMinLength } = (await settingsForSchool(ctx, schoolId)).security;
  if (password.length < passwordMinLength) throw fieldError(field, passwordMinMessage(passwordMinLength));
}

const GROUP = entityMessages('Group school');

const groupOfCaller = (auth: AuthContext) =>
  auth.scope.kind === 'all' || auth.scope.kind === 'none' ? null : auth.scope.groupSchoolId;

interface LevelChoice {
  schoolId?: string | null | undefined;
  groupSchoolId?: string | null | undefined;
}

/**
 * The level a request is about: a school of the caller's, else a group of theirs (the super-admin
 * has none of their own and names one), both checked; else the caller's own group.
 */
async function levelOf(ctx: AppContext, auth: AuthContext, choice: LevelChoice): Promise<SettingsLevel> {
  const { schoolId, groupSchoolId } = choice;
  if (schoolId) {
    await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
    return { groupSchoolId: (await groupOfSchool(ctx.db, schoolId)) ?? null, schoolId };
  }
  if (groupSchoolId) {
    if (!(await groupInScope(ctx.db, auth.scope, groupSchoolId))) throw notFound(GROUP.notFound);
    return { groupSchoolId, schoolId: null };
  }
  return { groupSchoolId: groupOfCaller(auth), schoolId: null };
}

/** Whether the caller may save `section` at `level` (the level's kind is checked again on save). */
function mayEdit(auth: AuthContext, section: SettingsSection, level: SettingsLevel): boolean {
  if (!can(auth.roles, 'settings.manage')) return false;
  if (section === 'backup') return can(auth.roles, 'system.backup');
  return level.groupSchoolId !== null;
}

export async function viewSettings(ctx: AppContext, auth: AuthContext, choice: LevelChoice): Promise<SettingsView> {
  const level = await levelOf(ctx, auth, choice);
  const { settings, sources } = await effectiveSettings(ctx, level);
  const view = <S extends SettingsSection>(section: S) => ({
    value: settings[section],
    source: sources[section],
    editable: mayEdit(auth, section, level),
  });
  return {
    schoolId: level.schoolId,
    groupSchoolId: level.groupSchoolId,
    sections: {
      general: view('general'),
      notifications: view('notifications'),
      security: view('security'),
      appearance: view('appearance'),
      backup: view('backup'),
      retention: view('retention'),
      cashDesk: view('cashDesk'),
    },
  };
}

/**
 * Where a save lands: backup for the deployment; general for one school when the request names
 * a school and asks for it, else for the group; every other section for the group.
 */
async function saveLevel(
  ctx: AppContext,
  auth: AuthContext,
  section: SettingsSection,
  input: SettingsUpdate,
): Promise<SettingsLevel> {
  if (section === 'backup') {
    if (input.schoolId) throw fieldError('schoolId', 'Backups are set for the whole installation, not per school');
    if (input.groupSchoolId) {
      throw fieldError('groupSchoolId', 'Backups are set for the whole installation, not per group');
    }
    return { groupSchoolId: null, schoolId: null };
  }
  const level = await levelOf(ctx, auth, input);
  if (!level.groupSchoolId) throw fieldError('schoolId', 'Please select a group or a school');
  if ((section === 'general' || section === 'cashDesk') && input.level === 'school' && level.schoolId) return level;
  if (input.level === 'school') {
    throw fieldError('level', 'Only contact details, the receipt footer and the cash desk can be set per school');
  }
  return { groupSchoolId: level.groupSchoolId, schoolId: null };
}

/** The values asked for, checked against the section's schema: each refused field named under `value`. */
function checkedChange(section: SettingsSection, level: SettingsLevel, value: Record<string, unknown>) {
  const keys = Object.keys(value);
  if (keys.length === 0) throw fieldError('value', 'Nothing to save');
  if (level.schoolId && section === 'general') {
    const groupOnly = keys.filter((key) => !(SCHOOL_GENERAL_FIELDS as readonly string[]).includes(key));
    if (groupOnly.length > 0) {
      throw fieldError(`value.${groupOnly[0]}`, 'Only contact details and the receipt footer can be set per school');
    }
  }
  const parsed = settingsSchemas[section].partial().strict().safeParse(value);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({
      field: ['value', ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : issue.path)].join('.'),
      message: issue.code === 'unrecognized_keys' ? 'Unknown setting' : issue.message,
    })),
  );
}

/** Saves part of one section at one level, audited with what that level held before and after. */
export async function saveSection(
  ctx: AppContext,
  auth: AuthContext,
  section: SettingsSection,
  input: SettingsUpdate,
  actor: Actor,
): Promise<SettingsView> {
  const level = await saveLevel(ctx, auth, section, input);
  const change = checkedChange(section, level, input.value);
  const now = ctx.clock();
  try {
    await ctx.db.transaction(async (tx) => {
      const existing = await lockSectionAt(tx, level, section);
      const before = (existing?.value as Record<string, unknown> | undefined) ?? null;
      const after = { ...before, ...change };
      const saved = { value: after, updatedBy: auth.userId, updatedAt: now };
      let id = existing?.id;
      if (id) await updateSection(tx, id, saved);
      else id = await insertSection(tx, { ...level, section, ...saved });
      await recordAudit(tx, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: id,
        schoolId: level.schoolId,
        groupSchoolId: level.groupSchoolId,
        before: { section, ...level, value: before },
        after: { section, ...level, value: after },
      });
    });
  } catch (error) {
    // Two first saves of the same section at once: the unique index keeps one, the other retries.
    if (isUniqueViolation(error)) throw conflict('These settings were just saved by someone else. Please try again.');
    throw error;
  }
  return viewSettings(ctx, auth, input);
}

/** What the browser of any signed-in user needs; someone without a school gets the defaults. */
export async function mySettings(ctx: AppContext, auth: AuthContext): Promise<MySettings> {
  const settings = await settingsFor(ctx, { groupSchoolId: groupOfCaller(auth), schoolId: auth.schoolId });
  return {
    sessionTimeoutMinutes: settings.security.sessionTimeoutMinutes,
    passwordMinLength: settings.security.passwordMinLength,
    defaultTheme: settings.appearance.defaultTheme,
    wholeNaira: settings.appearance.wholeNaira,
    dateFormat: settings.general.dateFormat,
  };
}

/**
 * The contact line and footer a school's receipts print: General Settings' contact details where
 * set, field by field, else the school record's. Shared by the PDF and the receipt on screen.
 */
export async function receiptSettingsOf(ctx: SettingsContext, schoolId: string): Promise<ReceiptSettings> {
  const [{ general }, school] = await Promise.all([settingsForSchool(ctx, schoolId), schoolContact(ctx.db, schoolId)]);
  const contact = [general.contactPhone || school?.phone, general.contactEmail || school?.email].filter(Boolean);
  return { contact: contact.join(' · ') || null, footer: general.receiptFooter || null };
}

/** For staff who take or view payments: the receipt wording of a school of theirs. */
export async function receiptSettings(ctx: AppContext, auth: AuthContext, schoolId: string) {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  return receiptSettingsOf(ctx, schoolId);
}
