import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support';

const field = (page: Page, name: string) => page.getByRole('dialog').getByLabel(name, { exact: true });
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The demo seeds last session and this one (September to July); last session's First Term ended long ago. */
function lastSession() {
  const now = new Date();
  const start = (now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1) - 1;
  return { name: `${start}/${start + 1}`, firstTermFallback: `18 Nov ${start}` };
}

test.describe('fee form due date', () => {
  test('shows the due date that applies when none is entered, and warns before saving when it has passed', async ({
    page,
  }) => {
    await signInAs(page, 'bursar', '/fees?tab=fees');
    await page.getByRole('button', { name: 'Create Fee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Fee' });
    const dueDate = field(page, 'Due date');
    const last = lastSession();

    // SPEC §9: the term's end minus 30 days. Last session's First Term ended on 18 December.
    await field(page, 'Term').selectOption({ label: `First Term (${last.name})` });
    await expect(
      dialog.getByText(`Left empty, the fee is due on ${last.firstTermFallback} (30 days before the term ends).`),
    ).toBeVisible();
    const warning = dialog.getByRole('alert').filter({ hasText: 'has already passed' });
    await expect(warning).toHaveText(
      `${last.firstTermFallback} has already passed: students will see this fee as overdue as soon as it is approved.`,
    );
    // The hint is read with the field.
    await expect(dueDate).toHaveAccessibleDescription(new RegExp(`due on ${last.firstTermFallback}`));

    // A date typed in replaces the fallback; a future one needs no warning, a past one does.
    await dueDate.fill(isoDay(20));
    await expect(dialog.getByText(/^Left empty/)).toHaveCount(0);
    await expect(warning).toHaveCount(0);
    await dueDate.fill(isoDay(-3));
    await expect(dialog.getByRole('alert').filter({ hasText: 'has already passed' })).toBeVisible();

    // Nothing was saved: the warning came before any request.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
