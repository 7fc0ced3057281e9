import { t } from '../../lib/i18n';
import { numberLocale } from '../../lib/format';

// What the team and sessions screens write about a moment and a device, in the page language.

/** A time of the API (ISO, UTC) as the page language writes a date and time, in UTC (said so). */
export function consoleTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(numberLocale(lang), {
    year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short',
  }).format(date);
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/Firefox\/|FxiOS\//, 'Firefox'], [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'], [/iPhone|iPad|iPod/, 'iOS'], [/Android/, 'Android'], [/Mac OS X|Macintosh/, 'macOS'], [/CrOS/, 'ChromeOS'], [/Linux/, 'Linux'],
];

/** "Chrome on Linux" from a session's user agent (the words in the page language), or "Unknown device". */
export function deviceOf(userAgent: string | null, lang: string): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && os) return t(lang, 'console.team.deviceOn', { browser, os });
  return browser ?? os ?? t(lang, 'console.team.unknownDevice');
}
