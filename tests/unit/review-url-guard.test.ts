// Found in review: spellings the webhook SSRF guard (src/api/webhooks/url-guard.ts) must see through,
// beyond tests/unit/webhook-url-guard.test.ts. The WHATWG parser drops only ONE trailing dot before its
// IPv4 check, so `127.0.0.1..` stays a "domain" and the guard must strip every trailing dot itself.
// (Names that resolve to private addresses, such as 127.0.0.1.nip.io, cannot be refused here: a Worker
// cannot resolve DNS before its fetch. Cloudflare's edge does not reach private networks, and the sender
// never follows a redirect.)
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../src/api/webhooks/url-guard';

const reasonOf = (url: string, allowHttpLocal = false) => {
  const verdict = checkWebhookUrl(url, { allowHttpLocal });
  return verdict.ok ? null : verdict.reason;
};

describe('webhook URL guard, review', () => {
  it.each([
    ['https://127.0.0.1../', 'loopback'],
    ['https://127.0.0.1.../hook', 'loopback'],
    ['https://10.0.0.1../', 'private'],
    ['https://169.254.169.254../latest/meta-data/', 'link-local'],
    ['https://localhost../', 'no dot'],
    ['https://metadata.google.internal../', '.internal'],
    ['https://api.localhost../', '.localhost'],
    ['https://printer.local.../', '.local'],
  ])('refuses %s with several trailing dots (%s)', (url, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it.each([
    ['https://127%2e0%2e0%2e1/', 'percent-encoded dots', 'loopback'],
    ['https://127。0。0。1/', 'ideographic full stops', 'loopback'],
    ['https://ⓛocalhost/', 'an IDNA-mapped letter', 'no dot'],
    ['https://localhost%2e/', 'a percent-encoded trailing dot', 'no dot'],
    ['https://hooks.example.com@127.0.0.1/', 'userinfo in front of a loopback host', 'user name or password'],
    ['https://127.0.0.1\\@hooks.example.com/', 'a backslash (a path separator for https)', 'loopback'],
    ['https://[0:0:0:0:0:ffff:127.0.0.1]/', 'a long IPv4-mapped form', 'loopback'],
    ['https://[::ffff:0a00:0001]/', 'an IPv4-mapped form in hex', 'private'],
    ['https://[::ffff:0:7f00:1]/', 'an IPv4-translated (SIIT) form', 'global unicast'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'a Teredo address', 'IETF'],
    ['https://0x7f.0x0.0x0.0x1./', 'hex parts and a trailing dot', 'loopback'],
  ])('sees through %s (%s): %s', (url, _what, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it('still accepts a public name with trailing dots', () => {
    expect(checkWebhookUrl('https://hooks.example.com./in').ok).toBe(true);
    expect(checkWebhookUrl('https://hooks.example.com../in').ok).toBe(true);
  });

  it('with WEBHOOKS_ALLOW_HTTP_LOCAL, trailing dots of a loopback name still count as loopback only', () => {
    expect(reasonOf('http://localhost../hook', true)).toBeNull();
    expect(reasonOf('http://10.0.0.1../hook', true)).toContain('https');
  });
});
