// Loyalty on the dashboard in a real browser: Ava completes a task and sees it completed with her points
// up by its 50; the sidebar says what is left for the next tier in the company's tier metric (points on
// demo, referrals in Spanish on acme); Ben, without loyalty access, sees no tasks, tier or badges.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInNewPage as logIn, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

/** The number of a tile ("2,325 points" → 2325). */
async function tileNumber(page: Page, key: string): Promise<number> {
  return Number((await page.locator(`[data-tile="${key}"] .value`).innerText()).replace(/[^\d]/g, ''));
}

describe('tasks on the dashboard', () => {
  it('Ava completes "Share your link on Facebook": it shows completed and her points available rise by 50', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'ava@demo.test');
      const before = await tileNumber(page, 'points_available');
      const task = page.locator('[data-tasks] li', { hasText: 'Share your link on Facebook' });
      await expect.poll(() => task.getAttribute('data-completed')).toBe('false');
      await expect.poll(() => task.locator('.muted').innerText()).toBe('+50 points');
      const button = task.getByRole('button', { name: 'Mark as done' });
      await Promise.all([page.waitForURL(/\/app\?task=task-demo-facebook#tasks$/), button.click()]);

      const done = page.locator('[data-tasks] li', { hasText: 'Share your link on Facebook' });
      expect(await done.getAttribute('data-completed')).toBe('true');
      expect(await done.locator('.task-state').innerText()).toBe('✓ Completed');
      expect(await done.getByRole('button').count()).toBe(0);
      expect(await page.locator('[data-task-notice]').innerText()).toBe('"Share your link on Facebook" is completed: you earned 50 points.');
      expect(await tileNumber(page, 'points_available')).toBe(before + 50);

      // Points that lapse soonest, with the point name and a date in English.
      const expiring = page.locator('[data-expiring] li');
      const n = await expiring.count();
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(3);
      expect(await expiring.first().innerText()).toMatch(/^(\$[\d,.]+|[\d,]+ points) on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    } finally {
      await context.close();
    }
  });
});

describe('tier and badges in the sidebar', () => {
  it('demo measures tiers in points', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'ava@demo.test');
      expect(await page.locator('[data-tier-left]').innerText()).toMatch(/^[\d,]+ points to (Silver|Gold)$/);
      const bar = page.locator('[data-tier-progress] [role="progressbar"]');
      const now = Number(await bar.getAttribute('aria-valuenow'));
      expect(now).toBeGreaterThan(0);
      expect(now).toBeLessThanOrEqual(100);
      // Active badges only, earned first; the retired "Beta tester" is not shown.
      const badges = page.locator('[data-badges] li');
      const earned = await badges.evaluateAll((items) => items.map((li) => li.getAttribute('data-earned')));
      expect(earned.indexOf('false') === -1 || !earned.slice(earned.indexOf('false')).includes('true')).toBe(true);
      expect(await page.locator('[data-badges]').innerText()).not.toContain('Beta tester');
    } finally {
      await context.close();
    }
  });

  it('acme measures tiers in referrals, in Spanish', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'acme.localhost', 'alex@acme.test');
      expect(await page.locator('[data-tier-left]').innerText()).toMatch(/^\d+ referidos? para llegar a (Ridge|Summit)$/);
      expect(await page.locator('[data-badges]').innerText()).toContain('Insignias');
      expect(await page.locator('[data-tasks] h2').innerText()).toBe('Tareas');
    } finally {
      await context.close();
    }
  });

  it('Ben, without loyalty access, sees no tasks, tier or badges', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'ben@demo.test');
      expect(await page.locator('h1').innerText()).toBe('Dashboard');
      for (const section of ['[data-tasks]', '[data-tier-progress]', '[data-badges]', '[data-expiring]']) {
        expect(await page.locator(section).count(), section).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
