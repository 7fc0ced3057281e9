// Outgoing webhooks: a company registers endpoints with its key, every event it subscribes to
// reaches them signed the Standard Webhooks way (verifiable with the secret shown once), URLs that point
// inside a network are refused, and one company never sees or touches another's endpoints or deliveries.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { verifyWebhook } from '../../src/api/webhooks/signing';
import { KEYS, conversion } from './operator-fixtures';
import { call, consume, deliveriesTo, envWith, forgetWebhooks, hookUrl, receivers, recordingQueue } from './webhooks-fixtures';

afterEach(async () => {
  setWebhookFetch(null);
  await forgetWebhooks();
});

const queue = recordingQueue();
const portal = envWith(queue.binding);
const demo = (method: string, path: string, body?: unknown) => call(portal, KEYS.demo, method, path, body);
const acme = (method: string, path: string, body?: unknown) => call(portal, KEYS.acme, method, path, body);

async function register(body: Record<string, unknown> = {}) {
  const res = await demo('POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.created'], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { endpoint: Record<string, any>; secret: string };
}

/** HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's key, computed here without the portal's code. */
async function expectedSignature(secret: string, id: string, timestamp: string, body: string) {
  const raw = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

describe('webhook endpoints', () => {
  it('registers an endpoint and shows its secret once: never in a list or a read', async () => {
    const { endpoint, secret } = await register({ description: 'Back office', event_types: ['commission.created', 'payout.created'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ description: 'Back office', event_types: ['commission.created', 'payout.created'], enabled: true });
    expect(endpoint.id).toMatch(/^ep_/);
    const list = await demo('GET', '/webhooks/endpoints');
    expect(list.status).toBe(200);
    expect(list.body.results.map((e: any) => e.id)).toContain(endpoint.id);
    const one = await demo('GET', `/webhooks/endpoints/${endpoint.id}`);
    expect(one.body.endpoint).toEqual(endpoint);
    expect(JSON.stringify([list.body, one.body])).not.toContain(secret);
  });

  it('edits the fields sent and keeps the others; deleting removes it and its log', async () => {
    const { endpoint } = await register({ description: 'before' });
    const patched = await demo('PATCH', `/webhooks/endpoints/${endpoint.id}`, { event_types: ['payout.created'], enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body.endpoint).toMatchObject({ url: endpoint.url, description: 'before', event_types: ['payout.created'], enabled: false });
    const removed = await demo('DELETE', `/webhooks/endpoints/${endpoint.id}`);
    expect(removed.body).toEqual({ id: endpoint.id, deleted: true });
    expect((await demo('GET', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
  });

  it('names each invalid field: unknown event type, no event types, a field it does not know', async () => {
    const res = await demo('POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.created', 'order.shipped'], secret: 'mine' });
    expect(res.status).toBe(400);
    expect(res.body['event_types.1'][0]).toContain('commission.created');
    expect(JSON.stringify(res.body)).toContain('secret');
    const empty = await demo('POST', '/webhooks/endpoints', { url: hookUrl(), event_types: [] });
    expect(empty.body.event_types).toEqual(['Subscribe to at least one event type.']);
  });

  it('rotates the secret: the new one is shown once and both sign until the old one lapses', async () => {
    const { endpoint, secret: old } = await register();
    const rotated = await demo('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { previous_secret_hours: 24 });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.endpoint.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const world = receivers();
    await call(portal, KEYS.demo, 'POST', '/events', conversion());
    const [delivery] = await deliveriesTo(endpoint.id);
    await consume([{ company_id: 'demo', delivery_id: delivery!.id }], portal);
    const [req] = world.received;
    expect(req!.headers.get('webhook-signature')!.split(' ')).toHaveLength(2);
    expect(await verifyWebhook(fresh, req!.headers, req!.body)).toBe(true);
    expect(await verifyWebhook(old, req!.headers, req!.body)).toBe(true);

    // previous_secret_hours 0: a leaked secret stops signing at once.
    const again = await demo('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { previous_secret_hours: 0 });
    expect(again.body.endpoint.previous_secret_expires_at).toBeNull();
  });
});

describe('a delivery as the receiver sees it', () => {
  it('is a JSON POST with the three headers, verifiable with the shown secret, by the library and by hand', async () => {
    const { endpoint, secret } = await register();
    const world = receivers();
    const sale = conversion({ revenue: '42.00' });
    const created = await call(portal, KEYS.demo, 'POST', '/events', sale);
    const [delivery] = await deliveriesTo(endpoint.id);
    expect(queue.sent.map((m) => m.body)).toContainEqual({ company_id: 'demo', delivery_id: delivery!.id });

    await consume([{ company_id: 'demo', delivery_id: delivery!.id }], portal);
    expect(world.received).toHaveLength(1);
    const req = world.received[0]!;
    expect(req.url).toBe(endpoint.url);
    expect(req.redirect).toBe('manual');
    expect(req.headers.get('content-type')).toBe('application/json');
    const id = req.headers.get('webhook-id')!;
    const timestamp = req.headers.get('webhook-timestamp')!;
    expect(id).toMatch(/^msg_/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(await verifyWebhook(secret, req.headers, req.body)).toBe(true);
    expect(req.headers.get('webhook-signature')).toBe(await expectedSignature(secret, id, timestamp, req.body));
    // A tampered body or another secret does not verify.
    expect(await verifyWebhook(secret, req.headers, req.body.replace('4200', '9900'))).toBe(false);
    const other = await register();
    expect(await verifyWebhook(other.secret, req.headers, req.body)).toBe(false);

    const payload = JSON.parse(req.body);
    expect(payload).toEqual({ type: 'commission.created', timestamp: expect.any(String), data: { commission: created.body.commission } });
    expect(payload.data.commission).toMatchObject({ transaction_uid: sale.transaction_uid, amount: 420, status: 'pending' });
  });
});

describe('SSRF: URLs a company may not register', () => {
  it.each([
    ['http://hooks.example.com/in', 'https'],
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.0.0.1/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[::ffff:10.1.2.3]/hook', 'private'],
    ['https://10.0.0.8/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://100.64.1.1/hook', 'CGNAT'],
    ['https://224.0.0.5/hook', 'multicast'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://localhost/hook', 'public host name'],
    ['https://billing.localhost/hook', 'internal host name'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'internal host name'],
    ['https://nas.local/hook', 'internal host name'],
    ['https://admin:pw@hooks.example.com/hook', 'user name or password'],
    ['https://hooks.example.com:6379/hook', 'port 6379'],
  ])('refuses %s with a 400 naming why (%s)', async (url, reason) => {
    const res = await demo('POST', '/webhooks/endpoints', { url, event_types: ['commission.created'] });
    expect(res.status).toBe(400);
    expect(res.body.url[0]).toMatch(/^Refused: /);
    expect(res.body.url[0]).toContain(reason);
  });

  it('refuses such a URL on an edit too, and leaves the endpoint as it was', async () => {
    const { endpoint } = await register();
    const res = await demo('PATCH', `/webhooks/endpoints/${endpoint.id}`, { url: 'https://10.0.0.1/x' });
    expect(res.status).toBe(400);
    expect(res.body.url[0]).toContain('private');
    expect((await demo('GET', `/webhooks/endpoints/${endpoint.id}`)).body.endpoint.url).toBe(endpoint.url);
  });

  it('refuses at send time a URL that no longer passes, without a request leaving', async () => {
    const { endpoint } = await register();
    const world = receivers();
    await call(portal, KEYS.demo, 'POST', '/events', conversion());
    // A row written before a stricter rule, or by hand.
    await env.DB.prepare('UPDATE webhook_endpoints SET url = ? WHERE id = ?').bind('https://169.254.169.254/latest', endpoint.id).run();
    const [delivery] = await deliveriesTo(endpoint.id);
    const result = await consume([{ company_id: 'demo', delivery_id: delivery!.id }], portal);
    expect(result.explicitAcks).toEqual(result.ids);
    expect(world.received).toHaveLength(0);
    const [after] = await deliveriesTo(endpoint.id);
    expect(after).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(after!.last_error).toContain('link-local');
  });
});

describe('tenant isolation', () => {
  it("a company cannot read, edit, delete, rotate, list the log of or replay another company's endpoints and deliveries", async () => {
    const { endpoint } = await register();
    receivers();
    await call(portal, KEYS.demo, 'POST', '/events', conversion());
    const [delivery] = await deliveriesTo(endpoint.id);
    const attempts = [
      await acme('GET', `/webhooks/endpoints/${endpoint.id}`),
      await acme('PATCH', `/webhooks/endpoints/${endpoint.id}`, { enabled: false }),
      await acme('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, {}),
      await acme('GET', `/webhooks/endpoints/${endpoint.id}/deliveries`),
      await acme('GET', `/webhooks/deliveries/${delivery!.id}`),
      await acme('POST', `/webhooks/deliveries/${delivery!.id}/replay`, {}),
      await acme('DELETE', `/webhooks/endpoints/${endpoint.id}`),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await acme('GET', '/webhooks/endpoints')).body.results.map((e: any) => e.id)).not.toContain(endpoint.id);
    // Nothing changed for its owner.
    expect((await demo('GET', `/webhooks/endpoints/${endpoint.id}`)).body.endpoint).toMatchObject({ enabled: true });
    expect(await deliveriesTo(endpoint.id)).toHaveLength(1);
  });

  it("a company's events never reach another company's endpoints", async () => {
    const { endpoint } = await register();
    await call(portal, KEYS.acme, 'POST', '/events', conversion({ campaign_uid: 'cmp-acme-summit', short_code: 'alex-summit' }));
    expect(await deliveriesTo(endpoint.id)).toHaveLength(0);
  });
});
