import { globSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../../src/edge/request-context';
import type { EdgeEnv, Portal } from '../../src/edge/types';
import { browserLanguage, matchLanguage, parseAcceptLanguage, resolveLanguage } from '../../src/lib/languages.ts';
import { resolveCustomization } from '../../src/lib/schemas/customization';

// Spec §9: stored choice > browser (Accept-Language, q-values, regional fallback) >
// company default > English; a stored "system" follows the browser.
describe('resolveLanguage', () => {
  const cases: [string, string | null, string | null, string | null, string][] = [
    // description, stored, Accept-Language, company default, expected
    ['a stored choice wins over browser and company', 'fr', 'es-ES,es;q=0.9', 'de', 'fr'],
    ['a stored regional choice keeps its region', 'es-MX', 'en-US', 'es', 'es-MX'],
    ['a stored code in another spelling', 'fr_ca', null, 'en', 'fr-CA'],
    ['the browser wins over the company default (French visitor, English portal)', null, 'fr-FR,fr;q=0.9,en;q=0.8', 'en', 'fr'],
    ['an English browser on a Spanish-default portal reads English', null, 'en-US,en;q=0.9', 'es', 'en'],
    ['"system" follows the browser', 'system', 'de-DE,de;q=0.9', 'es', 'de'],
    ['"system" with an unsupported browser falls to the company default', 'system', 'zh-CN,ja;q=0.8', 'es', 'es'],
    ['an unsupported stored value is ignored', 'klingon', 'it-IT', 'es', 'it'],
    ['no usable browser language: the company default', null, 'zh-CN, ja;q=0.9', 'pl', 'pl'],
    ['q-values order the browser list', null, 'zh-CN, ja;q=0.9, nl;q=0.8, de;q=0.85', null, 'de'],
    ['q=0 refuses a language', null, 'fr;q=0, it;q=0.5', null, 'it'],
    ['an exact regional match', null, 'fr-CA,fr;q=0.9', 'en', 'fr-CA'],
    ['es-MX is its own catalogue', null, 'es-MX', null, 'es-MX'],
    ['es-AR falls back to es-419', null, 'es-AR,es;q=0.9', 'en', 'es-419'],
    ['es-US falls back to es-419', null, 'es-US', 'en', 'es-419'],
    ['es-ES falls back to es', null, 'es-ES', 'en', 'es'],
    ['fr-BE falls back to fr', null, 'fr-BE', 'en', 'fr'],
    ['pt-BR falls back to pt', null, 'pt-BR,pt;q=0.9,en;q=0.5', null, 'pt'],
    ['lower-case region', null, 'es-ar', null, 'es-419'],
    ['a wildcard is no language', null, '*', 'xx', 'en'],
    ['nothing at all: English', null, null, null, 'en'],
    ['an unsupported company default: English', null, '', 'xx', 'en'],
  ];
  it.each(cases)('%s', (_, stored, accept, company, expected) => {
    expect(resolveLanguage(stored, accept, company)).toBe(expected);
  });
});

describe('matchLanguage', () => {
  const cases: [string, string | null][] = [
    ['en', 'en'], ['en-GB', 'en'], ['EN-us', 'en'], ['de-AT', 'de'], ['de-CH', 'de'], ['nl-BE', 'nl'], ['it-CH', 'it'],
    ['pl-PL', 'pl'], ['pt-PT', 'pt'], ['es-419', 'es-419'], ['es-MX', 'es-MX'], ['es-CO', 'es-419'], ['es-CL', 'es-419'],
    ['es', 'es'], ['es-GQ', 'es'], ['fr-CA', 'fr-CA'], ['fr-CH', 'fr'], ['zh-Hant-TW', null], ['ja', null], ['', null],
  ];
  it.each(cases)('%s -> %s', (range, expected) => {
    expect(matchLanguage(range)).toBe(expected);
  });
});

describe('browserLanguage and parseAcceptLanguage', () => {
  it('parses the header, most preferred first, dropping q=0 and wildcards', () => {
    expect(parseAcceptLanguage('en;q=0.2, fr-CA, *;q=0.1, de;q=0')).toEqual(['fr-CA', 'en']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it('takes the first supported range in order of preference', () => {
    expect(browserLanguage('zh;q=1, es-AR;q=0.8, fr;q=0.9')).toBe('fr');
    expect(browserLanguage('ko, es-AR;q=0.8')).toBe('es-419');
    expect(browserLanguage('ko')).toBeNull();
  });
});

describe('the language a page is written in', () => {
  // A page request as the edge builds its context: the tenant (its explicit default language or none),
  // the signed-in ambassador's profile language (or no one signed in), the language menu's cookie and
  // the browser's Accept-Language.
  const portal = (defaultLanguage: string | null): Portal => {
    const customization = defaultLanguage ? { default_language: defaultLanguage } : {};
    return {
      uid: 'co', company_name: 'Co', host: 'co.test', customization, campaign_customizations: {}, groups: [],
      settings: resolveCustomization(customization),
    } as unknown as Portal;
  };
  async function pageLanguage(input: { company: string | null; profile?: string; cookie?: string; accept?: string }) {
    const me = input.profile ? { language: input.profile, urls: [], group_id: null } : null;
    const app = new Hono<EdgeEnv>()
      .use(async (c, next) => { c.set('portal', portal(input.company)); await next(); })
      .get('/app', (c) => c.text(buildContext(c, me as never, false).lang));
    const headers: Record<string, string> = {};
    if (input.cookie) headers.cookie = `language=${input.cookie}`;
    if (input.accept) headers['accept-language'] = input.accept;
    return (await app.request('/app', { headers })).text();
  }

  it('follows the browser over the company default when nothing is stored', async () => {
    expect(await pageLanguage({ company: 'es', accept: 'fr-FR,fr;q=0.9' })).toBe('fr');
    expect(await pageLanguage({ company: 'es', accept: 'ja' })).toBe('es');
    expect(await pageLanguage({ company: null, accept: 'ja' })).toBe('en');
  });

  it('follows the profile\'s language over the browser and the company', async () => {
    expect(await pageLanguage({ company: 'es', profile: 'de', accept: 'fr-FR' })).toBe('de');
    expect(await pageLanguage({ company: 'es', profile: 'es-MX', accept: 'en-US' })).toBe('es-MX');
  });

  it('follows the language menu\'s cookie over the profile', async () => {
    expect(await pageLanguage({ company: 'es', profile: 'de', cookie: 'it', accept: 'fr-FR' })).toBe('it');
    expect(await pageLanguage({ company: 'en', cookie: 'pl' })).toBe('pl');
  });

  it('reads a stored "system" as "follow the browser"', async () => {
    expect(await pageLanguage({ company: 'es', profile: 'system', accept: 'it-IT' })).toBe('it');
    expect(await pageLanguage({ company: 'es', cookie: 'system', profile: 'de', accept: 'nl-BE' })).toBe('nl');
    expect(await pageLanguage({ company: 'es', profile: 'system', accept: 'zh-CN' })).toBe('es');
  });
});

describe('React islands ship no catalogue', () => {
  // An island gets its strings as props from the server, already in the page language; a catalogue in
  // its browser bundle would carry every language's messages to the browser. Each React component of
  // src is bundled for the browser (esbuild, following every import), and the modules that went in are read back.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const catalogue = /(^|\/)src\/lib\/i18n(\.ts|\/)/;
  const bundledModules = async (options: { entryPoints?: string[]; stdin?: { contents: string; resolveDir: string; loader: 'ts' } }) => {
    const { metafile } = await build({
      ...options, absWorkingDir: root, bundle: true, write: false, metafile: true, format: 'esm', platform: 'browser',
      jsx: 'automatic', logLevel: 'silent',
    });
    return Object.keys(metafile.inputs);
  };

  it('each React component bundles without a message catalogue', async () => {
    const islands = globSync('src/**/*.tsx', { cwd: root });
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) {
      const modules = await bundledModules({ entryPoints: [island] });
      expect(modules.some((m) => m.endsWith(path.basename(island))), island).toBe(true);
      expect(modules.filter((m) => catalogue.test(m)), island).toEqual([]);
    }
  }, 30_000);

  it('the check sees a catalogue that a module pulls in', async () => {
    const modules = await bundledModules({ stdin: { contents: "import { t } from './i18n';\nconsole.log(t);", resolveDir: path.join(root, 'src/lib'), loader: 'ts' } });
    expect(modules.some((m) => catalogue.test(m))).toBe(true);
  }, 30_000);
});
