import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'schoolledger';
export const email = (name: string) => `${name}@demo.schoolledger.ng`;
export const PHONE = { width: 375, height: 812 };

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * expect.poll's pace where its wait is paid many times a run (a toast after each action, a walk
 * over every screen): every 0.1 s. Its own pace looks at 0, 0.1, 0.35, 0.85 and 1.85 s and then
 * every second, so what comes in 0.4 s is seen at 0.85 s.
 */
export const OFTEN = { intervals: [100] };

const GREETING = /^Good (morning|afternoon|evening), /;

declare global {
  interface Window {
    /** Every text the page put in a live region, oldest first (recordAnnouncements). */
    announcements?: string[];
  }
}

/**
 * Keeps, in the page, every text the app puts in a live region (`aria-live`, status, alert, log):
 * what a screen reader announces, the toasts among it. A toast lives about three seconds, and a
 * busy machine can spend longer on the steps before the check; the record keeps it for the test.
 * From the next load on, for the page's life; signIn and signInAs call it.
 */
export async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    if (window.announcements) return;
    const heard: string[] = [];
    window.announcements = heard;
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    // An element's text once, however many changes within it are reported together.
    const last = new WeakMap<Element, string>();
    const note = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      if (!element?.closest(LIVE)) return;
      const text = element.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || last.get(element) === text) return;
      last.set(element, text);
      heard.push(text);
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'characterData') note(change.target);
        for (const node of change.addedNodes) note(node);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What the page has announced since it loaded and no expectAnnounced took yet, oldest first. */
export async function announcements(page: Page): Promise<string[]> {
  const heard = await page.evaluate(() => window.announcements);
  expect(heard, 'this page records its announcements from its load (recordAnnouncements)').toBeDefined();
  return heard!;
}

/**
 * Waits until the page announces `text` (a toast, say), however briefly it was shown, and takes
 * that announcement, so a second call for the same text waits for a second one.
 */
export async function expectAnnounced(page: Page, text: string, options: { timeout?: number } = {}) {
  await announcements(page);
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const heard = window.announcements ?? [];
          const index = heard.findIndex((each) => each.includes(wanted));
          if (index >= 0) heard.splice(index, 1);
          return index >= 0;
        }, text),
      { message: `the page announces "${text}"`, ...OFTEN, ...options },
    )
    .toBe(true);
}

export async function signIn(page: Page, name: string, options: { expectPath?: RegExp } = {}) {
  await recordAnnouncements(page);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email(name));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.expectPath) {
    await expect(page).toHaveURL(options.expectPath);
  } else {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  }
}

/**
 * Signed in through the API, with the session put where the login form would have left it, then
 * straight to `path`: for tests about a screen, not about signing in, this skips the form and the
 * dashboard (the heaviest screen) that signIn waits for. `who` is a demo user's name or an account.
 * Every call signs in afresh, as the app rotates refresh tokens and a password change ends the
 * user's other sessions.
 */
export async function signInAs(page: Page, who: string | { email: string; password: string }, path: string) {
  const login =
    typeof who === 'string' ? { email: email(who), password: PASSWORD } : { email: who.email, password: who.password };
  const response = await page.request.post('/api/v1/auth/login', { data: login });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = await response.json();
  const session = { token: data.token, refreshToken: data.refreshToken, user: JSON.stringify(data.user) };
  await recordAnnouncements(page);
  // As the form leaves it without "Remember me": in this tab's sessionStorage, any other sign-in gone.
  const injected = await page.addInitScript(
    ({ origin, session }) => {
      if (location.origin !== origin) return;
      for (const key of ['token', 'refreshToken', 'user', 'rememberMe']) {
        localStorage.removeItem(key);
        sessionStorage.removeItem(key);
      }
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
    },
    { origin: new URL(response.url()).origin, session },
  );
  await page.goto(path);
  // Only for this first load: a later reload, sign-out or sign-in must find what the app left.
  await injected.dispose();
}

/** The dashboard as signIn leaves it, greeting and all, for tests about the dashboard rather than signing in. */
export async function signInToDashboard(page: Page, who: string) {
  await signInAs(page, who, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app's first load in a fresh context (every chunk, the session check) comes before the
  // greeting; the login form used to spread that out. On a loaded runner it can near 10 s.
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible({ timeout: 20_000 });
}

/** Every entry of the sidebar, with each group expanded: group labels and link labels in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const groups = nav.locator('button[aria-expanded]');
  for (let index = 0; index < (await groups.count()); index++) {
    const group = groups.nth(index);
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  return (await nav.locator('a, button').allInnerTexts()).map((text) => text.trim());
}

/**
 * Screenshots are for people to look at while building screens; a CI run skips them (they cost
 * minutes of rendering and assert nothing) unless SCREENSHOTS=1 asks for them.
 */
export const screenshotsWanted = !process.env.CI || process.env.SCREENSHOTS === '1';

/** The whole page, scrolled content included. */
export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** What is in view (a dialog over the page, a long form as it first appears), or one element of it. */
export async function viewScreenshot(target: Page | Locator, name: string) {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await target.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** WCAG 2.1 A and AA, plus "label in name" (still experimental in axe, so off unless asked for). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe, evaluated in a page once per document. AxeBuilder evaluates the axe source it is given on
 * every check, twice (analyze, then the injection into each frame): with its default, the 1.3 MB
 * unminified axe.js, that was 0.13 to 0.16 s each time on the two-core runner (0.4 s on a page's
 * first), for about a hundred checks a run. The same version's minified file, skipped where the page
 * already has axe, costs a parse. Read from the axe-core that @axe-core/playwright depends on.
 */
const AXE_SOURCE = (() => {
  const axeBuilder = createRequire(import.meta.url).resolve('@axe-core/playwright');
  const minified = readFileSync(createRequire(axeBuilder).resolve('axe-core/axe.min.js'), 'utf8');
  return `if (typeof window.axe === 'undefined') {\n${minified}\n}`;
})();

/** The rules whose outcome depends on the colours alone: all a change of theme can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails the test on any serious or critical accessibility violation of the page as it stands (open
 * dialogs included), listing each rule with the elements it found, so the failure says what to fix.
 * `rules` narrows the check to those rules (the page's other half of a theme switch, say).
 */
export async function expectAccessible(page: Page, what: string, { rules }: { rules?: string[] } = {}) {
  // Entrance transitions would have axe measure half-faded colours. A spinner still turning has no
  // end to jump to (finish() throws on it), and its colour does not change as it turns.
  // A transition that starts while axe measures (a toast timing out and fading) would be caught
  // half-way too, so transitions are instant until it is done.
  const instant = await page.addStyleTag({ content: '*, *::before, *::after { transition-duration: 0s !important; }' });
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
    }
  });
  // One axe.run in the page itself. The default (runPartial, then finishRun in a new blank page) is
  // for cross-origin frames, which the app has none of: it finds the same, at over twice the cost.
  // Only violations fail a test, so axe need not gather the details of everything that passed.
  // Toasts are left out: their colours are the toast library's, not the screen's, and the check
  // need not wait the seconds until they are gone.
  const axe = new AxeBuilder({ page, axeSource: AXE_SOURCE });
  const results = await (rules ? axe.withRules(rules) : axe.withTags(AXE_TAGS))
    .exclude('[data-sonner-toaster]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  await instant.evaluate((style) => (style as Element).remove());
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ')}`)
          .join('\n')}`,
    );
  // Soft, so one run lists every screen's violations, not only the first screen's.
  expect.soft(blocking, `accessibility of ${what}`).toEqual([]);
}

export interface Session {
  token: string;
  userId: string;
}

export async function apiSignIn(request: APIRequestContext, name: string): Promise<Session> {
  const response = await request.post('/api/v1/auth/login', { data: { email: email(name), password: PASSWORD } });
  expect(response.ok()).toBe(true);
  const { data } = await response.json();
  return { token: data.token, userId: data.user._id };
}

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/**
 * A new parent, linked to a demo student none of the other specs pays for or reads: the
 * receipt check pays for the first student listed after the demo student, the parent specs read
 * the Obi children; each spec that needs one takes its own (`last`: 1 for the last listed, 2 for
 * the one before; `schoolId` picks among one school's). The administrator's temporary password is changed first, as the app demands.
 */
export async function parentOfUntouchedStudent(
  request: APIRequestContext,
  which: { last: number; email: string; schoolId?: string },
) {
  const admin = await apiSignIn(request, 'admin');
  const inSchool = which.schoolId ? `&school=${which.schoolId}` : '';
  const listed = (await (await request.get(`/api/v1/students?limit=20${inSchool}`, { headers: bearer(admin) })).json())
    .data.students as { _id: string; firstname: string; lastname: string; regNo: string; school: { _id: string } }[];
  const child = listed
    .filter((student) => student.regNo !== 'CVC/2025/0142' && student.lastname !== 'Obi')
    .at(-which.last)!;
  expect(child).toBeDefined();
  const login = { email: `${which.email}.${Date.now()}@example.ng`, password: 'temporary-123' };
  const created = await request.post('/api/v1/user/create', {
    headers: bearer(admin),
    data: { firstname: 'Adaeze', lastname: 'Okafor', roles: ['Parent'], school_id: child.school._id, ...login },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const linked = await request.post(`/api/v1/students/${child._id}/link-parent`, {
    headers: bearer(admin),
    data: { parentId: (await created.json()).data._id },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const signedIn = await request.post('/api/v1/auth/login', { data: login });
  expect(signedIn.ok()).toBe(true);
  const { data } = await signedIn.json();
  const parent: Session = { token: data.token, userId: data.user._id };
  const changed = await request.post('/api/v1/user/change-password', {
    headers: bearer(parent),
    data: { currentPassword: login.password, newPassword: 'parent-chose-this' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { parent, child, email: login.email, password: 'parent-chose-this' };
}

/** The mail sink the app sends to in these tests (mail-sink.ts, started by playwright.config.ts). */
export const MAIL_SINK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 2}`;
export const MAIL_SINK_SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the email to `address` whose subject matches, as the SMTP server received it. */
export async function mailTo(address: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${MAIL_SINK}/messages`)).json()) as Mail[];
        found = messages.find((mail) => mail.to.includes(address) && subject.test(mail.subject));
        return found !== undefined;
      },
      // Asked often (the default pace settles on once a second): the sink answers from memory.
      { timeout: 30_000, intervals: [250], message: `an email to ${address} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** Points the demo group's own SMTP settings at the mail sink (what the Email Configuration screen saves). */
export async function sendGroupEmailToMailSink(request: APIRequestContext) {
  const ict = await apiSignIn(request, 'ict');
  const saved = await request.put('/api/v1/email/config', {
    headers: bearer(ict),
    data: {
      host: '127.0.0.1',
      port: MAIL_SINK_SMTP_PORT,
      secure: false,
      auth: { user: 'bursary@crestview.example', pass: 'mail-sink-password' },
      from: { name: 'Crestview Bursary', email: 'bursary@crestview.example' },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

export interface Child {
  _id: string;
  firstname: string;
  regNo: string;
  school: { _id: string; name: string };
}

/** The demo parent's daughter at Ikeja (the demo bursar's school): Chiamaka. */
export async function ikejaDaughter(request: APIRequestContext): Promise<Child> {
  const parent = await apiSignIn(request, 'parent');
  const response = await request.get('/api/v1/parent/children', { headers: bearer(parent) });
  expect(response.ok(), await response.text()).toBe(true);
  const child = ((await response.json()).data as Child[]).find((row) => row.school.name.endsWith('Ikeja'));
  expect(child, 'the demo parent has a child at Ikeja').toBeDefined();
  return child!;
}

/** A fee of its own on the child this term, approved by the super-admin: nothing else pays it. */
export async function feeForChild(
  request: APIRequestContext,
  { child, name, amount, description }: { child: Child; name: string; amount: string; description: string },
) {
  const term = (
    await (await request.get('/api/v1/term/current', { headers: bearer(await apiSignIn(request, 'bursar')) })).json()
  ).data;
  expect(term, 'Ikeja has a current term').not.toBeNull();
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(await apiSignIn(request, 'admin')),
    data: {
      term_id: term._id,
      school_id: child.school._id,
      name,
      description,
      type: 'miscellaneous',
      amount,
      appliesTo: 'students',
      student_ids: [child._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/** A mobile number nobody else in the run has, as Nigerians write it (0809 123 4567). */
export function newPhoneNumber(): string {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `0809 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** The newest code sent to `phone`, read from the outbox (as the super-admin sees it), as the phone would show it. */
export async function codeSentTo(request: APIRequestContext, phone: string): Promise<string> {
  const admin = bearer(await apiSignIn(request, 'admin'));
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const listed = await request.get('/api/v1/messages?limit=100&channel=sms', { headers: admin });
        expect(listed.ok(), await listed.text()).toBe(true);
        const sms = ((await listed.json()).data.items as { kind: string; to: string; body: string }[]).find(
          (message) => message.kind === 'phone_code' && message.to === phone,
        );
        code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
        return code !== undefined;
      },
      { message: `a code sent to ${phone}`, ...OFTEN },
    )
    .toBe(true);
  return code!;
}

/**
 * Confirms a new number for the signed-in person with the code the server sent, and agrees to
 * SMS in the words the server shows, through the API; answers the number.
 */
export async function confirmPhoneAndAgreeToSms(request: APIRequestContext, headers: Record<string, string>) {
  const phone = newPhoneNumber();
  const sent = await request.post('/api/v1/me/phone/verification', { headers, data: { phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post('/api/v1/me/phone/verify', {
    headers,
    data: { code: await codeSentTo(request, phone) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const wording = (await verified.json()).data.wording.sms as string;
  const agreed = await request.post('/api/v1/me/consents', { headers, data: { channel: 'sms', wording } });
  expect(agreed.ok(), await agreed.text()).toBe(true);
  return phone;
}
