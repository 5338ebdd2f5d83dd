import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { email, expectAccessible, PASSWORD, PHONE, screenshot } from './support';

test.describe('receipt check page', () => {
  test('the link printed on a receipt opens a plain answer on a phone, without signing in; a forged code is refused', async ({
    page,
    request,
  }) => {
    // A receipt as a parent would hold it: the bursar's copy of a successful payment, as a PDF.
    const login = await request.post('/api/v1/auth/login', { data: { email: email('bursar'), password: PASSWORD } });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    // Any student but the demo sign-in, whose fees the payment specs expect untouched.
    const found = await request.get('/api/v1/students?limit=10', { headers });
    const listed = (await found.json()).data.students as {
      _id: string;
      firstname: string;
      lastname: string;
      regNo: string;
    }[];
    const student = listed.find((candidate) => candidate.regNo !== 'CVC/2025/0142');
    const owed = await request.get(`/api/v1/student/fees?student_id=${student!._id}&unpaid=true`, { headers });
    const [fee] = (await owed.json()).data.fees as { fee: { _id: string } }[];
    const paid = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { user_id: student!._id, fee_id: fee!.fee._id, amount: '1234.50', notes: 'Receipt check' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const payment = (await paid.json()).data.payment as { _id: string; receiptNo: string };
    const pdf = await request.get(`/api/v1/payment/${payment._id}/receipt`, { headers });
    expect(pdf.status()).toBe(200);
    // The printed address is also a link in the PDF, so it can be read without decoding the page text.
    const link = /\/URI \((https?:\/\/[^)]+)\)/.exec((await pdf.body()).toString('latin1'))?.[1];
    expect(link).toMatch(/\/verify\/[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}\?receipt=CVC-\d{4}-\d{6}$/);
    const printed = new URL(link!);

    await page.setViewportSize(PHONE);
    await page.goto(`${printed.pathname}${printed.search}`);
    const genuine = page.getByRole('status', { name: 'Genuine receipt', exact: true });
    await expect(genuine).toBeVisible();
    const initials = `${student!.firstname[0]}${student!.lastname[0]}`.toUpperCase();
    const details: [string, string][] = [
      ['Receipt number', payment.receiptNo],
      ['School', 'Crestview College, Ikeja'],
      ['Student', initials],
      ['Amount paid', '₦1,234.50'],
    ];
    for (const [label, value] of details) {
      await expect(genuine.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')).toHaveText(
        value,
      );
    }
    await expect(genuine.locator('dt', { hasText: 'Date paid' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      /^\d{1,2} [A-Z][a-z]+ \d{4}/,
    );
    // Initials only: the student's name is not on the page.
    await expect(page.getByText(student!.lastname)).toHaveCount(0);
    // The JSON answer is not what a person sees.
    await expect(page.getByText('"valid"')).toHaveCount(0);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'receipt check, genuine');
    await screenshot(page, 'phone-receipt-genuine');

    const [code] = printed.pathname.split('/').slice(-1);
    const forged = `${code!.startsWith('A') ? 'B' : 'A'}${code!.slice(1)}`;
    await page.goto(`/verify/${forged}${printed.search}`);
    const refused = page.getByRole('status', { name: 'Not a genuine receipt' });
    await expect(refused).toBeVisible();
    await expect(
      refused.getByText(`No receipt numbered ${payment.receiptNo} carries the code ${forged}.`),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Genuine receipt', exact: true })).toHaveCount(0);
    await expectAccessible(page, 'receipt check, forged');
    await screenshot(page, 'phone-receipt-forged');

    // Read off the paper and typed by hand (lower case, no dashes) it checks out as well.
    await page.getByLabel('Verification code').fill(code!.toLowerCase().replaceAll('-', ''));
    await page.getByRole('button', { name: 'Check receipt' }).click();
    await expect(page.getByRole('status', { name: 'Genuine receipt', exact: true })).toBeVisible();
  });
});
