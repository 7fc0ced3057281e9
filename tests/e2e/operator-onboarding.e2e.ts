// Onboarding a company without SQL: the operator CLI creates a company with its host and key,
// its portal shows its brand at the new host at once, the CLI imports two ambassadors with invitations,
// and one of them sets a password from the e-mailed link and logs in.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newBrowser, ROOT, stopAll, TMP } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const id = `onboard${suffix}`;
const host = `${id}.localhost`;
const name = `Onboard ${suffix}`;
const BRAND = '#0b7285';
const PASSWORD = 'Onboarded-2026!';

/** The demo ADMIN_API_KEY, as a fresh checkout has it (.dev.vars.example). */
const adminKey = () => /^ADMIN_API_KEY=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars.example'), 'utf8'))![1]!.trim();

/** `node scripts/operator.mjs ...args` against the test portal (on localhost unless `--url` names a host). */
function operator(...args: string[]) {
  const url = args.includes('--url') ? [] : ['--url', baseUrl()];
  const run = spawnSync(process.execPath, ['scripts/operator.mjs', ...args, ...url], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, ADMIN_API_KEY: adminKey(), OPERATOR_KEY: '' }, timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

/** The newest e-mail to `to` in the company's outbox (/v1/dev/outbox, DEV_OUTBOX=1 locally). */
async function latestEmail(to: string): Promise<{ template: string; subject: string; body_text: string }> {
  const url = `${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host, to, limit: '1' })}`;
  let rows: { template: string; subject: string; body_text: string }[] = [];
  await expect.poll(async () => {
    rows = ((await (await fetch(url)).json()) as { results: typeof rows }).results;
    return rows.length;
  }, { timeout: 15_000 }).toBe(1);
  return rows[0]!;
}

function csvFile(name: string, text: string) {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, `${id}-${name}.csv`);
  writeFileSync(file, text);
  return file;
}

describe('onboarding a company with npm run operator', () => {
  let key = '';

  it('creates the company, its host and a key, and its portal shows its brand at the new host at once', async () => {
    const made = operator('create-company', '--id', id, '--name', name, '--host', host, '--primary-color', BRAND, '--json');
    expect(made.code, made.err).toBe(0);
    const { company, key: issued } = JSON.parse(made.out);
    expect(company).toMatchObject({ id, name, hosts: [host], currency: 'USD', default_language: 'en' });
    expect(issued.key).toMatch(/^opk_/);
    key = issued.key;

    // Taking another company's host is refused, in words.
    const taken = operator('hosts', 'add', id, 'acme.localhost');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('already serves company acme');

    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${baseUrl(host)}/login`);
    expect(res!.status()).toBe(200);
    await expect(page.title()).resolves.toContain(name);
    // No logo yet: the company's name with its initial, not a generic picture.
    await expect(page.locator('.auth-card [data-brand-mark] .brand-name').textContent()).resolves.toBe(name);
    const button = page.locator('form[data-login-form] button[type="submit"]');
    await expect(button.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.toBe('rgb(11, 114, 133)');
    await context.close();
  });

  it('imports two ambassadors with invitations; one sets a password from the e-mail and logs in', async () => {
    const ana = `ana-${suffix}@example.com`;
    const ben = `ben-${suffix}@example.com`;
    const file = csvFile('people', `email,first_name,last_name\n${ana},Ana,Lopez\n"${ben}","Ben","O""Neil"\n`);
    // A company key works only on its company's own host: the CLI calls the new company's.
    const imported = operator('import-ambassadors', file, '--invite', '--key', key, '--url', baseUrl(host));
    expect(imported.code, imported.err + imported.out).toBe(0);
    expect(imported.out).toContain('imported 2/2');
    expect(imported.out).toMatch(/2 created, 0 skipped \(already there\), 0 failed; 2 invitation/);

    // Sent one row a request (as a big file goes 1000 at a time): progress per request, a bad row reported
    // with its line in the file, the run exits non-zero.
    const badFile = csvFile('bad', `email,first_name,last_name\n${ana},Ana,Lopez\n\nnot-an-email,Bad,Row\n`);
    const bad = operator('import-ambassadors', badFile, '--key', key, '--chunk-size', '1', '--url', baseUrl(host));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('imported 1/2  (created 0, skipped 1, failed 0)');
    expect(bad.out).toContain('imported 2/2  (created 0, skipped 1, failed 1)');
    expect(bad.out).toMatch(/line 4 <not-an-email>: email: /);

    const mail = await latestEmail(ben);
    expect(mail.subject).toContain(name);
    const sent = new URL(/(https?:\/\/\S+\/set-password\?\S+)/.exec(mail.body_text)![1]!);
    expect(sent.hostname).toBe(host);
    const link = `${baseUrl(host)}${sent.pathname}${sent.search}`;

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await hydrated(page, 'input[name="password"]');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="repeat_password"]').fill(PASSWORD);
    await Promise.all([page.waitForURL(/done=1/), page.locator('.auth-card form button[type="submit"]').click()]);
    await expect(page.locator('#set-done').isVisible()).resolves.toBe(true);

    await page.goto(`${baseUrl(host)}/login`);
    await page.locator('input[name="email"]').fill(ben);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
    expect(new URL(page.url()).host).toBe(new URL(baseUrl(host)).host);
    await expect(page.locator('.sidebar a.brand [data-brand-mark] .brand-name').textContent()).resolves.toBe(name);
    await context.close();
  });
});
