// The profile in a real browser: the avatar crop dialog saves a 250x250 PNG that the sidebar shows at
// once; deactivate then reactivate after the confirmation popup; the password checks as it is typed; the
// page loads no React until the crop dialog opens; a profile edit and the confirmation step
// with JavaScript off; unsubscribe from an e-mailed link with JavaScript off.
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function logIn(page: Page, host: string, email: string) {
  await page.goto(`${baseUrl(host)}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Password1!');
  await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
}

/** A striped PNG so the crop has something to cut. */
function testPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      png.data[i] = (x * 255) / width;
      png.data[i + 1] = (y * 255) / height;
      png.data[i + 2] = x % 40 < 20 ? 200 : 40;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Clicks and waits for the form post it causes to come back (303, then the page). */
async function clickAndWaitForPost(page: Page, click: () => Promise<void>) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/app/account'),
    click(),
  ]);
  await page.waitForLoadState('load');
}

async function withContext<T>(javaScriptEnabled: boolean, run: (page: Page, context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  try {
    return await run(page, context);
  } finally {
    await context.close();
  }
}

describe('the avatar crop dialog', () => {
  it('crops, saves and shows the new avatar in the sidebar', async () => {
    await withContext(true, async (page) => {
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account`);
      const sidebarAvatar = page.locator('img[data-sidebar-avatar]');
      const before = await sidebarAvatar.getAttribute('src');
      // Wait for the sidebar's script (before it runs the avatar is a link to #avatar), then open the dialog from it.
      await page.locator('button[data-sidebar-avatar-button]').waitFor({ timeout: 15_000 });
      await sidebarAvatar.click();
      await page.locator('[data-avatar-dialog]').waitFor();
      const save = page.locator('[data-avatar-save]');
      expect(await save.isDisabled()).toBe(true);
      await page.locator('[data-avatar-file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: testPng(400, 300) });
      await page.locator('[data-avatar-dialog] img').first().waitFor();
      await page.locator('[data-avatar-zoom]').fill('1.5');
      await page.locator('[data-avatar-rotate-right]').click();
      expect(await page.locator('[data-avatar-rotation]').inputValue()).toBe('15');
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await page.locator('[data-avatar-dialog]').waitFor({ state: 'detached' });
      // The picture section says so, whichever button opened the dialog.
      expect(await page.locator('#avatar [role="status"] [data-avatar-saved]').textContent()).toBe('Your picture has been updated.');
      await expect.poll(() => sidebarAvatar.getAttribute('src')).toMatch(/^\/media\/avatars\/demo\/amb-ava\/[0-9a-f]{24}\.png$/);
      const after = (await sidebarAvatar.getAttribute('src'))!;
      expect(after).not.toBe(before);
      const res = await page.request.get(`${baseUrl('localhost')}${after}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const decoded = PNG.sync.read(await res.body());
      expect([decoded.width, decoded.height]).toEqual([250, 250]);
      // The new avatar is what the server renders from now on, and another tenant cannot fetch it.
      await page.reload();
      expect(await sidebarAvatar.getAttribute('src')).toBe(after);
      expect((await fetch(`${baseUrl('acme.localhost')}${after}`)).status).toBe(404);
    });
  });

  it('opens from the sidebar avatar on another page, in place', async () => {
    await withContext(true, async (page) => {
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      await page.locator('button[data-sidebar-avatar-button]').waitFor({ timeout: 30_000 });
      await page.locator('img[data-sidebar-avatar]').click();
      await page.locator('[data-avatar-dialog]').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/app');
      await page.keyboard.press('Escape');
      await page.locator('[data-avatar-dialog]').waitFor({ state: 'detached' });
    });
  });

  it('leads to the account page dialog without JavaScript', async () => {
    await withContext(false, async (page) => {
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      await page.locator('img[data-sidebar-avatar]').click();
      await page.waitForURL(/\/app\/account#avatar$/);
      expect(await page.locator('input#avatar-file').count()).toBe(1);
    });
  });
});

describe('the account page without React', () => {
  /** The lazily fetched crop dialog (React, react-easy-crop) and Astro's React renderer. */
  const REACT_CHUNK = /\/_astro\/(AvatarCropper|avatar-cropper-dialog|client|react|jsx-runtime)\.[^/]*\.js$/;

  it('fetches the cropper only when "Change picture" or #avatar opens it, and gives focus back', async () => {
    await withContext(true, async (page) => {
      const fetched: string[] = [];
      page.on('request', (req) => {
        if (REACT_CHUNK.test(new URL(req.url()).pathname)) fetched.push(req.url());
      });
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account`);
      await hydrated(page, 'button[data-avatar-open]');
      // One picture control: the dialog's button, not the plain file form.
      expect(await page.locator('form[data-avatar-fallback]').isVisible()).toBe(false);
      const open = page.locator('button[data-avatar-open]');
      expect(await open.getAttribute('aria-haspopup')).toBe('dialog');
      await page.locator('form[data-password-form] input[name="password"]').fill('Typing-Along-1');
      await hydrated(page, '[data-status-button]');
      expect(fetched).toEqual([]);

      await open.click();
      const dialog = page.locator('[data-avatar-dialog]');
      await dialog.waitFor();
      expect(fetched.length).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await open.getAttribute('aria-expanded')).toBe('false');

      // Arriving at #avatar (the sidebar avatar's link without its script) opens it; closing drops the hash.
      await page.goto(`${baseUrl('localhost')}/app/sharing`);
      await page.goto(`${baseUrl('localhost')}/app/account#avatar`);
      await dialog.waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash).toBe('');
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  it('checks the new password as it is typed, in the page language, and keeps the server\'s answer', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await context.addCookies([{ name: 'language', value: 'fr', domain: 'localhost', path: '/', sameSite: 'Lax' }]);
    const page = await context.newPage();
    try {
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account`);
      const password = page.locator('#password');
      const repeat = page.locator('#repeat_password');
      const meter = page.locator('#credentials .pw-meter');
      const rule = (key: string) => page.locator(`#password-rules li[data-rule="${key}"]`).getAttribute('data-passed');
      await hydrated(page, '#password');
      expect(await meter.getAttribute('aria-live')).toBe('polite');
      expect(await meter.textContent()).toBe('Robustesse du mot de passe\u00a0: –');

      await password.fill('abcdefgh');
      expect(await meter.getAttribute('data-level')).toBe('weak');
      expect(await meter.textContent()).toBe('Robustesse du mot de passe\u00a0: Faible');
      expect([await rule('minLength'), await rule('digit'), await rule('uppercase'), await rule('special')]).toEqual(['true', 'false', 'false', 'false']);
      // No error while typing; leaving the field with a password the rules refuse says so.
      expect(await page.locator('#password-error').count()).toBe(0);
      await repeat.focus();
      expect(await page.locator('#password-error').textContent()).toBe('Le mot de passe ne respecte pas encore toutes les exigences. Consultez la liste des exigences et modifiez-le.');
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await password.getAttribute('aria-describedby')).toBe('password-rules password-error');

      await password.fill('Abcdefgh-12345');
      expect(await meter.getAttribute('data-level')).toBe('strong');
      expect(await page.locator('#password-error').count()).toBe(0);
      expect(await password.getAttribute('aria-invalid')).toBeNull();
      expect(await password.getAttribute('aria-describedby')).toBe('password-rules');
      await repeat.fill('Abcdefgh-1234');
      await password.focus();
      expect(await page.locator('#repeat_password-error').textContent()).toBe('Les mots de passe ne correspondent pas. Saisissez le même mot de passe dans les deux champs.');
      expect(await repeat.getAttribute('aria-describedby')).toBe('repeat_password-error');
      await repeat.fill('Abcdefgh-12345');
      expect(await page.locator('#repeat_password-error').count()).toBe(0);

      // Sent anyway with a password the rules refuse: the server's message shows under the field and stays.
      await page.locator('#current_password').fill('Password1!');
      await password.fill('short');
      await repeat.fill('short');
      await clickAndWaitForPost(page, () => page.locator('form[data-password-form] button[type="submit"]').click());
      await hydrated(page, '#password');
      expect(await page.locator('#password-error').textContent()).toBeTruthy();
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await password.inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe('deactivate and reactivate', () => {
  it('asks first, deactivates, and reactivates', async () => {
    await withContext(true, async (page) => {
      await logIn(page, 'localhost', 'ben@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account#status`);
      const status = page.locator('[data-account-status]');
      expect(await status.getAttribute('data-account-status')).toBe('active');
      const dialog = page.locator('[data-confirm-dialog]');
      // Wait for the page script: before it runs, a click would use the no-JS confirmation step.
      await hydrated(page, '[data-status-button]');
      await page.locator('[data-status-button]').click();
      await dialog.waitFor();
      expect(await dialog.getAttribute('role')).toBe('alertdialog');
      expect(await dialog.textContent()).toContain('Are you sure?');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await status.getAttribute('data-account-status')).toBe('active');

      await page.locator('[data-status-button]').click();
      await clickAndWaitForPost(page, () => dialog.getByRole('button', { name: 'Yes' }).click());
      await expect.poll(() => page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('deactivated');
      expect(await page.locator('#status .form-success').textContent()).toContain('Your account has been updated.');

      // A deactivated ambassador still logs in and sees the reactivate option.
      await page.goto(`${baseUrl('localhost')}/logout`);
      await logIn(page, 'localhost', 'ben@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account#status`);
      await hydrated(page, '[data-status-button]');
      await page.locator('[data-status-button]').click();
      await dialog.waitFor();
      await clickAndWaitForPost(page, () => dialog.getByRole('button', { name: 'Yes' }).click());
      await expect.poll(() => page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('active');
    });
  });
});

describe('with JavaScript off', () => {
  it('edits the profile: a bad link is refused with the field named, then the edit is saved', async () => {
    await withContext(false, async (page) => {
      await logIn(page, 'acme.localhost', 'sam@acme.test');
      await page.goto(`${baseUrl('acme.localhost')}/app/account`);
      await page.locator('#city').fill('Lyon');
      await page.locator('#personal button[type="submit"]').click();
      await page.waitForURL(/\/app\/account#personal$/);
      expect(await page.locator('#personal .form-success').count()).toBe(1);
      expect(await page.locator('#city').inputValue()).toBe('Lyon');

      await page.locator('#facebook_url').fill('javascript:alert(1)');
      await page.locator('#additional button[type="submit"]').click();
      expect(await page.locator('#facebook_url').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#facebook_url-error').textContent()).toBeTruthy();
      await page.locator('#facebook_url').fill('https://facebook.com/sam.summit');
      await page.locator('#additional button[type="submit"]').click();
      await page.waitForURL(/\/app\/account#additional$/);
      expect(await page.locator('#facebook_url').inputValue()).toBe('https://facebook.com/sam.summit');
    });
  });

  it('deactivates through the confirmation step page', async () => {
    await withContext(false, async (page) => {
      await logIn(page, 'acme.localhost', 'sam@acme.test');
      await page.goto(`${baseUrl('acme.localhost')}/app/account`);
      await page.locator('[data-status-button]').click();
      const step = page.locator('.confirm-step');
      await step.waitFor();
      // "No" changes nothing.
      await step.locator('a').click();
      expect(await page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('active');
      await page.locator('[data-status-button]').click();
      await page.locator('.confirm-step button[type="submit"]').click();
      await page.waitForURL(/#status$/);
      expect(await page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('deactivated');
      await page.locator('[data-status-button]').click();
      await page.locator('.confirm-step button[type="submit"]').click();
      await page.waitForURL(/#status$/);
      expect(await page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('active');
    });
  });

  it('uploads an avatar with the plain file form and refuses a file that is not an image', async () => {
    await withContext(false, async (page) => {
      await logIn(page, 'globex.localhost', 'gus@globex.test');
      await page.goto(`${baseUrl('globex.localhost')}/app/account`);
      await page.locator('#avatar-file').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      await page.locator('form[data-avatar-fallback] button[type="submit"]').click();
      expect(await page.locator('#avatar-error').textContent()).toContain('This file type cannot be used. Choose a PNG, JPEG or WebP image.');
      // The error was shown twice (the section's message and the field's).
      expect((await page.locator('#avatar').textContent())!.split('This file type cannot be used. Choose a PNG, JPEG or WebP image.').length - 1).toBe(1);
      await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: testPng(64, 64) });
      await page.locator('form[data-avatar-fallback] button[type="submit"]').click();
      await page.waitForURL(/#avatar$/);
      expect(await page.locator('img[data-sidebar-avatar]').getAttribute('src')).toMatch(/^\/media\/avatars\/globex\/amb-gus\/[0-9a-f]{24}\.png$/);
    });
  });

  it('changes the password and shows the answer of the call', async () => {
    await withContext(false, async (page) => {
      await logIn(page, 'globex.localhost', 'gus@globex.test');
      await page.goto(`${baseUrl('globex.localhost')}/app/account`);
      await page.locator('#current_password').fill('Wrong-password1!');
      await page.locator('form[data-password-form] input[name="password"]').fill('Better-Password2!');
      await page.locator('form[data-password-form] input[name="repeat_password"]').fill('Better-Password2!');
      await page.locator('form[data-password-form] button[type="submit"]').click();
      expect(await page.locator('#credentials .form-error').textContent()).toBeTruthy();
      await page.locator('#current_password').fill('Password1!');
      await page.locator('form[data-password-form] input[name="password"]').fill('Better-Password2!');
      await page.locator('form[data-password-form] input[name="repeat_password"]').fill('Better-Password2!');
      await page.locator('form[data-password-form] button[type="submit"]').click();
      await page.waitForURL(/#credentials$/);
      expect(await page.locator('#credentials .form-success').textContent()).toContain('Your password has been changed.');
    });
  });

  it('unsubscribes from an e-mailed link without logging in', async () => {
    await withContext(false, async (page) => {
      await page.goto(`${baseUrl('localhost')}/unsubscribe?code=optout-nocampaign&email_template=payout_fulfilled`);
      await page.locator('input[name="action"][value="stop_email"]').check();
      await page.locator('[data-unsubscribe-form] button[type="submit"]').click();
      await page.waitForURL(/\/unsubscribe\?saved=stop_email$/);
      expect(await page.locator('[data-unsubscribe-saved]').textContent()).toContain('Your e-mail preferences have been saved.');

      await page.goto(`${baseUrl('localhost')}/unsubscribe?code=not-a-real-code`);
      await page.locator('input[name="action"][value="stop_all"]').check();
      await page.locator('[data-unsubscribe-form] button[type="submit"]').click();
      expect(await page.locator('[data-unsubscribe-error]').textContent()).toContain('not valid');
    });
  });
});
