export const EMAIL_TABS = [
  ['configuration', 'Configuration'],
  ['templates', 'Templates'],
  ['statistics', 'Statistics'],
] as const;
export type EmailTab = (typeof EMAIL_TABS)[number][0];

export const isEmailTab = (value: string | null): value is EmailTab => EMAIL_TABS.some(([tab]) => tab === value);
