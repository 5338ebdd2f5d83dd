import { describe, expect, it } from 'vitest';
import {
  classifyAudit,
  confirmsName,
  displayName,
  ERASED_NAME,
  ERASED_NAME_PARTS,
  erasedEmailOf,
  erasureRefusal,
  isErasedEmail,
  retentionSettingsSchema,
} from '../src/index.js';

const family = { roles: ['Student'], status: 'inactive', email: 'ada@example.ng' };

describe('who may be erased', () => {
  it('is a student or parent who has left, once', () => {
    expect(erasureRefusal(family)).toBeNull();
    expect(erasureRefusal({ ...family, roles: ['Parent'] })).toBeNull();
    expect(erasureRefusal({ ...family, status: 'active' })).toBe('active');
    expect(erasureRefusal({ ...family, roles: ['Parent', 'Bursar'] })).toBe('notFamily');
    expect(erasureRefusal({ ...family, roles: [] })).toBe('notFamily');
    expect(erasureRefusal({ ...family, email: erasedEmailOf('0f1e2d3c-0000-4000-8000-000000000000') })).toBe('erased');
  });

  it('leaves a placeholder that reads as one name and an address no mail reaches', () => {
    expect(displayName(ERASED_NAME_PARTS)).toBe(ERASED_NAME);
    const email = erasedEmailOf('0f1e2d3c-0000-4000-8000-000000000000');
    expect(email).toMatch(/^erased-0f1e2d3c-.+@erased\.invalid$/);
    expect(isErasedEmail(email.toUpperCase())).toBe(true);
    expect(isErasedEmail('ada@example.ng')).toBe(false);
  });
});

describe('the name typed to confirm an erasure', () => {
  const person = { firstname: 'Chiamaka', middlename: 'Ifeoma', lastname: 'Obi' };

  it('is the full name, with or without the middle name, whatever the case and spacing', () => {
    expect(confirmsName('Chiamaka Ifeoma Obi', person)).toBe(true);
    expect(confirmsName('  chiamaka   obi ', person)).toBe(true);
    expect(confirmsName('Chiamaka', person)).toBe(false);
    expect(confirmsName('Obi Chiamaka', person)).toBe(false);
    expect(confirmsName('', person)).toBe(false);
  });
});

describe('privacy in the audit trail and the settings', () => {
  it('rates an erasure high and a download of one’s data medium', () => {
    expect(classifyAudit('user.erased', 'user')).toEqual({ category: 'user', severity: 'high' });
    expect(classifyAudit('privacy.data_exported', 'user')).toEqual({ category: 'user', severity: 'medium' });
  });

  it('keeps notices and logs for whole months within bounds', () => {
    expect(retentionSettingsSchema.safeParse({ notificationMonths: 24, systemLogMonths: 3 }).success).toBe(true);
    const refused = retentionSettingsSchema.safeParse({ notificationMonths: 0, systemLogMonths: 1.5 });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['notificationMonths', 'Notifications must be between 1 and 120'],
      ['systemLogMonths', 'System logs must be a whole number'],
    ]);
  });
});
