// Tenant HTML is sanitised once per distinct text and then served from memory: the kept answer must be
// the sanitised one, for that text only.
import { describe, expect, it } from 'vitest';
import { sanitizeTenantHtml } from '../../src/edge/sanitize';

const PAGE = { under: 1 } as const;

describe('sanitizeTenantHtml', () => {
  it('strips scripts, handlers and javascript: links, the second time as the first', () => {
    const dirty = '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script><a href="https://ok.example">ok</a></p>';
    const first = sanitizeTenantHtml(dirty, PAGE);
    expect(first).not.toMatch(/script|onclick|javascript:/i);
    expect(first).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(sanitizeTenantHtml(dirty, PAGE)).toBe(first);
  });

  it('answers each text with its own result, long texts included', () => {
    expect(sanitizeTenantHtml('<b>one</b>', PAGE)).toBe('<b>one</b>');
    expect(sanitizeTenantHtml('<b>two</b>', PAGE)).toBe('<b>two</b>');
    const long = `<p>${'a'.repeat(30_000)}</p><img src="x" onerror="y()">`;
    expect(sanitizeTenantHtml(long, PAGE)).toBe(`<p>${'a'.repeat(30_000)}</p><img src="x" />`);
    expect(sanitizeTenantHtml(null, PAGE)).toBe('');
  });
});
