import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { Letterhead } from '../../lib/tabular/index.js';
import { findGroupLetterhead, findLetterhead } from './reports.queries.js';

/** The group's logo from the uploads folder; none when it is missing or not an upload of ours. */
async function logoBytes(ctx: AppContext, logoUrl: string | null) {
  if (!logoUrl?.startsWith('/uploads/')) return null;
  const file = path.resolve(ctx.config.uploadsDir, logoUrl.slice('/uploads/'.length));
  if (!file.startsWith(path.resolve(ctx.config.uploadsDir) + path.sep)) return null;
  return readFile(file).catch(() => null);
}

/** A school's letterhead for its documents (reports, payment vouchers): name, address, contacts, the group's logo. */
export async function schoolLetterhead(ctx: AppContext, schoolId: string): Promise<Letterhead | null> {
  const row = await findLetterhead(ctx.db, schoolId);
  if (!row) return null;
  const street = [row.streetNo, row.street].filter(Boolean).join(' ');
  return {
    name: row.name,
    address: row.town ? [street, row.town, row.state].filter(Boolean).join(', ') : null,
    phone: row.phone,
    email: row.email,
    logo: await logoBytes(ctx, row.logoUrl),
  };
}

/** The group's letterhead, for a document across several of its schools. */
export async function groupLetterhead(ctx: AppContext, groupSchoolId: string): Promise<Letterhead | null> {
  const group = await findGroupLetterhead(ctx.db, groupSchoolId);
  return group ? { name: group.name, logo: await logoBytes(ctx, group.logoUrl) } : null;
}
