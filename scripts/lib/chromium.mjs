// The Chromium the browser tests, the bench and Lighthouse drive, and the flags it runs with on these
// machines (design.md): offline (no background fetches, no component updates, no sync), headless, and
// every *.localhost host on loopback. One home, so tests/e2e/harness.ts and scripts/bench.mjs agree.
import { existsSync } from 'node:fs';

/** Chromium flags for these machines plus loopback for every *.localhost host. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
];

/** The language and time zone every browser starts with, so no result depends on the machine's. */
export const BROWSER_LOCALE = { locale: 'en-US', timezoneId: 'UTC' };

/** Environment for a Chromium process: Debian's build takes its language from LANG, its zone from TZ. */
export function browserEnv(env = process.env) {
  return { ...env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US', TZ: BROWSER_LOCALE.timezoneId };
}

/**
 * Chromium to drive: env CHROMIUM_PATH (a path, or `packaged` for the one inside @sparticuz/chromium),
 * else Debian's /usr/bin/chromium, else the packaged one.
 * @returns {Promise<string>}
 */
export async function chromiumPath() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted && wanted !== 'packaged') return wanted;
  if (!wanted && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}
