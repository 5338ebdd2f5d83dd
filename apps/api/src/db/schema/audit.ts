import { AUDIT_CATEGORIES, AUDIT_SEVERITIES } from '@schoolledger/domain';
import { bigint, index, inet, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { users } from './users.js';

/**
 * The audit trail. Append-only: the database refuses UPDATE and DELETE (migration 0008). A
 * trigger places each new row in its school's chain: `seq`, `prevHash` and `hash` are written by
 * the database, never by the app, so an insert cannot skip a link.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    schoolId: uuid('school_id'),
    /** For a change to a whole group (its settings, its SMTP, the group itself): no school, but this group. */
    groupSchoolId: uuid('group_school_id'),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    category: text('category', { enum: AUDIT_CATEGORIES }).notNull().default('system'),
    severity: text('severity', { enum: AUDIT_SEVERITIES }).notNull().default('low'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The school's id, `group:<id>` for a group's own rows, or `platform`; one hash chain each. */
    chain: text('chain'),
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_logs_school_idx').on(t.schoolId, t.createdAt),
    uniqueIndex('audit_logs_chain_seq_idx').on(t.chain, t.seq),
    index('audit_logs_actor_idx').on(t.actorId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_group_idx').on(t.groupSchoolId, t.createdAt),
  ],
);

/** The last link of each chain, locked by the insert trigger so appends to one chain queue up. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
