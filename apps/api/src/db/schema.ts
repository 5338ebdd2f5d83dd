/**
 * Every table, one file per module under `schema/`. Code imports tables from here, and
 * drizzle-kit reads this file (drizzle.config.ts), so a table left out of it gets no migration.
 */
export * from './schema/academic.js';
export * from './schema/adjustments.js';
export * from './schema/audit.js';
export * from './schema/auth.js';
export * from './schema/bank.js';
export * from './schema/email.js';
export * from './schema/expenses.js';
export * from './schema/fees.js';
export * from './schema/forecast.js';
export * from './schema/ledger.js';
export * from './schema/messaging.js';
export * from './schema/notifications.js';
export * from './schema/payment-profiles.js';
export * from './schema/payments.js';
export * from './schema/reports.js';
export * from './schema/results.js';
export * from './schema/schools.js';
export * from './schema/settings.js';
export * from './schema/students.js';
export * from './schema/system.js';
export * from './schema/till-voids.js';
export * from './schema/tills.js';
export * from './schema/users.js';
export * from './schema/virtual-accounts.js';
