// Branding with a draft (the console's /console/branding): edits go to a draft no ambassador sees, publishing
// makes it live as a version, a rollback publishes an earlier version again, a viewer reads but cannot save;
// the portal's pages show the draft only to a console session that opens branding (?preview=draft), never
// from a cache; uploaded SVG logos come out without script, handlers or references out of the file.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge/app';
import type { EdgeEnv } from '../../src/edge/types';
import { KEYS, op, readReply } from './operator-fixtures';
import { token as ambassadorToken } from './profile-fixtures';
import { fullSession } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost') =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host });

/** Stands in for the portal's pages: what the page would paint with (the login button's colour, the language). */
const pages: MiddlewareHandler<EdgeEnv> = async (c) => {
  const { settings, lang } = c.get('requestContext');
  return c.json({ button: settings.login.login_button_color, logo: settings.login.logo, lang });
};
const app = createEdgeApp([pages]);

async function page(path: string, cookie = '', host = 'localhost') {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://${host}${path}`, { headers: { cookie } }), env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() as { button: string; logo: string | null; lang: string } };
}

async function liveDocument(key: string = KEYS.demo) {
  return (await op(key, 'GET', '/customization')).body.settings as Record<string, any>;
}

/** The live document with the login button in `color`, as a draft body. */
async function withButton(color: string, key: string = KEYS.demo) {
  const doc = structuredClone(await liveDocument(key));
  doc.login = { ...doc.login, login_button_color: color };
  return doc;
}

async function upload(token: string, slot: string, name: string, bytes: Uint8Array<ArrayBuffer> | string, type: string) {
  const form = new FormData();
  form.set('slot', slot);
  form.set('file', new File([bytes], name, { type }));
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request('http://localhost/v1/operator/customization/draft/logo', {
    method: 'POST', body: form, headers: { authorization: `Staff ${token}` },
  }), env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return readReply(res);
}

describe('the customization draft', () => {
  it('a saved draft leaves the live portal alone until it is published, then goes live as a version with its author', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const before = (await page('/login')).body.button;
    const saved = await asStaff(owner, 'PUT', '/customization/draft', await withButton('#123456'));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ has_draft: true, author: expect.stringContaining('owner@demo.test') });
    expect(saved.body.effective.login.login_button_color).toBe('#123456');
    expect((await liveDocument()).login?.login_button_color).not.toBe('#123456');
    expect((await page('/login')).body.button).toBe(before);

    const published = await asStaff(owner, 'POST', '/customization/publish');
    expect(published.status).toBe(200);
    expect(published.body.version).toMatchObject({ source: 'publish', live: true, author: expect.stringContaining('owner@demo.test') });
    // The cached portal was forgotten: the next page shows it.
    expect((await page('/login')).body.button).toBe('#123456');
    expect((await asStaff(owner, 'GET', '/customization/draft')).body.has_draft).toBe(false);
    expect((await asStaff(owner, 'POST', '/customization/publish')).status).toBe(409);

    // What was live before the first version is kept as one, so it can be rolled back to.
    const versions = (await asStaff(owner, 'GET', '/customization/versions')).body.results as { uid: string; version: number; source: string; live: boolean }[];
    expect(versions[0]).toMatchObject({ source: 'publish', live: true });
    const earlier = versions.find((v) => !v.live)!;
    expect(earlier).toBeDefined();
    const rolled = await asStaff(owner, 'POST', `/customization/versions/${earlier.uid}/rollback`);
    expect(rolled.status).toBe(200);
    expect(rolled.body.version).toMatchObject({ source: 'rollback', rolled_back_from: earlier.version, version: versions[0]!.version + 1 });
    expect((await page('/login')).body.button).toBe(before);
    expect((await asStaff(owner, 'POST', '/customization/versions/cver_nope/rollback')).status).toBe(404);
  });

  it('the document PUT directly still publishes, and leaves a version a rollback sees', async () => {
    const doc = await withButton('#0a0b0c');
    const put = await op(KEYS.demo, 'PUT', '/customization', doc);
    expect(put.status).toBe(200);
    const versions = (await op(KEYS.demo, 'GET', '/customization/versions')).body.results;
    expect(versions[0]).toMatchObject({ source: 'put', live: true });
    expect((await page('/login')).body.button).toBe('#0a0b0c');
  });

  it('a draft is refused whole with every error by path, and nothing is saved', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const doc = await withButton('not-a-colour');
    doc.nonsense = 1;
    const res = await asStaff(owner, 'PUT', '/customization/draft', doc);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error_codes ?? res.body)).toEqual(expect.arrayContaining(['login.login_button_color', 'nonsense']));
    expect((await asStaff(owner, 'GET', '/customization/draft')).body.effective.login.login_button_color).not.toBe('not-a-colour');
  });

  it('a viewer reads the draft and the versions but cannot save, publish or roll back', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await asStaff(viewer, 'GET', '/customization/draft')).status).toBe(200);
    expect((await asStaff(viewer, 'GET', '/customization/versions')).status).toBe(200);
    const save = await asStaff(viewer, 'PUT', '/customization/draft', await withButton('#654321'));
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('roleRequired');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM customization_drafts WHERE company_id = 'demo' AND content LIKE '%#654321%'").first('n')).toBe(0);
    expect((await asStaff(viewer, 'POST', '/customization/publish')).body.code).toBe('roleRequired');
    // A reviewer's console has no branding screen: not even the draft.
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    expect((await asStaff(reviewer, 'GET', '/customization/draft')).body.code).toBe('roleRequired');
  });

  it('measures the draft\'s colours against WCAG AA on the server', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const doc = await withButton('#ffff00');
    doc.login.button_text_color = '#ffffff';
    const res = await asStaff(owner, 'PUT', '/customization/draft', doc);
    const check = (res.body.contrast as { key: string; ratio: number; passes_aa: boolean }[]).find((c) => c.key === 'loginButtonText')!;
    expect(check.passes_aa).toBe(false);
    expect(check.ratio).toBeLessThan(1.1);
    doc.login.button_text_color = '#000000';
    const fixed = (await asStaff(owner, 'PUT', '/customization/draft', doc)).body.contrast.find((c: { key: string }) => c.key === 'loginButtonText');
    expect(fixed).toMatchObject({ passes_aa: true, minimum: 4.5 });
    expect(fixed.ratio).toBeGreaterThan(19);
  });
});

describe('the portal preview of the draft', () => {
  it('shows the draft only to a console session that opens branding, in a chosen company language, never cached', async () => {
    const owner = await fullSession('acme.localhost', 'owner@acme.test');
    const live = (await page('/login', '', 'acme.localhost')).body.button;
    expect((await asStaff(owner, 'PUT', '/customization/draft', await withButton('#abcdef', KEYS.acme), 'acme.localhost')).status).toBe(200);

    const preview = await page('/login?preview=draft&lang=es', `__Host-portal_console=${owner}`, 'acme.localhost');
    expect(preview.body).toMatchObject({ button: '#abcdef', lang: 'es' });
    expect(preview.cacheControl).toBe('no-store');
    const viewer = await fullSession('acme.localhost', 'viewer@acme.test');
    expect((await page('/register?preview=draft', `__Host-portal_console=${viewer}`, 'acme.localhost')).body.button).toBe('#abcdef');

    // Nobody else: no cookie, an ambassador's session, a role without branding, a forged token, another company's session.
    const nobody = await page('/login?preview=draft', '', 'acme.localhost');
    expect(nobody.body.button).toBe(live);
    expect(nobody.cacheControl).toBe('no-store');
    const ambassador = await ambassadorToken('acme.localhost', 'alex@acme.test');
    const cookie = `__Host-portal_session=${ambassador.userId}.${ambassador.uid}.${ambassador.token}; __Host-portal_console=${ambassador.token}`;
    expect((await page('/app?preview=draft', cookie, 'acme.localhost')).body.button).toBe(live);
    const reviewer = await fullSession('acme.localhost', 'reviewer@acme.test');
    expect((await page('/login?preview=draft', `__Host-portal_console=${reviewer}`, 'acme.localhost')).body.button).toBe(live);
    expect((await page('/login?preview=draft', `__Host-portal_console=stf_${'0'.repeat(64)}`, 'acme.localhost')).body.button).toBe(live);
    const demoOwner = await fullSession('localhost', 'owner@demo.test');
    expect((await page('/login?preview=draft', `__Host-portal_console=${demoOwner}`, 'acme.localhost')).body.button).toBe(live);
    // The preview went into no cache: the next plain request (same isolate, same KV) is live.
    expect((await page('/login', '', 'acme.localhost')).body.button).toBe(live);
    expect((await page('/login', `__Host-portal_console=${owner}`, 'acme.localhost')).body.button).toBe(live);
  });
});

describe('logo upload', () => {
  const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

  it('keeps a PNG in R2 and puts its /media URL in the draft\'s slot, served on the tenant\'s host', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const res = await upload(owner, 'login', 'logo.png', png, 'image/png');
    expect(res.status).toBe(200);
    const url = res.body.content.login.logo as string;
    expect(url).toMatch(/^\/media\/brand\/demo\/logo-[\w-]+\.png$/);
    expect((await page('/login?preview=draft', `__Host-portal_console=${owner}`)).body.logo).toBe(url);
    const ctx = createExecutionContext();
    const served = await app.fetch(new Request(`http://localhost${url}`), env as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('an SVG with a script, handlers and references out of the file comes out clean', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const evil = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(2)</script><rect width="10" height="10" fill="#f00" onclick="steal()"/><image href="https://evil.example/x.png"/>' +
      '<use xlink:href="https://evil.example/a.svg#x"/><foreignObject><div>html</div></foreignObject>' +
      '<a href="javascript:alert(3)"><text x="1" y="5" style="fill:url(https://evil.example/f)">Acme</text></a>' +
      '<circle r="2" fill="url(https://evil.example/g)"/><SCRIPT>alert(4)</SCRIPT></svg>';
    const res = await upload(owner, 'portal', 'logo.svg', evil, 'image/svg+xml');
    expect(res.status).toBe(200);
    const url = res.body.content.theme.campaign_portal_logo as string;
    expect(url).toMatch(/\.svg$/);
    const stored = await env.FILES.get(url.replace(/^\/media\//, ''));
    const text = await stored!.text();
    expect(text).toMatch(/^<svg[\s>]/);
    expect(text).toContain('<rect');
    expect(text).toContain('Acme');
    for (const bad of [/script/i, /\bon\w+=/i, /evil\.example/, /foreignObject/i, /javascript:/i, /<image/i, /style=/i]) expect(text).not.toMatch(bad);
    const ctx = createExecutionContext();
    const served = await app.fetch(new Request(`http://localhost${url}`), env as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses an SVG with a DOCTYPE, a file that is no image, and a logo too large; a viewer cannot upload', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const doctype = await upload(owner, 'login', 'x.svg', '<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>', 'image/svg+xml');
    expect(doctype.status).toBe(400);
    expect(doctype.body.error_codes?.file ?? doctype.body.file).toBeDefined();
    expect((await upload(owner, 'login', 'x.png', '<html><script>alert(1)</script></html>', 'image/png')).status).toBe(400);
    const big = new Uint8Array(300 * 1024);
    big.set(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'));
    expect((await upload(owner, 'login', 'big.svg', big, 'image/svg+xml')).status).toBe(413);
    expect((await upload(owner, 'nowhere', 'x.png', png, 'image/png')).status).toBe(400);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await upload(viewer, 'login', 'x.png', png, 'image/png')).body.code).toBe('roleRequired');
  });
});
