import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserLanguage, matchLanguage, parseAcceptLanguage, resolveLanguage } from '../../src/lib/languages.ts';

// Spec §9 and issue 11: stored choice > browser (Accept-Language, q-values, regional fallback) >
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

describe('requestLanguage on the edge', () => {
  // The edge reads the explicit company default from customization and applies the same rule.
  it('uses resolveLanguage (no other rule in src/edge/request-context.ts)', () => {
    const source = readFileSync(path.resolve(__dirname, '../../src/edge/request-context.ts'), 'utf8');
    expect(source).toContain('resolveLanguage(stored');
  });
});

describe('islands ship no catalogue', () => {
  // An island gets its strings as props from the server, already in the page language; importing
  // lib/i18n would put every catalogue into the browser bundle. (Type-only imports are erased.)
  const dir = path.resolve(__dirname, '../../src/islands');
  const islands = readdirSync(dir).filter((f) => /\.(ts|tsx)$/.test(f));
  const valueImports = (text: string) =>
    [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2]!);

  // The island left once the rest became text written on the server with small page scripts (issues 19
  // and 21): the avatar crop dialog, fetched when it opens.
  it('finds the islands', () => expect(islands).toEqual(expect.arrayContaining(['AvatarCropper.tsx', 'avatar-cropper-dialog.tsx'])));

  it.each(islands)('%s imports no message catalogue', (island) => {
    const imports = valueImports(readFileSync(path.join(dir, island), 'utf8'));
    expect(imports.filter((spec) => /(^|\/)lib\/i18n(\.ts)?$|(^|\/)lib\/i18n\//.test(spec))).toEqual([]);
  });

  it('the check sees an import of the catalogue', () => {
    expect(valueImports("import { t } from '../lib/i18n';\nimport type { MessageKey } from '../lib/i18n/en';")).toEqual(['../lib/i18n']);
  });
});
