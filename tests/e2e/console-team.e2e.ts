// The team, invitations and sessions in a real Chromium: an owner invites a reviewer from /console/team, the
// invitation e-mail's link (read from the dev outbox) opens /console/accept, the invitee sets a name and password,
// enrols a second factor and lands in the console with the reviewer's menu; the owner changes the role and
// deactivates them (their session ends); a member signs out another of their sessions from /console/sessions; a
// viewer is refused the team page and the API refuses their invitation; Acme's team page and a revoked link in
// Spanish; axe finds nothing at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { CONSOLE_SCREENS } from '../../src/ui/console-shell/screens';
import { CONSOLE_COOKIE, newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, stopAll, withContextDefaults } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const NEW_PASSWORD = 'Trail-Blazer-2026!';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function withContext<T>(options: { locale?: string; width?: number }, work: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
  const { width = 1280, ...rest } = options;
  const context = await browser.newContext(withContextDefaults({ viewport: { width, height: 900 }, ...rest }));
  try {
    return await work(context, await context.newPage());
  } finally {
    await context.close();
  }
}

let made = 0;
const freshEmail = (label: string, domain: string) => `${label}-${Date.now().toString(36)}-${++made}@${domain}`;
const domainOf = (host: string) => (host.startsWith('acme.') ? 'acme.test' : 'demo.test');

type Member = Awaited<ReturnType<typeof newStaffMember>>;
const owners = new Map<string, Promise<Member>>();
/**
 * An owner of this file's own per company (made once: the seed owner's codes are shared by every e2e file, and
 * each sign-in of it spends one), enrolled a moment ago, so their second factor is recent for the team's changes.
 */
const ownerOf = (host: string) => {
  if (!owners.has(host)) owners.set(host, newStaffMember(host, 'owner', host.startsWith('acme.') ? 'Olga Dueña' : 'Olivia Owner'));
  return owners.get(host)!;
};

async function staffCall(host: string, path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl(host)}/v1/staff/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Staff ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const totp = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
const cookieOf = (host: string, token: string) =>
  ({ name: CONSOLE_COOKIE, value: token, domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' as const });

/** A member of `role` added by this file's owner (with a password), signed in and enrolled; `again()` signs in once more. */
async function memberOf(host: string, role: 'reviewer' | 'finance' | 'viewer', name: string) {
  const owner = await ownerOf(host);
  const email = freshEmail(role, domainOf(host));
  const added = await staffCall(host, 'team/', { token: owner.token, body: { email, name, role, password: 'Password1!' } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const signedIn = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
  const token = signedIn.body!.token as string;
  const secret = (await staffCall(host, 'me/totp/', { token, body: {} })).body!.secret as string;
  expect((await staffCall(host, 'me/totp/confirm/', { token, body: { code: totp(secret) } })).status).toBe(200);
  const again = async () => {
    const next = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
    const t = next.body!.token as string;
    // The enrolment took this step's code: the next step's is accepted (one step either side counts).
    expect((await staffCall(host, 'sessions/second_factor/', { token: t, body: { code: totp(secret, 1) } })).status).toBe(200);
    return { token: t, cookie: cookieOf(host, t) };
  };
  return { email, token, cookie: cookieOf(host, token), again };
}

/** The newest e-mail to `to` in the company's outbox (/v1/dev/outbox, DEV_OUTBOX=1 locally). */
async function latestEmail(host: string, to: string): Promise<{ template: string; subject: string; body_text: string }> {
  const url = `${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host, to, limit: '1' })}`;
  let rows: { template: string; subject: string; body_text: string }[] = [];
  await expect.poll(async () => {
    rows = ((await (await fetch(url)).json()) as { results: typeof rows }).results;
    return rows.length;
  }, { timeout: 15_000 }).toBe(1);
  return rows[0]!;
}

const linkIn = (text: string) => /(https?:\/\/\S+\/console\/accept\?token=sti_[a-f0-9]{64})/.exec(text)![1]!;

/** Submits the form `selector` and waits for the page that answers it. */
async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation(), page.locator(`${selector} button[type="submit"]`).first().click()]);
}

async function invite(page: Page, email: string, role: string) {
  await page.locator('form[data-invite-form] input[name="email"]').fill(email);
  await page.locator('form[data-invite-form] select[name="role"]').selectOption(role);
  await submit(page, 'form[data-invite-form]');
}

async function axe(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const runner = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await runner.run(document, {
      runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'],
    });
    return result.violations;
  }, WCAG) as { id: string; help: string; nodes: { target: unknown[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }[] }[];
  return violations.flatMap((v) => v.nodes.map((n) => `${label} [${v.id}] ${n.target.map(String).join(' > ')}: ${[...n.any, ...n.all, ...n.none].map((c) => c.message).join(' / ') || v.help}`));
}

const menuOf = (role: string) => CONSOLE_SCREENS.filter((s) => (s.roles as readonly string[]).includes(role)).map((s) => s.key);

describe('the team and invitations', () => {
  it('an owner invites a reviewer; the e-mailed link makes the account, who enrols and gets the reviewer\'s menu; the owner changes the role and deactivates them', async () => {
    const owner = await ownerOf('localhost');
    const email = freshEmail('rita', 'demo.test');
    await withContext({ locale: 'en-US' }, async (ownerContext, ownerPage) => {
      await ownerContext.addCookies([owner.cookie]);
      await ownerPage.goto(`${baseUrl()}/console/team`);
      expect(await ownerPage.locator('h1').textContent()).toBe(en['console.menu.team']);
      await invite(ownerPage, email, 'reviewer');
      expect(await ownerPage.locator('[data-console-notice]').textContent()).toBe(en['console.team.invited']);
      const row = ownerPage.locator(`tr[data-invitation][data-email="${email}"]`);
      expect(await row.getAttribute('data-status')).toBe('pending');
      // The same e-mail again: said so, nothing sent twice.
      await invite(ownerPage, email, 'viewer');
      expect(await ownerPage.locator('[data-console-error]').textContent()).toBe(en['console.team.invitationOpen']);

      const mail = await latestEmail('localhost', email);
      expect(mail.template).toBe('staff_invitation');
      expect(mail.subject).toBe(en['console.team.emailSubject'].replace('{company}', 'Demo Co'));
      const link = linkIn(mail.body_text);
      expect(new URL(link).host).toBe(new URL(baseUrl()).host);

      await withContext({ locale: 'en-US' }, async (_invitee, page) => {
        await page.goto(link);
        expect(await page.locator('h1').textContent()).toBe(en['console.team.acceptTitle']);
        expect(await page.locator('[data-invitation-intro]').textContent()).toContain(email);
        await page.locator('input[name="name"]').fill('Rita Moreno');
        await page.locator('input[name="password"]').fill(NEW_PASSWORD);
        await page.locator('input[name="repeat_password"]').fill(NEW_PASSWORD);
        await Promise.all([page.waitForURL(/\/console\/login/), page.locator('form[data-accept-form] button[type="submit"]').click()]);

        // Signed in: the company requires a second factor, so the enrolment comes first.
        const form = page.locator('form[data-console-enrol]');
        await form.waitFor();
        const secret = (await form.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '');
        await form.locator('input[name="code"]').fill(totp(secret));
        await submit(page, 'form[data-console-enrol]');
        await Promise.all([page.waitForURL(/\/console$/), page.locator('[data-console-continue]').click()]);
        expect(await page.locator('[data-console-menu]').evaluateAll((links) => links.map((a) => a.getAttribute('data-console-menu')))).toEqual(menuOf('reviewer'));
        expect(await page.locator('[data-console-who]').textContent()).toContain('Rita Moreno');

        // The link is spent: opened again, it says so.
        await page.goto(link);
        expect(await page.locator('[data-invitation-refused]').textContent()).toBe(en['console.team.invitationUsed']);

        // The owner sees the new member, changes the role, then deactivates them.
        await ownerPage.goto(`${baseUrl()}/console/team`);
        expect(await ownerPage.locator(`tr[data-invitation][data-email="${email}"]`).count()).toBe(0);
        const member = ownerPage.locator(`tr[data-member][data-email="${email}"]`);
        expect(await member.getAttribute('data-role')).toBe('reviewer');
        expect(await member.locator('[data-cell="totp"]').textContent()).toBe(en['console.team.secondFactorOn']);
        await member.locator('select[name="role"]').selectOption('viewer');
        await Promise.all([ownerPage.waitForNavigation(), member.locator('form[data-role-form] button').click()]);
        expect(await ownerPage.locator('[data-console-notice]').textContent()).toBe(en['console.team.roleChanged']);
        expect(await member.getAttribute('data-role')).toBe('viewer');
        await page.goto(`${baseUrl()}/console`);
        expect(await page.locator('[data-console-menu]').evaluateAll((links) => links.map((a) => a.getAttribute('data-console-menu')))).toEqual(menuOf('viewer'));

        await Promise.all([ownerPage.waitForNavigation(), member.locator('[data-toggle-active]').click()]);
        expect(await ownerPage.locator('[data-console-notice]').textContent()).toBe(en['console.team.deactivated']);
        expect(await member.getAttribute('data-active')).toBe('false');
        // Their session ended at once.
        await page.goto(`${baseUrl()}/console`);
        expect(new URL(page.url()).pathname).toBe('/console/login');
      });
    });
  }, 180_000);

  it('a viewer is refused the team page, and the API refuses their invitation (403)', async () => {
    const viewer = await memberOf('localhost', 'viewer', 'Vera Viewer');
    await withContext({ locale: 'en-US' }, async (context, page) => {
      await context.addCookies([viewer.cookie]);
      const res = await page.goto(`${baseUrl()}/console/team`);
      expect(res!.status()).toBe(403);
      expect(await page.locator('[data-console-denied]').count()).toBe(1);
      expect(await page.locator('form[data-invite-form]').count()).toBe(0);
      expect(await page.locator('[data-console-menu="team"]').count()).toBe(0);
    });
    const refused = await fetch(`${baseUrl()}/v1/staff/team/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Staff ${viewer.token}` },
      body: JSON.stringify({ email: freshEmail('sneaky', 'demo.test'), role: 'admin' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('roleRequired');
  }, 120_000);
});

describe('one\'s own sessions', () => {
  it('a member signs out another of their sessions from /console/sessions; that browser is signed out', async () => {
    const member = await memberOf('localhost', 'finance', 'Finn Finance');
    const second = await member.again();
    await withContext({ locale: 'en-US' }, async (firstContext, firstPage) => {
      await firstContext.addCookies([member.cookie]);
      await firstPage.goto(`${baseUrl()}/console`);
      expect(new URL(firstPage.url()).pathname).toBe('/console');
      await withContext({ locale: 'en-US' }, async (secondContext, page) => {
        await secondContext.addCookies([second.cookie]);
        await page.goto(`${baseUrl()}/console/sessions`);
        expect(await page.locator('h1').textContent()).toBe(en['console.team.sessionsTitle']);
        const rows = page.locator('tr[data-session]');
        expect(await rows.count()).toBe(2);
        expect(await page.locator('tr[data-current="true"]').count()).toBe(1);
        expect(await page.locator('tr[data-current="true"] [data-revoke-session]').count()).toBe(0);
        const other = page.locator('tr[data-current="false"]');
        expect(await other.locator('th .device').textContent()).toBe(en['console.team.unknownDevice']);
        await Promise.all([page.waitForNavigation(), other.locator('[data-revoke-session]').click()]);
        expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.team.sessionEnded']);
        expect(await page.locator('tr[data-session]').count()).toBe(1);
      });
      await firstPage.goto(`${baseUrl()}/console`);
      expect(new URL(firstPage.url()).pathname).toBe('/console/login');
    });
  }, 120_000);
});

describe('Acme in Spanish', () => {
  it('shows the team in Spanish; a resent invitation\'s old link and a revoked one say so in Spanish', async () => {
    const owner = await ownerOf('acme.localhost');
    const email = freshEmail('pablo', 'acme.test');
    await withContext({ locale: 'es-ES' }, async (context, page) => {
      await context.addCookies([owner.cookie]);
      await page.goto(`${baseUrl('acme.localhost')}/console/team`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.team']);
      expect(await page.locator('#members-heading').textContent()).toBe(es['console.team.membersHeading']);
      await invite(page, email, 'admin');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(es['console.team.invited']);
      const mail = await latestEmail('acme.localhost', email);
      expect(mail.subject).toBe('Tu invitación a la consola de Acme Outdoor');
      const first = linkIn(mail.body_text);
      const row = page.locator(`tr[data-invitation][data-email="${email}"]`);
      // Resent: a new link goes out and the first one no longer works.
      await Promise.all([page.waitForNavigation(), row.locator('[data-resend]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(es['console.team.resent']);
      let link = first;
      await expect.poll(async () => (link = linkIn((await latestEmail('acme.localhost', email)).body_text))).not.toBe(first);
      await page.goto(first);
      expect(await page.locator('[data-invitation-refused]').textContent()).toBe(es['console.team.invitationUnknown']);
      await page.goto(`${baseUrl('acme.localhost')}/console/team`);
      await Promise.all([page.waitForNavigation(), row.locator('[data-revoke]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(es['console.team.revoked']);
      expect(await page.locator(`tr[data-invitation][data-email="${email}"]`).count()).toBe(0);
      await page.goto(link);
      expect(await page.locator('[data-invitation-refused]').textContent()).toBe(es['console.team.invitationRevoked']);
    });
  }, 120_000);
});

describe('axe: no WCAG 2.2 A/AA violation on the team, sessions and accept pages', () => {
  it('at 1280 and 390 px, on both tenants', async () => {
    const found: string[] = [];
    for (const [host, locale] of [['localhost', 'en-US'], ['acme.localhost', 'es-ES']] as const) {
      const owner = await ownerOf(host);
      // An open invitation, so the table of invitations is there; its link for the accept page.
      const email = freshEmail('axe', domainOf(host));
      const invited = await fetch(`${baseUrl(host)}/v1/staff/team/`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Staff ${owner.token}` },
        body: JSON.stringify({ email, role: 'reviewer' }),
      });
      expect(invited.status).toBe(201);
      const link = linkIn((await latestEmail(host, email)).body_text);
      for (const width of [1280, 390]) {
        await withContext({ locale, width }, async (context, page) => {
          await context.addCookies([owner.cookie]);
          for (const url of [`${baseUrl(host)}/console/team`, `${baseUrl(host)}/console/sessions`, link]) {
            await page.goto(url);
            found.push(...(await axe(page, `${host} ${width}px ${new URL(url).pathname}`)));
          }
          // Nothing wider than the screen at 390 px but the tables' own scroll boxes.
          if (width === 390) {
            await page.goto(`${baseUrl(host)}/console/team`);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          }
        });
      }
    }
    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
  }, 240_000);
});
