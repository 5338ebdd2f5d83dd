/**
 * After the load: nothing credited twice, nothing answered and lost, and the summaries the
 * dashboards read still equal the payments they summarise. Each check is a count that must be 0.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import type { Ledger } from './load-mix.js';

export interface Check {
  label: string;
  problems: number;
}

const pgArray = (values: Iterable<string>) => `{${[...values].join(',')}}`;
const successSum = sql`sum(case when kind = 'refund' then -amount_kobo else amount_kobo end)`;

async function count(db: Db, query: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

export async function moneyChecks(db: Db, ledger: Ledger, since: Date): Promise<Check[]> {
  const cashSent = pgArray(ledger.cashSent);
  const cashAnswered = pgArray(ledger.cashAnswered);
  const initiated = pgArray(ledger.initiated);
  const paid = pgArray(ledger.paid);
  return [
    {
      label: `cash: an Idempotency-Key with more than one payment (of ${ledger.cashSent.size} sent)`,
      problems: await count(
        db,
        sql`select count(*) as n from (
              select idempotency_key from payments where idempotency_key = any(${cashSent}::uuid[])
              group by school_id, idempotency_key having count(*) > 1) d`,
      ),
    },
    {
      label: `cash: answered 200 without a credited, receipt-numbered payment (of ${ledger.cashAnswered.size})`,
      problems: await count(
        db,
        sql`select count(*) as n from unnest(${cashAnswered}::uuid[]) k
            where not exists (select 1 from payments p where p.idempotency_key = k
                              and p.status = 'success' and p.receipt_no is not null)`,
      ),
    },
    {
      label: `online: a reference with more than one payment (of ${ledger.initiated.size} initiated)`,
      problems: await count(
        db,
        sql`select count(*) as n from (
              select reference from payments where reference = any(${initiated}::text[])
              group by reference having count(*) > 1) d`,
      ),
    },
    {
      label: `online: paid and notified but not credited with a receipt number (of ${ledger.paid.size})`,
      problems: await count(
        db,
        sql`select count(*) as n from unnest(${paid}::text[]) r
            where not exists (select 1 from payments p where p.reference = r
                              and p.status = 'success' and p.receipt_no is not null)`,
      ),
    },
    {
      label: 'online: a provider transaction credited to more than one payment',
      problems: await count(
        db,
        sql`select count(*) as n from (
              select provider_id from payments where provider_id is not null and status = 'success'
              group by method, provider_id having count(*) > 1) d`,
      ),
    },
    {
      label: 'webhooks: a paid reference recorded as more than one charge event',
      problems: await count(
        db,
        sql`select count(*) as n from (
              select reference from payment_webhook_events
              where reference = any(${paid}::text[]) and event = 'charge.success'
              group by reference having count(*) > 1) d`,
      ),
    },
    {
      label: 'receipts: a receipt number given twice in a school',
      problems: await count(
        db,
        sql`select count(*) as n from (
              select 1 from payments where receipt_no is not null
              group by school_id, receipt_no having count(*) > 1) d`,
      ),
    },
    {
      label: 'summaries: paid per student and fee differs from the payments',
      problems: await count(
        db,
        sql`with kept as (select fee_id, student_id, paid_kobo from fee_student_paid where paid_kobo <> 0),
                 live as (select fee_id, student_id, ${successSum} as paid_kobo from payments
                          where status = 'success' group by 1, 2 having ${successSum} <> 0)
            select count(*) as n from ((select * from kept except select * from live)
                                       union all (select * from live except select * from kept)) d`,
      ),
    },
    {
      label: 'summaries: collected per school, day and method differs from the payments',
      problems: await count(
        db,
        sql`with kept as (select school_id, day, method, payments, amount_kobo from daily_collections
                          where payments <> 0 or amount_kobo <> 0),
                 live as (select school_id, (coalesce(paid_at, created_at) at time zone 'Africa/Lagos')::date as day,
                                 method, (count(*) filter (where kind = 'payment'))::int as payments,
                                 ${successSum} as amount_kobo
                          from payments where status = 'success' group by 1, 2, 3
                          having count(*) filter (where kind = 'payment') <> 0 or ${successSum} <> 0)
            select count(*) as n from ((select * from kept except select * from live)
                                       union all (select * from live except select * from kept)) d`,
      ),
    },
    {
      label: 'fees: a student of the run credited more than the fee asks of them',
      problems: await count(
        db,
        sql`select count(*) as n from fee_student_paid p join fees f on f.id = p.fee_id
            where p.paid_kobo > f.amount_kobo and exists (
              select 1 from payments x where x.fee_id = p.fee_id and x.student_id = p.student_id
                and x.created_at >= ${since.toISOString()})`,
      ),
    },
  ];
}
