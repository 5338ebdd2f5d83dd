/**
 * The bench's school group, shared by `npm run bench` and `npm run bench:load`: the demo group,
 * then `schools` schools (two of them the demo's) with `students` students, one approved tuition
 * fee per term, `payments` payments of the last twelve months, a school of `largeSchoolStudents`
 * students for the reports' budgets, staff and a parent who sign in with the demo password, and
 * imported term results. Made set-based in SQL, so a million payments take minutes, not hours.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';

export interface DatasetSize {
  schools: number;
  students: number;
  payments: number;
  /** The reports' budgets are for a school of 5,000 students. */
  largeSchoolStudents: number;
}

/** What the seeding measured on the way, for the bench to print: no budget, but worth seeing. */
export interface DatasetTimings {
  /**
   * `ledger_post_missing()` posting the bulk-loaded history: what the journal's migration costs
   * on a database of this size.
   */
  journalPostedMs: number;
}

export async function seedBenchDataset(db: Db, size: DatasetSize): Promise<DatasetTimings> {
  await seedDemoIfEmpty(db);
  await db.execute(sql`
    insert into schools (group_school_id, name, phone_number)
    select (select id from group_schools limit 1), 'Bench School ' || g, '+23480000' || lpad(g::text, 5, '0')
    from generate_series(1, ${Math.max(0, size.schools - 2)}) g`);
  await db.execute(sql`
    insert into class_arms (school_id, name, capacity)
    select s.id, level || arm, 5000
    from schools s, unnest(array['JSS 1','JSS 2','JSS 3','SS 1','SS 2','SS 3']) level, unnest(array['A','B']) arm
    where s.name like 'Bench School %'`);
  await db.execute(sql`
    with arms as (select id, school_id, row_number() over (order by id) - 1 as n from class_arms),
         total as (select count(*) as c from arms)
    insert into users (school_id, class_arm_id, firstname, lastname, email, roles, reg_no)
    select a.school_id, a.id, 'Bench' || g, 'Student' || (g % 997), 'bench' || g || '@bench.schoolledger.ng',
           array['Student'], 'BEN/' || g
    from generate_series(1, ${size.students}) g
    join arms a on a.n = g % (select c from total)`);
  await db.execute(sql`
    insert into student_profiles (user_id, school_id, gender, type, enrolled_at)
    select id, school_id, case when random() < 0.5 then 'Male' else 'Female' end, 'day',
           current_date - (random() * 1500)::int
    from users where email like 'bench%@bench.schoolledger.ng'`);

  // Bench schools get the demo calendar; every school gets one approved school-wide fee per term.
  await db.execute(sql`
    insert into academic_sessions (school_id, name, start_date, end_date, is_active)
    select s.id, a.name, a.start_date, a.end_date, a.is_active
    from schools s, academic_sessions a
    where s.name like 'Bench School %' and a.school_id = (select id from schools where name = 'Crestview College, Ikeja')`);
  await db.execute(sql`
    insert into terms (school_id, session_id, name, start_date, end_date)
    select b.school_id, b.id, t.name, t.start_date, t.end_date
    from academic_sessions b
    join academic_sessions a on a.name = b.name
      and a.school_id = (select id from schools where name = 'Crestview College, Ikeja')
    join terms t on t.session_id = a.id
    where b.school_id in (select id from schools where name like 'Bench School %')`);
  await db.execute(sql`
    insert into fees (school_id, term_id, name, description, type, amount_kobo, status, applies_to, approved_at)
    select t.school_id, t.id, 'Bench tuition', 'Tuition for the term', 'tuition', 15000000, 'approved', 'school', now()
    from terms t`);

  // Payments: each student's rows spread over their school's fees and the last 12 months; mostly
  // credited (with the school's running receipt number), some pending or failed; methods mixed. A
  // million rows go in with the summaries' trigger off, and the summaries are rebuilt once after.
  await db.execute(sql`alter table payments disable trigger payments_collect`);
  await db.execute(sql`
    with students as (
           select id, school_id, row_number() over (order by id) - 1 as n
           from users where email like 'bench%@bench.schoolledger.ng'),
         total as (select count(*) as c from students),
         school_fees as (
           select id, school_id, row_number() over (partition by school_id order by id) - 1 as k,
                  count(*) over (partition by school_id) as of
           from fees where name = 'Bench tuition'),
         generated as (
           select g, s.id as student_id, s.school_id, f.id as fee_id,
                  case when g % 10 < 4 then 'paystack' when g % 10 < 6 then 'flutterwave'
                       when g % 10 < 8 then 'cash' else 'bank_transfer' end as method,
                  case when (g / 10) % 25 = 0 and g % 10 not in (6, 7) then 'pending'
                       when (g / 10) % 25 = 1 and g % 10 < 6 then 'failed' else 'success' end as status,
                  now() - ((g::bigint * 7919) % 31536000) * interval '1 second' as created_at
           from generate_series(1, ${size.payments}) g
           join students s on s.n = g % (select c from total)
           join school_fees f on f.school_id = s.school_id and f.k = (g / (select c from total)) % f.of),
         numbered as (
           select *, row_number() over (partition by school_id, status order by created_at, g) as receipt_n
           from generated)
    insert into payments (school_id, student_id, fee_id, amount_kobo, status, method, kind, reference, channel,
                          verified_at, paid_at, receipt_no, created_at, updated_at)
    select school_id, student_id, fee_id, (500000 + (g % 16) * 100000)::bigint, status, method, 'payment',
           'BENCH-' || lpad(g::text, 8, '0'), method,
           case when status = 'success' then created_at + interval '2 minutes' end,
           case when status = 'success' then created_at + interval '2 minutes' end,
           case when status = 'success' then 'RCP-' || to_char(created_at at time zone 'Africa/Lagos', 'YYYY') || '-'
             || lpad(receipt_n::text, 6, '0') end,
           created_at, created_at
    from numbered`);
  // A school of 5,000 students (the reports' budgets are for a school this size): its own arms,
  // calendar and tuition, and for the current term's fee a payment from three students in five.
  await db.execute(sql`
    insert into schools (group_school_id, name, phone_number)
    values ((select id from group_schools limit 1), 'Bench Large School', '+2348011111111')`);
  await db.execute(sql`
    insert into class_arms (school_id, name, capacity)
    select (select id from schools where name = 'Bench Large School'), level || arm, 1000
    from unnest(array['JSS 1','JSS 2','JSS 3','SS 1','SS 2','SS 3']) level, unnest(array['A','B']) arm`);
  await db.execute(sql`
    with arms as (
      select id, row_number() over (order by id) - 1 as n from class_arms
      where school_id = (select id from schools where name = 'Bench Large School'))
    insert into users (school_id, class_arm_id, firstname, lastname, email, roles, reg_no)
    select (select id from schools where name = 'Bench Large School'), a.id, 'Large' || g, 'Student' || (g % 991),
           'large' || g || '@bench-large.schoolledger.ng', array['Student'], 'LRG/' || g
    from generate_series(1, ${size.largeSchoolStudents}) g join arms a on a.n = g % 12`);
  await db.execute(sql`
    insert into academic_sessions (school_id, name, start_date, end_date, is_active)
    select (select id from schools where name = 'Bench Large School'), a.name, a.start_date, a.end_date, a.is_active
    from academic_sessions a where a.school_id = (select id from schools where name = 'Crestview College, Ikeja')`);
  await db.execute(sql`
    insert into terms (school_id, session_id, name, start_date, end_date)
    select b.school_id, b.id, t.name, t.start_date, t.end_date
    from academic_sessions b
    join academic_sessions a on a.name = b.name
      and a.school_id = (select id from schools where name = 'Crestview College, Ikeja')
    join terms t on t.session_id = a.id
    where b.school_id = (select id from schools where name = 'Bench Large School')`);
  await db.execute(sql`
    insert into fees (school_id, term_id, name, description, type, amount_kobo, status, applies_to, approved_at, due_date)
    select t.school_id, t.id, 'Bench tuition', 'Tuition for the term', 'tuition', 15000000, 'approved', 'school', now(),
           t.start_date + 14
    from terms t where t.school_id = (select id from schools where name = 'Bench Large School')`);
  await db.execute(sql`
    insert into payments (school_id, student_id, fee_id, amount_kobo, status, method, kind, reference, channel,
                          paid_at, receipt_no, created_at, updated_at)
    select u.school_id, u.id, f.id, (5000000 + (row_number() over (order by u.id) % 10) * 1000000)::bigint, 'success',
           case when row_number() over (order by u.id) % 2 = 0 then 'cash' else 'paystack' end, 'payment',
           'LARGE-' || u.reg_no, 'cash', now() - interval '1 day', 'RCP-L-' || u.reg_no, now() - interval '1 day',
           now() - interval '1 day'
    from users u
    join lateral (
      select f.id from fees f join terms t on t.id = f.term_id
      where f.school_id = u.school_id and t.start_date <= current_date order by t.start_date desc limit 1) f on true
    where u.email like 'large%@bench-large.schoolledger.ng' and hashtext(u.id::text) % 5 < 3`);
  await db.execute(sql`
    insert into users (school_id, firstname, lastname, email, roles, password_hash)
    select (select id from schools where name = 'Bench Large School'), 'Large', 'Bursar', 'bursar@bench-large.schoolledger.ng',
           array['Bursar'], (select password_hash from users where email = 'bursar@demo.schoolledger.ng')`);
  await db.execute(sql`alter table payments enable trigger payments_collect`);
  await db.execute(sql`select rebuild_collection_summaries()`);
  // The payments went in with their trigger off: the journal posts them now, as it would have.
  const posting = performance.now();
  await db.execute(sql`select ledger_post_missing()`);
  const journalPostedMs = performance.now() - posting;
  await db.execute(sql`
    insert into school_receipt_counters (school_id, last_no)
    select school_id, count(receipt_no) from payments group by school_id`);
  // A bursar and a student of the first bench school who can sign in with the demo password.
  await db.execute(sql`
    insert into users (school_id, firstname, lastname, email, roles, password_hash)
    select (select id from schools where name = 'Bench School 1'), 'Bench', 'Bursar', 'bursar@bench-staff.schoolledger.ng',
           array['Bursar'], (select password_hash from users where email = 'bursar@demo.schoolledger.ng')`);
  await db.execute(sql`
    update users set password_hash = (select password_hash from users where email = 'bursar@demo.schoolledger.ng')
    where id = (select id from users where email like 'bench%@bench.schoolledger.ng'
                and school_id = (select id from schools where name = 'Bench School 1') order by id limit 1)`);
  // Staff of the first bench school for its dashboards (principal, head teacher, auditor) and a
  // parent of two of its students, all signing in with the demo password.
  await db.execute(sql`
    insert into users (school_id, firstname, lastname, email, roles, password_hash)
    select (select id from schools where name = 'Bench School 1'), 'Bench', r, lower(r) || '@bench-staff.schoolledger.ng',
           array[r], (select password_hash from users where email = 'bursar@demo.schoolledger.ng')
    from unnest(array['Principal', 'Headteacher', 'Auditor', 'Parent']) r`);
  await db.execute(sql`
    insert into parent_students (parent_id, student_id, school_id)
    select (select id from users where email = 'parent@bench-staff.schoolledger.ng'), u.id, u.school_id
    from users u where u.email like 'bench%@bench.schoolledger.ng'
      and u.school_id = (select id from schools where name = 'Bench School 1')
    order by u.id limit 2`);
  // Imported term results for every bench student in each term that has started, with two subjects,
  // so the academic summaries read a table of the size a group's result imports would leave.
  await db.execute(sql`
    insert into term_results (school_id, term_id, student_id, class_arm_id, average, position, class_size,
                              days_present, total_days, late_days)
    select u.school_id, t.id, u.id, u.class_arm_id, 40 + (hashtext(u.id::text || t.id::text) & 4095) % 6000 / 100.0,
           1 + (hashtext(u.id::text) & 4095) % 40, 40, 50 + (hashtext(t.id::text || u.id::text) & 15), 66,
           (hashtext(u.id::text) & 3)
    from users u join terms t on t.school_id = u.school_id and t.start_date <= current_date
    where u.email like 'bench%@bench.schoolledger.ng'`);
  await db.execute(sql`
    insert into term_result_subjects (result_id, subject, score, grade)
    select r.id, subject, r.average, 'B' from term_results r, unnest(array['Mathematics', 'English Language']) subject`);
  // Autovacuum would long have visited tables this size in a live database: vacuum too, so the
  // visibility map lets counts use index-only scans as they would there.
  await db.execute(sql`vacuum analyze`);
  return { journalPostedMs };
}
