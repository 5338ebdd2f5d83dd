import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, expectAccessible, expectAnnounced, screenshot, signInAs } from './support';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const day = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

interface SchoolForecast {
  school: { _id: string; name: string };
  term: { name: string; session: string } | null;
  billed: number;
  collected: number;
  past_terms: { name: string; session: string; same_term_last_year: boolean }[];
  forecast: { enough: boolean; lines: { expected: number; low: number; high: number }[] };
  accuracy: {
    term: string;
    session: string;
    from_day: number;
    forecast: number;
    low: number;
    high: number;
    actual: number;
    within_band: boolean;
  }[];
  cash_flow: CashFlow;
}

interface CashFlow {
  opening: number;
  weeks: { ends_on: string; outgoings: { kind: string; label: string; due_on: string }[] }[];
}

/**
 * Nothing wider than the screen: tables scroll inside their cards. Polled, as the chart takes the
 * new width only once its resize observer has run.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function shots(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({ path: `/tmp/forecast-web-${name}.png`, fullPage: true });
}

test.describe('collections forecast', () => {
  test('the proprietor reads the term, its past terms, the accuracy and the cash flow, and adds and removes a monthly commitment', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const proprietor = await apiSignIn(request, 'proprietor');
    const response = await request.get('/api/v1/forecast', { headers: bearer(proprietor) });
    expect(response.ok(), await response.text()).toBe(true);
    const { schools, group_cash_flow: group } = (await response.json()).data as {
      schools: SchoolForecast[];
      group_cash_flow: CashFlow;
    };
    // The demo's first school by name, with its year of history: tests before this one may have
    // added schools of their own, which sort anywhere and have none.
    const school = schools.find((one) => one.school.name === 'Crestview College, Ikeja')!;
    expect(school.term).not.toBeNull();
    expect(school.forecast.enough).toBe(true);
    expect(school.accuracy.length).toBeGreaterThan(0);
    const end = school.forecast.lines.at(-1)!;

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'proprietor', `/forecast?school=${school.school._id}`);
    await expect(page.getByRole('heading', { name: 'Collections Forecast', level: 1 })).toBeVisible();

    // The group's line and the school picker: the demo group has two schools.
    await expect(page.getByRole('heading', { name: 'The group this term' })).toBeVisible();
    const picker = page.getByLabel('School', { exact: true });
    await expect(picker.locator('option')).toHaveText(schools.map((row) => row.school.name));

    // The term's figures.
    const view = page.getByRole('region', { name: school.school.name });
    await expect(view.getByRole('heading', { name: `${school.term!.name} ${school.term!.session}` })).toBeVisible();
    const figures = view.locator('dl').first();
    await expect(figures).toContainText(`Billed this term${naira.format(school.billed)}`);
    await expect(figures).toContainText(`Collected so far${naira.format(school.collected)}`);
    await expect(figures).toContainText(
      `Expected by term end${naira.format(end.expected)}Low ${naira.format(end.low)} – high ${naira.format(end.high)}`,
    );
    await expect(view.getByText(/^(Ahead of|Behind|Level with) last year: /)).toBeVisible();
    await expect(view.getByRole('link', { name: 'PDF, Excel or CSV report' })).toHaveAttribute(
      'href',
      /^\/reports\?report=forecast&school=/,
    );

    // The past terms beside this one, in figures: the demo keeps last session's three terms.
    await view.getByRole('button', { name: 'Table' }).click();
    const curve = view.getByRole('table').filter({ hasText: 'By term end' });
    await expect(curve.getByRole('row')).toHaveCount(1 + 1 + school.past_terms.length + 1);
    // Named as the school names them now (another test may have renamed one), last year's marked.
    expect(school.past_terms.map((past) => past.same_term_last_year)).toEqual([true, false, false]);
    for (const past of school.past_terms) {
      await expect(curve).toContainText(
        `${past.name} ${past.session}${past.same_term_last_year ? ' (same term last year)' : ''}`,
      );
    }
    await expect(curve).toContainText('Forecast (low – high)');
    await view.getByRole('button', { name: 'Chart' }).click();

    // How the method did on closed terms, shown.
    const accuracy = view.getByRole('region', { name: 'Forecast accuracy on past terms' });
    await expect(accuracy.getByRole('row')).toHaveCount(1 + school.accuracy.length);
    for (const [index, row] of school.accuracy.entries()) {
      await expect(
        accuracy
          .getByRole('row')
          .nth(index + 1)
          .getByRole('cell'),
      ).toHaveText([
        `${row.term} ${row.session}`,
        `Day ${row.from_day + 1}`,
        naira.format(row.forecast),
        `${naira.format(row.low)} – ${naira.format(row.high)}`,
        naira.format(row.actual),
        /^[+−]?\d+\.\d%$/,
        row.within_band ? 'Yes' : 'No',
      ]);
    }

    // The cash flow, week by week to the term's end.
    const cashFlow = view.getByRole('region', { name: 'Cash flow week by week' });
    await expect(cashFlow.getByRole('row')).toHaveCount(1 + school.cash_flow.weeks.length);
    // What is left of the school's budgets goes out a part each month.
    const budgetPart = school.cash_flow.weeks.flatMap((week) => week.outgoings).find((item) => item.kind === 'budget');
    expect(budgetPart, 'the demo school has budgets left to spend').toBeDefined();
    await expect(cashFlow.getByText(`Budget left for the month, from ${formatDay(budgetPart!.due_on)}`)).toHaveCount(
      school.cash_flow.weeks
        .flatMap((week) => week.outgoings)
        .filter((item) => item.due_on === budgetPart!.due_on && item.kind === 'budget').length,
    );
    // And the group's, its schools added week by week.
    const groupWeeks = page.getByRole('region', { name: "The group's cash flow week by week" });
    await expect(groupWeeks.getByRole('row')).toHaveCount(1 + group.weeks.length);
    const dueThisWeek = group.weeks[0]!.outgoings.length;
    expect(dueThisWeek, 'the demo schools have payments due this week').toBeGreaterThan(0);
    await expect(groupWeeks.getByRole('row').nth(1)).toContainText(
      `${dueThisWeek} payment${dueThisWeek === 1 ? '' : 's'} due across the schools`,
    );
    await expectAccessible(page, 'the forecast');
    await shots(page, 'desktop');

    // A commitment the low line cannot cover, due on the term's last week. One commitment is at
    // most ₦100,000,000, so whatever the school holds and bills beyond that first goes on loan
    // repayments due the same day (through the API); the one added here then takes it past both.
    const MOST = 100_000_000;
    const lastWeek = school.cash_flow.weeks.at(-1)!.ends_on;
    const dueDay = Number(lastWeek.slice(8, 10));
    const suffix = Date.now() % 100_000;
    const label = `Staff salaries ${suffix}`;
    const loans: string[] = [];
    for (let left = Math.ceil(school.cash_flow.opening + school.billed) + 1_000_000 - MOST; left > 0; left -= MOST) {
      const added = await request.post('/api/v1/forecast/commitments', {
        headers: bearer(proprietor),
        data: {
          school_id: school.school._id,
          label: `Loan repayment ${loans.length + 1} ${suffix}`,
          amount: Math.min(left, MOST),
          day_of_month: dueDay,
          starts_on: `${lastWeek.slice(0, 8)}01`,
          ends_on: lastWeek,
        },
      });
      expect(added.ok(), await added.text()).toBe(true);
      loans.push((await added.json()).data._id);
    }
    await view.getByRole('button', { name: 'Add commitment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a monthly commitment' });
    await dialog.getByRole('button', { name: 'Add commitment' }).click();
    await expect(dialog.getByText('Name the payment (e.g. Staff salaries)')).toBeVisible();
    await expect(dialog.getByText('Choose the day of the month it is paid')).toBeVisible();
    await dialog.getByLabel('What it is for').fill(label);
    await dialog.getByLabel('Amount (₦)').fill(String(MOST));
    await dialog.getByLabel('Day of the month').selectOption(String(dueDay));
    await dialog.getByLabel('Last month').fill(lastWeek.slice(0, 7));
    await expectAccessible(page, 'the commitment dialog');
    await dialog.getByRole('button', { name: 'Add commitment' }).click();
    await expectAnnounced(page, 'Commitment added');
    await expect(dialog).toBeHidden();

    const commitment = view
      .getByRole('region', { name: 'Monthly commitments' })
      .getByRole('listitem')
      .filter({ hasText: label });
    await expect(commitment).toContainText(naira.format(MOST));
    await expect(cashFlow).toContainText(label);
    // The day is named with everything due on it.
    const shortfall = view.getByRole('alert').getByRole('listitem').filter({ hasText: label });
    await expect(shortfall).toContainText(`on ${formatDay(lastWeek)}: not covered at the low forecast`);

    // On a phone the page stays readable: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const weekCards = view.getByRole('list', { name: 'Cash flow week by week' });
    await expect(weekCards.locator(':scope > li').filter({ hasText: label })).toContainText(
      'Not covered at the low forecast',
    );
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    await shots(page, 'phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await commitment.getByRole('button', { name: `Remove ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this commitment?' });
    await expect(confirm).toContainText(label);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectAnnounced(page, 'Commitment removed');
    await expect(commitment).toHaveCount(0);
    await expect(cashFlow).not.toContainText(label);
    for (const id of loans) {
      const removed = await request.delete(`/api/v1/forecast/commitments/${id}`, { headers: bearer(proprietor) });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
  });

  test('the dashboard says what is expected by term end and leads to the forecast; an auditor reads it without changing it', async ({
    page,
  }) => {
    await signInAs(page, 'principal', '/dashboard');
    const card = page.getByRole('region', { name: 'Collections forecast' });
    await expect(card).toContainText(/Expected by term end: ₦[\d,]+\.\d\d/);
    await expect(card).toContainText(/low ₦[\d,]+\.\d\d – high ₦[\d,]+\.\d\d/);
    await card.getByRole('link', { name: 'Open the forecast' }).click();
    await expect(page).toHaveURL(/\/forecast$/);
    await expect(page.getByRole('heading', { name: 'Monthly commitments', exact: true })).toBeVisible();
    // A principal has one school: no picker.
    await expect(page.getByLabel('School', { exact: true })).toHaveCount(0);

    // What would close the gap: the largest debtors, each reminded in one action.
    const debtors = page.getByRole('list', { name: 'Largest debtors' });
    await expect(debtors.getByRole('listitem').first()).toBeVisible();
    const first = debtors.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Remind .+'s family about / }).click();
    await expectAnnounced(page, 'Reminder sent to the family');
    await expect(first).toContainText(/Reminded on \d+ days?, last .+, by email/);

    // Four more families reminded today make a wave: listed under the past waves, and a dot on this
    // term's curve at today.
    for (let index = 1; index < 5; index++) {
      await debtors
        .getByRole('listitem')
        .nth(index)
        .getByRole('button', { name: /^Remind .+'s family about / })
        .click();
      await expectAnnounced(page, 'Reminder sent to the family');
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    await expect(page.getByRole('list', { name: 'Past reminder waves' })).toContainText(`${formatDay(today)}:`);
    await expect(page.getByText(/Dots mark the days reminder waves went out/)).toBeVisible();
    await expect(page.locator('.recharts-reference-dot')).not.toHaveCount(0);

    await signInAs(page, 'auditor', '/forecast');
    await expect(page.getByRole('heading', { name: 'Monthly commitments', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cash flow ahead', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add commitment' })).toHaveCount(0);
  });
});
