// bodyLimit (src/api/core/body-limit.ts): an oversized body gets a 413 (JSON on /api and /v1, a short HTML
// page elsewhere) without the app reading it into memory, and every body the app leaves unread is
// drained before the answer, so that `wrangler dev`'s proxy delivers the 413 instead of "Network
// connection lost" (a 500). Runs on a tiny Hono app, not the portal.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit, TOO_LARGE } from '../../src/api/core/body-limit';

const LIMIT = 1000;

/** A streamed body of `chunks` chunks of `size` bytes (no Content-Length), recording how it was read. */
function streamed(chunks: number, size: number) {
  const seen = { pulled: 0, canceled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(seen.pulled % 256));
    },
    cancel() {
      seen.canceled = true;
    },
  });
  return { body, seen };
}

function testApp(maxDrainBytes?: number) {
  const calls: string[] = [];
  const app = new Hono();
  app.use(bodyLimit({ maxBytes: LIMIT, maxDrainBytes }));
  // Reads the body and answers with its size.
  app.all('/api/echo', async (c) => {
    calls.push('echo');
    return c.json({ bytes: (await c.req.arrayBuffer()).byteLength });
  });
  app.all('/v1/echo', async (c) => {
    calls.push('v1');
    return c.json({ bytes: (await c.req.arrayBuffer()).byteLength });
  });
  // Answers without reading the body (like the API refusing an avatar by its Content-Length).
  app.all('/api/ignore', (c) => {
    calls.push('ignore');
    return c.json({ detail: 'refused early' }, 400);
  });
  app.all('/app/account', async (c) => {
    calls.push('page');
    const form = await c.req.formData();
    return c.text(`fields:${[...form.keys()].join(',')}`);
  });
  return { app, calls };
}

describe('a body with a Content-Length over the limit', () => {
  it('gets a JSON 413 on /api, and the handler never runs', async () => {
    const { app, calls } = testApp();
    const res = await app.request('/api/echo', {
      method: 'PATCH',
      headers: { 'content-length': String(LIMIT + 1) },
      body: 'x'.repeat(LIMIT + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ detail: 'The request is too large. Send less at once, for example a smaller file.', code: 'requestTooLarge' });
    expect(calls).toEqual([]);
  });

  it('gets a JSON 413 on /v1 too', async () => {
    const { app, calls } = testApp();
    const res = await app.request('/v1/echo', { method: 'POST', headers: { 'content-length': '5000' }, body: 'y'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(calls).toEqual([]);
  });

  it('gets a short HTML 413 on a page (the no-JS form post)', async () => {
    const { app, calls } = testApp();
    const form = new FormData();
    form.set('_action', 'avatar');
    form.set('avatar', new File([new Uint8Array(LIMIT * 3)], 'big.png', { type: 'image/png' }));
    const body = await new Response(form).arrayBuffer();
    const type = new Response(form).headers.get('content-type')!;
    const res = await app.request('/app/account', {
      method: 'POST',
      headers: { 'content-type': type, 'content-length': String(body.byteLength) },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('The request is too large.');
    expect(html.length).toBeLessThan(400);
    expect(calls).toEqual([]);
  });

  it('is drained (read to the end) before the 413 goes out', async () => {
    const { app } = testApp();
    const { body, seen } = streamed(20, 100);
    const res = await app.request('/api/echo', { method: 'PATCH', headers: { 'content-length': '2000' }, body });
    expect(res.status).toBe(413);
    expect(seen.pulled).toBe(20);
    expect(seen.canceled).toBe(false);
  });

  it('is cancelled instead of drained when it is over maxDrainBytes', async () => {
    const { app } = testApp(10_000);
    const { body, seen } = streamed(200, 100);
    const res = await app.request('/api/echo', { method: 'PATCH', headers: { 'content-length': '20000' }, body });
    expect(res.status).toBe(413);
    expect(seen.pulled).toBeLessThan(5);
    expect(seen.canceled).toBe(true);
  });
});

describe('a streamed body without a Content-Length', () => {
  it('over the limit gets a 413, is drained, and the handler never runs', async () => {
    const { app, calls } = testApp();
    const { body, seen } = streamed(30, 100);
    const res = await app.request('/api/echo', { method: 'PATCH', body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(calls).toEqual([]);
    expect(seen.pulled).toBe(30);
  });

  it('over the limit on a page gets the HTML 413', async () => {
    const { app } = testApp();
    const { body } = streamed(11, 100);
    const res = await app.request('/app/account', { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('The request is too large.');
  });

  it('stops reading past maxDrainBytes and cancels the rest', async () => {
    const { app } = testApp(5000);
    const { body, seen } = streamed(1000, 100);
    const res = await app.request('/api/echo', { method: 'PATCH', body });
    expect(res.status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(52);
    expect(seen.canceled).toBe(true);
  });

  it('within the limit reaches the handler whole', async () => {
    const { app, calls } = testApp();
    const { body } = streamed(10, 100); // exactly the limit
    const res = await app.request('/api/echo', { method: 'PATCH', body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 1000 });
    expect(calls).toEqual(['echo']);
  });

  it('within the limit keeps its bytes and content type (a multipart form)', async () => {
    const { app } = testApp();
    const form = new FormData();
    form.set('_action', 'avatar');
    form.set('avatar', new File([new Uint8Array(300).fill(7)], 'a.png', { type: 'image/png' }));
    const encoded = new Response(form);
    const res = await app.request('/app/account', {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('fields:_action,avatar');
  });
});

describe('bodies within the limit', () => {
  it('with a Content-Length pass through untouched', async () => {
    const { app, calls } = testApp();
    const res = await app.request('/api/echo', { method: 'POST', headers: { 'content-length': String(LIMIT) }, body: 'z'.repeat(LIMIT) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: LIMIT });
    expect(calls).toEqual(['echo']);
  });

  it('a GET without a body passes', async () => {
    const { app, calls } = testApp();
    const res = await app.request('/api/echo');
    expect(res.status).toBe(200);
    expect(calls).toEqual(['echo']);
  });

  it('left unread by the handler are drained before its answer goes out', async () => {
    const { app, calls } = testApp();
    const { body, seen } = streamed(8, 100);
    const res = await app.request('/api/ignore', { method: 'PATCH', headers: { 'content-length': '800' }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'refused early' });
    expect(calls).toEqual(['ignore']);
    expect(seen.pulled).toBe(8);
  });
});
