// The webhook SSRF guard (src/api/webhooks/url-guard.ts): which URLs a company may register as a webhook
// endpoint and the sender posts to.
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, ipv6Refusal, parseIpv6 } from '../../src/api/webhooks/url-guard';

const reasonOf = (url: string, allowHttpLocal = false) => {
  const verdict = checkWebhookUrl(url, { allowHttpLocal });
  return verdict.ok ? null : verdict.reason;
};

describe('webhook URL guard', () => {
  it.each([
    'https://hooks.example.com/webhooks/portal',
    'https://hooks.example.com:443/x?token=abc',
    'https://hooks.example.com:8443/x',
    'https://api.example.co.uk./in',
    'https://8.8.8.8/hook',
    'https://1.1.1.1:8443/',
    'https://[2606:4700:4700::1111]/hook',
    'https://[2001:4860:4860::8888]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[64:ff9b::808:808]/',
    'https://[2002:808:808::1]/',
    'https://xn--bcher-kva.example/hook',
    'https://172.32.0.1/',
    'https://100.128.0.1/',
    'https://192.169.0.1/',
  ])('accepts the public https URL %s', (url) => {
    expect(reasonOf(url)).toBeNull();
  });

  it.each([
    ['http://hooks.example.com/', 'https'],
    ['ftp://hooks.example.com/', 'https'],
    ['javascript:alert(1)', 'https'],
    ['file:///etc/passwd', 'https'],
    ['not a url', 'valid absolute URL'],
    ['/relative/path', 'valid absolute URL'],
    ['https://user:pass@hooks.example.com/', 'user name or password'],
    ['https://user@hooks.example.com/', 'user name or password'],
    ['https://hooks.example.com:22/', 'port 22'],
    ['https://hooks.example.com:8080/', 'port 8080'],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, 'longer than'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://127.1.2.3:8443/', 'loopback'],
    ['https://10.0.0.1/', 'private'],
    ['https://10.255.255.255/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://172.31.255.254/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://100.64.0.1/', 'CGNAT'],
    ['https://100.127.255.255/', 'CGNAT'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://0.1.2.3/', 'unspecified'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://239.255.255.250/', 'multicast'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://240.0.0.1/', 'reserved'],
    ['https://192.0.2.10/', 'documentation'],
    ['https://198.51.100.7/', 'documentation'],
    ['https://203.0.113.9/', 'documentation'],
    ['https://198.18.0.1/', 'benchmarking'],
    ['https://192.0.0.8/', 'IETF'],
  ])('refuses the IPv4 literal %s as %s', (url, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it.each([
    ['https://2130706433/', 'decimal 127.0.0.1', 'loopback'],
    ['https://0x7f000001/', 'hex 127.0.0.1', 'loopback'],
    ['https://0x7f.0.0.1/', 'hex first part', 'loopback'],
    ['https://0177.0.0.1/', 'octal first part', 'loopback'],
    ['https://017700000001/', 'octal 127.0.0.1', 'loopback'],
    ['https://127.1/', 'short form', 'loopback'],
    ['https://0/', 'a single zero', 'unspecified'],
    ['https://3232235777/', 'decimal 192.168.1.1', 'private'],
    ['https://0xa9.0xfe.0xa9.0xfe/', 'hex metadata address', 'link-local'],
    ['https://012.0.0.1/', 'octal 10.0.0.1', 'private'],
    ['https://127.0.0.1./', 'a trailing dot', 'loopback'],
  ])('sees through %s (%s): %s', (url, _what, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it.each([
    ['https://[::1]/', 'loopback'],
    ['https://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['https://[::]/', 'unspecified'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:7f00:1]/', 'loopback'],
    ['https://[::ffff:10.0.0.1]/', 'private'],
    ['https://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['https://[::127.0.0.1]/', 'loopback'],
    ['https://[::8.8.8.8]/', 'IPv4-compatible'],
    ['https://[64:ff9b::a00:1]/', 'private'],
    ['https://[2002:a00:1::]/', '6to4 address of a private'],
    ['https://[2002:7f00:1::]/', '6to4 address of a loopback'],
    ['https://[fc00::1]/', 'unique local'],
    ['https://[fd12:3456:789a::1]/', 'unique local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[febf::1]/', 'link-local'],
    ['https://[fec0::1]/', 'site-local'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://[2001:db8::1]/', 'documentation'],
    ['https://[3fff::1]/', 'documentation'],
    ['https://[2001::1]/', 'IETF'],
    ['https://[100::1]/', 'global unicast'],
    ['https://[64:ff9b:1::1]/', 'global unicast'],
  ])('refuses the IPv6 literal %s as %s', (url, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  it.each([
    ['https://localhost/', 'no dot'],
    ['https://LOCALHOST./', 'no dot'],
    ['https://intranet/', 'no dot'],
    ['https://metadata/', 'no dot'],
    ['https://api.localhost/', '.localhost'],
    ['https://printer.local/', '.local'],
    ['https://metadata.google.internal/computeMetadata/v1/', '.internal'],
    ['https://db.prod.internal./', '.internal'],
    ['https://router.localdomain/', '.localdomain'],
    ['https://nas.home.arpa/', '.home.arpa'],
    ['https://server.lan/', '.lan'],
  ])('refuses the internal name %s (%s)', (url, reason) => {
    expect(reasonOf(url)).toContain(reason);
  });

  describe('with WEBHOOKS_ALLOW_HTTP_LOCAL (local development)', () => {
    it.each([
      'http://localhost:9000/hook',
      'http://api.localhost:8787/in',
      'http://127.0.0.1:4000/',
      'http://[::1]:4000/',
      'https://localhost/',
    ])('accepts the loopback URL %s', (url) => {
      expect(reasonOf(url, true)).toBeNull();
    });

    it.each([
      ['http://10.0.0.1/', 'https'],
      ['http://hooks.example.com/', 'https'],
      ['https://192.168.1.1/', 'private'],
      ['https://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://user:pw@localhost/', 'user name or password'],
    ])('still refuses %s (%s)', (url, reason) => {
      expect(reasonOf(url, true)).toContain(reason);
    });
  });
});

describe('IPv6 parsing', () => {
  it('expands :: and trailing dotted IPv4', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 0x8, 0x800, 0x200c, 0x417a]);
    expect(parseIpv6('::ffff:192.168.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0001]);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
  });

  it.each(['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '12345::', '::1.2.3.256', 'g::1', ':1', '1:2:3:4:5:6:7:8::'])(
    'refuses the malformed %s',
    (text) => {
      expect(parseIpv6(text)).toBeNull();
    },
  );

  it('treats a public address as public', () => {
    expect(ipv6Refusal(parseIpv6('2606:4700::6810:84e5')!)).toBeNull();
  });
});
