import { afterEach, describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  formatKobo,
  formatNaira,
  passwordMinCheck,
  securitySettingsSchema,
  showWholeNaira,
} from '../src/index.js';

describe('whole-naira display', () => {
  afterEach(() => showWholeNaira(false));

  it('drops ".00" from whole amounts once the group asks for it, and keeps kobo where there are some', () => {
    expect(formatNaira(45000)).toBe('₦45,000.00');
    showWholeNaira(true);
    expect(formatNaira(45000)).toBe('₦45,000');
    expect(formatKobo(1_250_050n)).toBe('₦12,500.50');
    expect(formatNaira(45000, { whole: false })).toBe('₦45,000.00');
  });
});

describe('settings bounds and the password minimum', () => {
  it('names the bound a security value breaks', () => {
    const parsed = securitySettingsSchema.safeParse({
      passwordMinLength: 7,
      sessionTimeoutMinutes: 30,
      loginMaxAttempts: 5,
      lockoutMinutes: 15,
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['passwordMinLength', 'Minimum password length must be between 8 and 20'],
    ]);
  });

  it('holds a form to the group’s minimum on top of its own rules', () => {
    const schema = changePasswordFormSchema.superRefine(passwordMinCheck('newPassword', 12));
    const form = { currentPassword: 'old-password', newPassword: 'elevenchars', confirmPassword: 'elevenchars' };
    expect(schema.safeParse(form).error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 12 characters',
    ]);
    expect(schema.safeParse({ ...form, newPassword: 'twelve-chars', confirmPassword: 'twelve-chars' }).success).toBe(
      true,
    );
  });
});
