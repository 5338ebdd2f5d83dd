import { MSG } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classArms, groupSchools, schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, multipart, useTestApp } from './helper.js';

/** A multipart body written by hand: FormData would mend what these tests send on purpose. */
function rawForm(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = 'h1-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('names are names, and no multipart field makes the server answer 500', () => {
  const t = useTestApp();
  let schoolId = '';

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    schoolId = school!.id;
  });

  const groupNames = async () =>
    (await t.ctx.db.select({ name: groupSchools.name }).from(groupSchools)).map((g) => g.name);

  const createGroupSchool = async (form: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/groupschool/create',
      headers: { ...(await t.as('admin')), ...form.headers },
      payload: form.payload,
    });

  it('a NUL in a multipart field is a 422 naming the field, and nothing is stored', async () => {
    const before = await groupNames();
    const response = await createGroupSchool(await multipart({ name: 'Lagoon\u0000 Schools', description: 'Ours' }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      data: null,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'name', message: 'name must not contain a NUL character' }],
    });
    expect(await groupNames()).toEqual(before);
  });

  it('a NUL in the name of an uploaded file, or in a field no route reads, is a 422 too', async () => {
    const named = await createGroupSchool(
      rawForm([
        { name: 'name', value: 'Lagoon Schools' },
        { name: 'description', value: 'Ours' },
        { name: 'logo', value: 'not an image', filename: 'logo\u0000.png', type: 'image/png' },
      ]),
    );
    expect(named.statusCode, named.body).toBe(422);
    expect(named.json().errors).toEqual([
      { field: 'logo', message: "The file's name must not contain a NUL character" },
    ]);

    const stray = await createGroupSchool(
      rawForm([
        { name: 'name', value: 'Lagoon Schools' },
        { name: 'description', value: 'Ours' },
        { name: 'note', value: 'a\u0000b' },
      ]),
    );
    expect(stray.statusCode, stray.body).toBe(422);
    expect(stray.json().errors).toEqual([{ field: 'note', message: 'note must not contain a NUL character' }]);
  });

  it('a name carrying a direction override is refused, in a multipart form and in JSON', async () => {
    const before = await groupNames();
    const form = await createGroupSchool(await multipart({ name: 'Lagoon \u202eslooh\u202c', description: 'Ours' }));
    expect(form.statusCode, form.body).toBe(422);
    expect(form.json().errors).toEqual([{ field: 'name', message: MSG.nameHidden }]);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groupschool/create',
      headers: await t.as('admin'),
      payload: { name: '\u2066Lagoon\u2069', description: 'Ours' },
    });
    expect(json.statusCode, json.body).toBe(422);
    expect(json.json().errors).toEqual([{ field: 'name', message: MSG.nameHidden }]);
    expect(await groupNames()).toEqual(before);
  });

  it('a name made only of invisible characters is refused with a message that says why', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/classarm/create',
      headers: await t.as('admin'),
      payload: { school_id: schoolId, name: '\u200b\u200b', capacity: 30 },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      message: MSG.nameHidden,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'name', message: MSG.nameHidden }],
    });
    const stored = await t.ctx.db
      .select({ name: classArms.name })
      .from(classArms)
      .where(eq(classArms.schoolId, schoolId));
    expect(stored.map((arm) => arm.name)).not.toContain('\u200b\u200b');
    expect(stored.length).toBeGreaterThan(0);
  });

  it('half of a surrogate pair is refused rather than stored as another character', async () => {
    const before = await groupNames();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groupschool/create',
      headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
      // Written by hand: JSON.stringify would escape the lone half, which JSON.parse would restore.
      payload: '{"name":"Lagoon Schools","description":"Ours \\ud83d"}',
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'description', message: 'description must not contain an invalid character' },
    ]);
    expect(await groupNames()).toEqual(before);
  });

  it('a real name, tone marks and all, is kept as it was written', async () => {
    const name = 'Ọlárewájú Adébáyọ̀ Schools';
    const response = await createGroupSchool(await multipart({ name, description: 'Ours' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.name).toBe(name);
    expect(await groupNames()).toContain(name);
  });
});
