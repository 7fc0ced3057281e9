import { describe, expect, it } from 'vitest';
import { emailBreakHtml, urlBreakHtml, urlBreakParts } from '../../src/lib/url-breaks';

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

  it('as markup: the parts escaped, a <wbr> between them, in one url-text span', () => {
    expect(urlBreakHtml('http://localhost:8787/r/ava-pin')).toBe('<span class="url-text">http://<wbr>localhost:8787<wbr>/r<wbr>/ava-pin</span>');
    expect(urlBreakHtml('https://x.test/?a=1&b="<i>"')).toBe('<span class="url-text">https://<wbr>x<wbr>.test<wbr>/<wbr>?a<wbr>=1<wbr>&amp;b<wbr>=&quot;&lt;i&gt;&quot;</span>');
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
