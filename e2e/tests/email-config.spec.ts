import { expect, type Page, test } from '@playwright/test';
import {
  email,
  expectAccessible,
  expectAnnounced,
  MAIL_SINK_SMTP_PORT,
  mailTo,
  PASSWORD,
  PHONE,
  screenshot,
  signInAs,
} from './support';

/** Typed into the form once: it must never come back to the page. */
const SMTP_PASSWORD = 'E2e-smtp-secret-4417';

/** Opens the screen, signing `who` in on the way when given, and waits until every panel has loaded. */
async function openEmailConfig(page: Page, tab?: string, who?: string) {
  const path = tab ? `/admin/email-config?tab=${tab}` : '/admin/email-config';
  if (who) await signInAs(page, who, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Email Configuration', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test.describe('email configuration', () => {
  test('an ICT administrator reads the outbox, saves SMTP settings, previews and rewords a template', async ({
    page,
  }) => {
    // Three axe passes on a shared two-core machine.
    test.setTimeout(120_000);
    // An email written through the API (POST /email/send) before any SMTP server is set.
    const signedIn = await page.request.post('/api/v1/auth/login', {
      data: { email: email('ict'), password: PASSWORD },
    });
    const token = (await signedIn.json()).data.token as string;
    const sent = await page.request.post('/api/v1/email/send', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        to: email('bursar'),
        subject: 'Staff meeting on Friday',
        templateVariables: { message: 'Bring the term budget.' },
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    // Nothing configured yet: the statistics say the emails are kept, and they can be read.
    await openEmailConfig(page, 'statistics', 'ict');
    await expect(page.getByRole('tab', { name: 'Statistics', selected: true })).toBeVisible();
    for (const tile of ['Total sent', 'Delivered', 'Failed', 'Delivery rate']) {
      await expect(page.getByRole('region', { name: 'Email totals' }).getByText(tile, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('note')).toContainText('No SMTP server is configured');
    await expect(page.getByRole('heading', { name: 'Outbox', exact: true })).toBeVisible();
    await expect(page.getByRole('table').getByText('Staff meeting on Friday')).toBeVisible();
    const kept = page.locator('details').filter({ hasText: 'Staff meeting on Friday' });
    await expect(kept.getByText('Kept in outbox')).toBeVisible();
    await kept.locator('summary').click();
    await expect(kept.getByText('Bring the term budget.')).toBeVisible();
    await screenshot(page, 'desktop-email-statistics');
    await expectAccessible(page, 'email statistics');

    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(page.getByText('Not configured yet')).toBeVisible();
    const host = page.getByLabel('SMTP host', { exact: true });
    const port = page.getByLabel('Port', { exact: true });
    await expect(host).toHaveValue('smtp.zoho.com');
    await expect(port).toHaveValue('587');
    await page.getByLabel('Use SSL (port 465)').check();
    await expect(port).toHaveValue('465');
    await page.getByLabel('Use SSL (port 465)').uncheck();
    await expect(port).toHaveValue('587');

    // The SPEC messages show under their fields before anything is sent.
    await host.fill('');
    await port.fill('70000');
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByText('SMTP host is required')).toBeVisible();
    await expect(page.getByText('Invalid port number')).toBeVisible();
    await expect(page.getByText('Valid email is required').first()).toBeVisible();
    await expect(page.getByText('Sender name is required')).toBeVisible();

    // A server nobody listens on: the save works, the test send reports the failure.
    await host.fill('127.0.0.1');
    await port.fill('9');
    await page.getByLabel('Username', { exact: true }).fill('bursary@crestview.example');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(SMTP_PASSWORD);
    await page.getByLabel('Sender name', { exact: true }).fill('Crestview Bursary');
    await page.getByLabel('Sender email', { exact: true }).fill('bursary@crestview.example');
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expectAnnounced(page, 'Email configuration updated successfully!');
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('placeholder', 'Saved — leave blank to keep');
    expect(await page.content()).not.toContain(SMTP_PASSWORD);

    await page.reload();
    await expect(page.getByLabel('SMTP host', { exact: true })).toHaveValue('127.0.0.1');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain(SMTP_PASSWORD);
    await expectAccessible(page, 'email configuration');

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Please enter a test email address').first()).toBeVisible();
    await page.getByLabel('Test email address').fill('checker@example.ng');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test email failed')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Failed to send test email' })).toBeVisible();
    await screenshot(page, 'desktop-email-config');

    // The group's own server (the tests' mail sink): the test email arrives from the group's sender,
    // and so do the group's emails of every later spec.
    await page.getByLabel('Port', { exact: true }).fill(String(MAIL_SINK_SMTP_PORT));
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expectAnnounced(page, 'Email configuration updated successfully!');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expectAnnounced(page, 'Test email sent successfully!');
    expect((await mailTo('checker@example.ng', /./)).from).toContain('Crestview Bursary');

    // Templates: the stored wording previews with sample values in a sandboxed frame.
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Payment overdue' }).click();
    const subject = page.getByLabel('Subject', { exact: true });
    await expect(subject).toHaveValue('URGENT: Overdue Fee Payment - {{feeName}}');
    await expect(page.getByText('Subject: URGENT: Overdue Fee Payment - Second Term Tuition')).toBeVisible();
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await expect(frame.getByText('₦150,000.00')).toBeVisible();
    await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');

    await subject.fill('Overdue: {{feeName}} for {{studentName}}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Subject: Overdue: Second Term Tuition for Chidi Okafor')).toBeVisible();
    await page.getByRole('button', { name: 'Save template' }).click();
    await expectAnnounced(page, 'Email template saved');
    await expect(page.getByRole('button', { name: /Payment overdue\s*Custom/ })).toBeVisible();
    await screenshot(page, 'desktop-email-templates');
    // axe cannot run inside a frame sandboxed without scripts (it waits for it forever), and the
    // email inside is the group's own markup: the screen around it is what is checked.
    await page.locator('iframe[title="Email preview"]').evaluate((frame) => frame.remove());
    await expectAccessible(page, 'email templates');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.locator('iframe[title="Email preview"]')).toBeVisible();

    // A raw-value tag is refused under its field.
    await subject.fill('{{{feeName}}}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Unescaped values ({{{ }}} or {{& }}) are not allowed in a template')).toBeVisible();

    await page.getByRole('button', { name: 'Reset to built-in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset template' }).click();
    await expect(page.getByText('Template reset to the built-in wording')).toBeVisible();
    await expect(subject).toHaveValue('URGENT: Overdue Fee Payment - {{feeName}}');

    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect(page.getByRole('region', { name: 'Email totals' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openEmailConfig(page, undefined, 'ict');
    for (const tab of ['configuration', 'templates', 'statistics']) {
      if (tab !== 'configuration') await openEmailConfig(page, tab);
      if (tab === 'templates') await expect(page.getByText(/^Subject: Payment Reminder: /)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${tab} fits the phone's width`).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-email-${tab}`);
    }
    await expectAccessible(page, 'email statistics on a phone');
  });

  test('a bursar is turned back to the dashboard', async ({ page }) => {
    await signInAs(page, 'bursar', '/admin/email-config');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Email Configuration' })).toHaveCount(0);
  });
});
