import { describe, expect, it } from 'vitest';
import { urlBreakParts } from '../../src/lib/url-breaks';

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
