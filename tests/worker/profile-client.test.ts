// The profile area of the typed client: the embedded implementation (services called in-process with
// the caller verified once) and the remote one (HTTP to the API) give the same answers and the same
// keyed errors; a page that asks for the profile and the notification settings costs 2 D1 round trips.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchingD1, type D1Meter } from '../../src/api/core/batching-d1';
import type { ServiceContext } from '../../src/api/core/types';
import { ClientError, embeddedClient, remoteClient, type AmbassadorClient } from '../../src/edge/client';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { pngBytes, token, type Who } from './profile-fixtures';

let sam: Who;
let alex: Who;

beforeAll(async () => {
  sam = await token('acme.localhost', 'sam@acme.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

function svcFor(host: string, db: D1Database = env.DB): ServiceContext {
  return {
    env: { ...env, DB: db }, db, origin: `http://${host}`, host, tenantCompanyId: 'acme',
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
}

const embeddedFor = (who: Who, db?: D1Database) =>
  embeddedClient({ svc: svcFor(who.host, db), session: { userId: who.userId, ambassadorUid: who.uid, token: who.token } });

/** The remote implementation, its HTTP going to this Worker's /v1 (a second API in all but process). */
function remoteFor(who: Who | null): AmbassadorClient {
  const api = edge();
  return remoteClient({
    baseUrl: 'http://acme.localhost/v1',
    session: who ? { userId: who.userId, ambassadorUid: who.uid, token: who.token } : null,
    headers: { 'x-forwarded-host': 'acme.localhost', 'x-forwarded-proto': 'http', 'x-portal-company': 'acme' },
    fetch: async (request) => {
      const ctx = createExecutionContext();
      const res = await api.app.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    },
  });
}

async function failure(work: Promise<unknown>) {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ClientError);
  return err as ClientError;
}

describe.each([
  ['embedded', (who: Who) => embeddedFor(who) as AmbassadorClient],
  ['remote', (who: Who) => remoteFor(who)],
])('the %s profile client', (_mode, clientFor) => {
  it('reads and changes the notification settings', async () => {
    const client = clientFor(sam);
    const before = await client.notifications();
    expect(Object.keys(before).sort()).toEqual(['commission_approved', 'commission_denied', 'earn_pending_commission', 'payout_fulfilled', 'unsubscribe_all']);
    const after = await client.updateNotifications({ body: { payout_fulfilled: !before.payout_fulfilled } });
    expect(after).toEqual({ ...before, payout_fulfilled: !before.payout_fulfilled });
    expect(await client.notifications()).toEqual(after);
  });

  it('edits the profile and answers with the whole profile', async () => {
    const res = await clientFor(sam).updateProfile({ body: { city: 'Lyon', job_title: '' } });
    expect(res).toMatchObject({ uid: sam.uid, city: 'Lyon', job_title: null, email: 'sam@acme.test' });
  });

  it('refuses bad fields with a ClientError whose body carries the message keys', async () => {
    const err = await failure(clientFor(sam).updateProfile({ body: { facebook_url: 'javascript:alert(1)', username: 'alex' } }));
    expect(err.status).toBe(400);
    expect(err.body).toMatchObject({ error_codes: { facebook_url: [{ code: 'invalidUrl' }] }, facebook_url: ['Enter a full web address, for example https://example.com.'] });
    const taken = await failure(clientFor(sam).updateProfile({ body: { username: 'ALEX' } }));
    expect(taken.body).toEqual({ username: ['This username is already taken. Please choose another.'], error_codes: { username: [{ code: 'usernameTaken' }] } });
  });

  it('uploads an avatar from a Blob and refuses a file that is not an image', async () => {
    const client = clientFor(sam);
    const res = await client.uploadAvatar(new Blob([pngBytes(64, 64)], { type: 'image/png' }), { state: 'Rhône' });
    expect(res.avatar_url).toMatch(/^\/media\/avatars\/acme\/amb-sam\/[0-9a-f]{24}\.png$/);
    expect(res.state).toBe('Rhône');
    const stored = await env.FILES.get(res.avatar_url!.replace('/media/', ''));
    expect(stored?.httpMetadata?.contentType).toBe('image/png');
    await stored?.arrayBuffer();
    const bad = await failure(client.uploadAvatar(new File(['<svg/>'], 'x.png', { type: 'image/png' })));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ avatar: ['This file type cannot be used. Choose a PNG, JPEG or WebP image.'], error_codes: { avatar: [{ code: 'invalidFileType' }] } });
  });

  it('lists the caller as the company\'s ambassador', async () => {
    const res = await clientFor(alex).companyAmbassadors();
    expect(res).toMatchObject({ count: 1, results: [{ uid: alex.uid, userid: alex.userId, email: 'alex@acme.test' }] });
  });

  it('deactivates and reactivates the account; a bad flag is a keyed 400', async () => {
    const client = clientFor(sam);
    expect(await client.setActive({ body: { deactivated_by_self: true } })).toEqual({ uid: sam.uid, deactivated_by_self: true, is_active: false });
    expect(await client.setActive({ body: { deactivated_by_self: 'false' } })).toEqual({ uid: sam.uid, deactivated_by_self: false, is_active: true });
    const err = await failure(client.setActive({ body: { deactivated_by_self: 'yes' as never } }));
    expect(err.body).toMatchObject({ error_codes: { deactivated_by_self: [{ code: 'invalidField' }] } });
  });
});

describe('without a valid session', () => {
  it('answers 401 embedded and remote', async () => {
    const stale = { ...sam, token: 'x'.repeat(40) };
    expect((await failure(embeddedFor(stale).notifications())).status).toBe(401);
    expect((await failure(remoteFor(stale).notifications())).status).toBe(401);
    expect((await failure(remoteFor(null).updateProfile({ body: { city: 'Nowhere' } }))).status).toBe(401);
  });
});

describe('the cost of the account page data', () => {
  it('is one token check and one batch: 2 D1 round trips', async () => {
    const meter: D1Meter = { roundTrips: 0 };
    const client = embeddedFor(alex, batchingD1(env.DB, meter));
    await client.me();
    expect(meter.roundTrips).toBe(1);
    const [profile, notifications] = await Promise.all([client.profile(), client.notifications()]);
    expect(profile.uid).toBe(alex.uid);
    expect(notifications).toHaveProperty('unsubscribe_all');
    expect(meter.roundTrips).toBe(2);
  });
});
