import { FINANCIAL_RECORDS_YEARS, RETENTION_DEFAULTS } from '@schoolledger/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PrivacyNoticePage from '@/features/privacy/routes/privacy-notice';

/** The notice as a reader sees it: text only, one space between words. */
const notice = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(PrivacyNoticePage)));
const text = notice
  .replace(/<[^>]+>/g, ' ')
  .replace(/&#x27;|&#39;/g, "'")
  .replace(/\s+/g, ' ');

describe('the privacy notice', () => {
  it('answers each question the law asks, under a heading of its own', () => {
    const headings = [...notice.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual([
      'Who is responsible for your information',
      'What we keep',
      'Why we use it, and on what basis',
      'Who receives it',
      'How long it is kept',
      'Your rights',
      'How to use your rights',
    ]);
  });

  it('names everyone who receives the data and the lawful bases', () => {
    for (const receiver of ['Paystack', 'Flutterwave', 'Termii', 'WhatsApp, by Meta', 'email server']) {
      expect(text).toContain(receiver);
    }
    for (const basis of ['fees agreement', 'legitimate interest', 'Your consent', 'withdraw it at any time']) {
      expect(text).toContain(basis);
    }
  });

  it('gives the periods the app keeps, from the same numbers the settings use', () => {
    expect(text).toContain(
      `SMS and WhatsApp messages that carried them: ${RETENTION_DEFAULTS.notificationMonths} months`,
    );
    expect(text).toContain(`technical logs: ${RETENTION_DEFAULTS.systemLogMonths} months`);
    expect(text).toContain(`${FINANCIAL_RECORDS_YEARS} years, as Nigerian tax law requires`);
  });

  it('says how to use each right, and where to complain', () => {
    for (const right of ['get a copy', 'corrected', 'erased', 'Withdraw your consent', 'Object', 'Complain']) {
      expect(text).toContain(right);
    }
    expect(text).toContain('Nigeria Data Protection Commission');
    expect(text).toContain('Profile page');
    expect(text).not.toMatch(/\bSPEC\b|§|issue \d/i);
  });
});
