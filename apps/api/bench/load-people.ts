/**
 * Who takes part in the load test, made in the load test's own copy of the bench data set: a
 * bursar and a principal per bench school, parents of two children each, students who sign in
 * with the demo password, and signed-in sessions for everyone the run acts as.
 *
 * Sessions are made as the server makes them (a live refresh-token family, an access token
 * signed with the key the server derives from APP_SECRET) rather than by thousands of password
 * checks before the run: the sign-ins are a route class of their own, measured under load.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { deriveKey, loadMasterSecret } from '../src/lib/secrets.js';
import { createAccessTokens } from '../src/modules/auth/tokens.js';

/** A student and the fee of the current term they owe. */
export interface Owing {
  studentId: string;
  schoolId: string;
  feeId: string;
}

export interface People {
  bursars: { schoolId: string; authorization: string }[];
  principals: string[];
  proprietor: string;
  superAdmin: string;
  parents: { childId: string; authorization: string }[];
  /** Students who open their fee page. */
  students: string[];
  /** Emails that sign in with the demo password. */
  signIns: string[];
  /** Per bench school, the students the cash desk takes ₦1 from. */
  desk: Map<string, Owing[]>;
  /** Students who pay their fee online once each, in the order the run takes them. */
  payers: (Owing & { authorization: string })[];
}

const pgArray = (values: string[]) => `{${values.join(',')}}`;
const DOMAIN = 'bench-load.schoolledger.ng';
/** Students per bench school at the cash desk; the rest of the school pays online. */
const DESK_STUDENTS = 200;

export async function preparePeople(
  db: Db,
  options: { appSecret: string; tokenTtlSeconds: number; payersNeeded: number; parents: number; signIns: number },
): Promise<People> {
  const tokens = createAccessTokens(
    deriveKey(loadMasterSecret({ appSecret: options.appSecret, dataDir: '.' }), 'jwt'),
    options.tokenTtlSeconds,
  );
  const demoHash = sql`(select password_hash from users where email = 'bursar@demo.schoolledger.ng')`;

  /** Live sessions for `userIds`, as `Bearer` headers in the same order. */
  async function sessions(userIds: string[]) {
    const families = await rowsOf<{ user_id: string; family_id: string }>(
      db,
      sql`
        insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
        select u, gen_random_uuid(), 'load-' || gen_random_uuid(), now() + interval '2 days'
        from unnest(${pgArray(userIds)}::uuid[]) u
        returning user_id, family_id`,
    );
    const familyOf = new Map(families.map((row) => [row.user_id, row.family_id]));
    return Promise.all(
      userIds.map(async (userId) => `Bearer ${await tokens.sign({ userId, familyId: familyOf.get(userId)! })}`),
    );
  }

  const staff = await rowsOf<{ id: string; school_id: string; role: string }>(
    db,
    sql`
      insert into users (school_id, firstname, lastname, email, roles, password_hash)
      select s.id, 'Load', r, lower(r) || '.' || replace(lower(s.name), ' ', '-') || ${`@${DOMAIN}`}, array[r], ${demoHash}
      from schools s, unnest(array['Bursar', 'Principal']) r
      where s.name like 'Bench School %'
      returning id, school_id, roles[1] as role`,
  );
  const bursarRows = staff.filter((row) => row.role === 'Bursar');
  const principalRows = staff.filter((row) => row.role === 'Principal');
  const [bursarTokens, principals, [proprietor, superAdmin]] = await Promise.all([
    sessions(bursarRows.map((row) => row.id)),
    sessions(principalRows.map((row) => row.id)),
    rowsOf<{ id: string }>(
      db,
      sql`select id from users where email in ('proprietor@demo.schoolledger.ng', 'admin@demo.schoolledger.ng')
          order by email desc`,
    ).then((rows) => sessions(rows.map((row) => row.id))),
  ]);

  // Every bench student with the tuition of the term under way, numbered within their school.
  const owing = await rowsOf<{ student_id: string; school_id: string; fee_id: string; n: number }>(
    db,
    sql`
      select u.id as student_id, u.school_id, f.id as fee_id,
             (row_number() over (partition by u.school_id order by u.id))::int as n
      from users u
      join schools s on s.id = u.school_id and s.name like 'Bench School %'
      join lateral (
        select f.id from fees f join terms t on t.id = f.term_id
        where f.school_id = u.school_id and f.name = 'Bench tuition' and t.start_date <= current_date
        order by t.start_date desc limit 1) f on true
      where u.email like 'bench%@bench.schoolledger.ng'
      order by n, u.school_id`,
  );
  const toOwing = (row: (typeof owing)[number]): Owing => ({
    studentId: row.student_id,
    schoolId: row.school_id,
    feeId: row.fee_id,
  });
  const desk = new Map<string, Owing[]>();
  for (const row of owing.filter((candidate) => candidate.n <= DESK_STUDENTS)) {
    desk.set(row.school_id, [...(desk.get(row.school_id) ?? []), toOwing(row)]);
  }
  // Online payers are taken school by school in turn, so every school's desk and webhooks mix.
  const payerRows = owing.filter((row) => row.n > DESK_STUDENTS).slice(0, options.payersNeeded);
  if (payerRows.length < options.payersNeeded) {
    throw new Error(
      `the data set has ${payerRows.length} students left to pay online; the run needs ${options.payersNeeded}: lower BENCH_LOAD_RATE or BENCH_LOAD_SECONDS, or seed more students`,
    );
  }
  const deskStudents = [...desk.values()].flat();
  const viewers = deskStudents.filter((_, index) => index % 2 === 0).slice(0, 500);

  // Parents of two children each, children the desk takes cash from (their page changes as it
  // does); a parent belongs to their first child's school.
  const childOf = (parent: number, k: number) => deskStudents[(2 * parent + k) % deskStudents.length]!;
  const parentSchools = Array.from({ length: options.parents }, (_, parent) => childOf(parent, 0).schoolId);
  const parentRows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`
      insert into users (school_id, firstname, lastname, email, roles, password_hash)
      select s, 'Load', 'Parent ' || n, 'parent' || n || ${`@${DOMAIN}`}, array['Parent'], ${demoHash}
      from unnest(${pgArray(parentSchools)}::uuid[]) with ordinality as t(s, n)
      returning id, substring(email from '^parent([0-9]+)@')::int as n`,
  );
  const links = parentRows.flatMap((parent) =>
    [0, 1].map((k) => ({ parentId: parent.id, child: childOf(parent.n - 1, k) })),
  );
  await db.execute(sql`
    insert into parent_students (parent_id, student_id, school_id)
    select * from unnest(${pgArray(links.map((link) => link.parentId))}::uuid[],
                         ${pgArray(links.map((link) => link.child.studentId))}::uuid[],
                         ${pgArray(links.map((link) => link.child.schoolId))}::uuid[])
    on conflict do nothing`);

  const signIns = await rowsOf<{ email: string }>(
    db,
    sql`
      update users set password_hash = ${demoHash}
      where id in (select id from users where email like 'bench%@bench.schoolledger.ng' order by id desc limit ${options.signIns})
      returning email`,
  );

  const [parentTokens, studentTokens, payerTokens] = await Promise.all([
    sessions(parentRows.map((row) => row.id)),
    sessions(viewers.map((viewer) => viewer.studentId)),
    sessions(payerRows.map((row) => row.student_id)),
  ]);
  const parentToken = new Map(parentRows.map((row, index) => [row.id, parentTokens[index]!]));
  return {
    bursars: bursarRows.map((row, index) => ({ schoolId: row.school_id, authorization: bursarTokens[index]! })),
    principals,
    proprietor: proprietor!,
    superAdmin: superAdmin!,
    parents: links.map((link) => ({ childId: link.child.studentId, authorization: parentToken.get(link.parentId)! })),
    students: studentTokens,
    signIns: signIns.map((row) => row.email),
    desk,
    payers: payerRows.map((row, index) => ({ ...toOwing(row), authorization: payerTokens[index]! })),
  };
}
