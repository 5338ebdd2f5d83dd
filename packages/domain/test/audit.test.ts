import { describe, expect, it } from 'vitest';
import { classifyAudit } from '../src/index.js';

describe('classifyAudit: how an auditor finds a row', () => {
  it.each([
    ['auth.login', 'session', 'security', 'medium'],
    ['auth.login_failed', 'session', 'security', 'high'],
    ['auth.lockout', 'user', 'security', 'critical'],
    ['auth.logout', 'session', 'security', 'medium'],
    ['password_changed', 'user', 'security', 'high'],
    ['payment.refund', 'payment', 'financial', 'critical'],
    ['payment.credit', 'payment', 'financial', 'medium'],
    ['download', 'receipt', 'financial', 'medium'],
    // Routine reports are low, however they leave the app.
    ['download', 'report', 'system', 'low'],
    ['export', 'report', 'system', 'low'],
    ['export', 'audit_report', 'user', 'low'],
    ['export', 'audit_log', 'system', 'low'],
    ['download', 'term_pack', 'system', 'low'],
    ['export', 'student', 'user', 'high'],
    ['export', 'user', 'user', 'high'],
    ['settings.update', 'settings', 'security', 'high'],
    ['backup.create', 'backup', 'system', 'low'],
    ['create', 'class_arm', 'user', 'low'],
    ['fee_adjustment.approve', 'fee_adjustment', 'financial', 'high'],
    ['fee_adjustment.create', 'fee_adjustment', 'financial', 'medium'],
    ['payment.checkout.credit', 'payment_checkout', 'financial', 'medium'],
    ['family_credit.refund', 'family_credit_entry', 'financial', 'high'],
  ])('%s on %s is %s, %s', (action, entity, category, severity) => {
    expect(classifyAudit(action, entity)).toEqual({ category, severity });
  });
});
