import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type AppContext, createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { schools, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_DOMAIN, DEMO_PASSWORD, type SeedOptions, seedDemoIfEmpty } from '../src/seed/demo.js';
import { createTestDatabase } from './test-databases.js';

export const demoEmail = (name: string) => `${name}@${DEMO_DOMAIN}`;
export { DEMO_PASSWORD };

export interface TestApp {
  app: App;
  ctx: AppContext;
  database: Database;
  /** The PostgreSQL database of this file, when the tests run on PostgreSQL. */
  databaseUrl?: string;
  /** Signs in a demo user by the part of their email before the @, and returns a bearer header. */
  as(name: string): Promise<{ authorization: string }>;
}

/** The run's seeded data directory, read once per worker (seeded-template.ts). */
const seededDataDirs = new Map<string, Blob>();
export function seededDataDir(file: string) {
  let blob = seededDataDirs.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    seededDataDirs.set(file, blob);
  }
  return blob;
}

/**
 * Builds the real app on a fresh database seeded with the demo group: PGlite in memory, or,
 * when DATABASE_URL is set, a database of its own on that PostgreSQL server. Both start as a copy
 * of the run's seeded template (seeded-template.ts), unless the file has a clock or seed options of
 * its own, which the demo's data depends on.
 */
export function useTestApp(
  options: {
    clock?: () => Date;
    env?: Record<string, string>;
    webDir?: string;
    seed?: SeedOptions;
    /**
     * Gives the app a read database told of each statement run on it: on PostgreSQL a second,
     * read-only pool to the same test database, on PGlite a second handle over the same one.
     */
    onReadQuery?: (query: string) => void;
    /** Told of each statement run on the primary. */
    onQuery?: (query: string) => void;
  } = {},
): TestApp {
  const state = {} as TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-test-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    });
    const template = options.clock || options.seed ? undefined : inject('seededTemplate');
    const url = process.env.DATABASE_URL;
    if (url) {
      const created = await createTestDatabase(url, { template: template?.database });
      cleanups.push(created.drop);
      state.databaseUrl = created.url;
      state.database = await openDatabase({
        url: state.databaseUrl,
        onQuery: options.onQuery,
        ...(options.onReadQuery && { readUrl: state.databaseUrl, onReadQuery: options.onReadQuery }),
      });
    } else {
      state.database = await openDatabase({
        onQuery: options.onQuery,
        onReadQuery: options.onReadQuery,
        ...(template?.dataDirFile && { startFrom: seededDataDir(template.dataDirFile) }),
      });
    }
    cleanups.push(() => state.database.close());
    state.ctx = createContext({
      config,
      db: state.database.db,
      readDb: state.database.readDb,
      log: pino({ level: 'silent' }),
      clock: options.clock,
    });
    await seedDemoIfEmpty(state.database.db, options.clock?.(), options.seed);
    state.app = await buildApp({ ctx: state.ctx, database: state.database, webDir: options.webDir });
    await state.app.ready();
    cleanups.push(() => state.app.close());
  });

  // Runs what was set up, newest first, even when the setup failed half-way.
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  state.as = async (name: string) => {
    let token = tokens.get(name);
    if (!token) {
      const response = await state.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: demoEmail(name), password: DEMO_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login as ${name} failed: ${response.body}`);
      token = response.json().data.token as string;
      tokens.set(name, token);
    }
    return { authorization: `Bearer ${token}` };
  };

  return state;
}

/** Signs in by email and password and returns the raw response (not cached, unlike `as`). */
export async function login(t: TestApp, email: string, password: string = DEMO_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
}

/** A bearer header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG image of `size` x `size` red pixels, built byte by byte. */
export function tinyPng(size = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xd0, 0x20, 0x20]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface UploadFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body built with the web FormData, ready for `app.inject`. */
export async function multipart(fields: Record<string, string>, files: UploadFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** Adds a user straight to the database (active, first demo school unless told otherwise). */
export async function insertUser(
  t: TestApp,
  user: { email: string; roles?: string[]; password?: string; schoolId?: string | null },
) {
  let schoolId = user.schoolId;
  if (schoolId === undefined) {
    const [school] = await t.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, FIRST_SCHOOL));
    schoolId = school!.id;
  }
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email: user.email,
      roles: user.roles ?? ['Bursar'],
      firstname: 'Test',
      lastname: 'User',
      schoolId,
      passwordHash: await hashPassword(user.password ?? DEMO_PASSWORD),
    })
    .returning();
  return row!;
}

export const FIRST_SCHOOL = 'Crestview College, Ikeja';
export const SECOND_SCHOOL = 'Crestview College, Wuse';
