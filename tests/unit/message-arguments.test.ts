// A zod schema refuses a field with a bare message key: the issue carries no values, so a key whose text
// has ICU arguments came out as a raw template ("Enter an amount with at most {digits, plural, ...}", the
// revenue error). Schemas may only name keys without arguments; keys with arguments are thrown
// by services with their values (fieldError(field, key, params)).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey, t, type MessageKey } from '../../src/lib/i18n';
import { en } from '../../src/lib/i18n/en';

const SCHEMAS = path.resolve(__dirname, '../../src/lib/schemas');
/** Keys a schema file names only so that a service can throw them with values (checked below). */
const THROWN_WITH_VALUES = new Set(['redirectUrlHost']);

const hasArguments = (key: MessageKey) => /\{\s*\w+/.test(en[key]);

describe('messages with arguments', () => {
  it('are never the bare message of a schema (the unfilled revenue template)', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(SCHEMAS, file), 'utf8');
      for (const [, key] of text.matchAll(/'([\w.]+)'/g)) {
        if (key && isMessageKey(key) && hasArguments(key) && !THROWN_WITH_VALUES.has(key)) offenders.push(`${file}: ${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the revenue format error reads as a sentence in every language, with no template left', () => {
    for (const lang of ['en', 'es', 'fr', 'de', 'pl']) {
      const text = t(lang, 'revenueFormat');
      expect(text).not.toMatch(/[{}]/);
      expect(text).toContain('49.99');
    }
  });

  it('the decimals error names the number of decimals when a service gives it', () => {
    expect(t('en', 'revenueInvalid', { digits: 2 })).toBe('Enter an amount with at most 2 decimals, for example 49.99.');
    expect(t('es', 'revenueInvalid', { digits: 0 })).not.toMatch(/[{}]/);
  });
});
