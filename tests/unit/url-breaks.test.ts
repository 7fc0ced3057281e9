import { describe, expect, it } from 'vitest';
import { emailBreakHtml, urlBreakParts } from '../../src/lib/url-breaks';

describe('where a URL shown as text may wrap', () => {
  it('cuts after the scheme and before each /, ?, &, =, # and ., and joins back to the URL', () => {
    const url = 'https://acme.localhost/r/TRAIL-crew_2?utm=a&b=c#top';
    const parts = urlBreakParts(url);
    expect(parts).toEqual(['https://', 'acme', '.localhost', '/r', '/TRAIL-crew_2', '?utm', '=a', '&b', '=c', '#top']);
    expect(parts.join('')).toBe(url);
  });

  it('never cuts inside a word: hyphens and underscores stay with their word', () => {
    for (const part of urlBreakParts('http://localhost:8787/r/spring-sale_2026')) expect(part).not.toMatch(/^[-_]|[-_]$/);
  });

  it('keeps a text without a scheme whole between its separators', () => {
    expect(urlBreakParts('shop.demo.test/welcome')).toEqual(['shop', '.demo', '.test', '/welcome']);
    expect(urlBreakParts('')).toEqual([]);
  });
});

describe('where an e-mail address shown as text may wrap', () => {
  it('before its "@" only, escaped', () => {
    expect(emailBreakHtml('theo.dubois@example.com')).toBe('theo.dubois<wbr>@example.com');
    expect(emailBreakHtml('<b>"x"@y.test')).toBe('&lt;b&gt;&quot;x&quot;<wbr>@y.test');
    // No "@" (or only at the start): nothing to break at, the text escaped as it is.
    expect(emailBreakHtml('@handle')).toBe('@handle');
    expect(emailBreakHtml('a&b')).toBe('a&amp;b');
  });
});
