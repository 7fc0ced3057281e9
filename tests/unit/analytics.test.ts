import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { identifyScript, inlineJson } from '../../src/layouts/analytics.ts';

const alex = { userid: 2001, email: 'alex@acme.test', first_name: 'Alex', last_name: 'Alpine' };

/** Runs the script in a sandbox with a fake window, sessionStorage and analytics. */
function run(script: string, { analytics = true, storage = new Map<string, string>() } = {}) {
  const calls: unknown[][] = [];
  const listeners: (() => void)[] = [];
  const window: Record<string, unknown> = {};
  if (analytics) window.analytics = { identify: (...args: unknown[]) => calls.push(args) };
  const sandbox = {
    window,
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
  };
  runInNewContext(script, sandbox);
  return { calls, storage, window, load: () => listeners.forEach((fn) => fn()) };
}

describe('analytics identify (spec §7)', () => {
  it('identifies the ambassador with user id, e-mail, first and last name', () => {
    const { calls, storage } = run(identifyScript(alex));
    expect(calls).toEqual([['2001', { email: 'alex@acme.test', firstName: 'Alex', lastName: 'Alpine' }]]);
    expect(storage.get('portal.identified.2001')).toBe('1');
  });

  it('identifies once per session: not again on the next page, nor on load', () => {
    const storage = new Map<string, string>();
    const first = run(identifyScript(alex), { storage });
    first.load();
    const second = run(identifyScript(alex), { storage });
    second.load();
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toHaveLength(0);
  });

  it('identifies another person signing in in the same tab (the flag is per user id)', () => {
    const storage = new Map([['portal.identified.2001', '1']]);
    const { calls } = run(identifyScript({ ...alex, userid: 2002, email: 'sam@acme.test' }), { storage });
    expect(calls).toHaveLength(1);
  });

  it('waits for load when the company script defines analytics late, and does nothing without it', () => {
    const late = run(identifyScript(alex), { analytics: false });
    expect(late.calls).toHaveLength(0);
    const calls: unknown[][] = [];
    late.window.analytics = { identify: (...a: unknown[]) => calls.push(a) };
    late.load();
    expect(calls).toHaveLength(1);
    const never = run(identifyScript(alex), { analytics: false });
    never.load();
    expect(never.storage.size).toBe(0);
  });

  it('ignores an analytics object without identify', () => {
    const storage = new Map<string, string>();
    const sandbox = { window: { analytics: { track() {} } }, sessionStorage: { getItem: () => null, setItem: (k: string, v: string) => storage.set(k, v) }, addEventListener() {} };
    runInNewContext(identifyScript(alex), sandbox);
    expect(storage.size).toBe(0);
  });
});

describe('inline JSON', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!--'],
    ['a & b > c'],
    ['line\u2028separator\u2029'],
  ])('cannot end or bend the script element: %j', (value) => {
    const json = inlineJson({ value });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ value });
  });

  it('keeps a hostile name as data in the identify script', () => {
    const script = identifyScript({ ...alex, first_name: '</script><img src=x onerror=alert(1)>', last_name: "O'Brien \"x\"" });
    expect(script).not.toContain('</script');
    const { calls } = run(script);
    expect(calls[0]?.[1]).toEqual({ email: 'alex@acme.test', firstName: '</script><img src=x onerror=alert(1)>', lastName: "O'Brien \"x\"" });
  });
});
