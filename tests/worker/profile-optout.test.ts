// POST /optout/?host= (spec §7): unsubscribe from an e-mailed link without logging in.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';

beforeEach(() => forgetTenants());

async function optout(host: string, body: Record<string, string>, asForm = false) {
  const res = await edge().fetch(`http://${host}/v1/optout/?host=${host}`, {
    method: 'POST',
    headers: { 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: asForm ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const state = (uid: string) => env.DB.prepare(
  `SELECT a.email_preferences, a.deactivated_by_self, n.unsubscribe_all, n.payout_fulfilled
     FROM ambassadors a LEFT JOIN notification_settings n ON n.ambassador_uid = a.uid WHERE a.uid = ?`,
).bind(uid).first();

describe('unsubscribe links', () => {
  it('stops e-mail only: every notification e-mail off, the account stays active', async () => {
    const res = await optout('localhost', { code: 'optout-ava', action: 'stop_email', email_template: 'commission_approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'stop_email', email_preferences: 'stop_email', unsubscribe_all: true, deactivated_by_self: false });
    expect(res.body.detail).toBe('Your e-mail preferences have been saved.');
    expect(await state('amb-ava')).toEqual({ email_preferences: 'stop_email', deactivated_by_self: 0, unsubscribe_all: 1, payout_fulfilled: 1 });
  });

  it('keeps participating: e-mail back on', async () => {
    const res = await optout('localhost', { code: 'optout-ava', action: 'keep_participating' }, true);
    expect(res.status).toBe(200);
    expect(await state('amb-ava')).toEqual({ email_preferences: 'keep_participating', deactivated_by_self: 0, unsubscribe_all: 0, payout_fulfilled: 1 });
  });

  it('stops all participation and e-mail, which deactivates; keep participating undoes it', async () => {
    expect((await optout('acme.localhost', { code: 'optout-sam', action: 'stop_all' })).status).toBe(200);
    expect(await state('amb-sam')).toMatchObject({ email_preferences: 'stop_all', deactivated_by_self: 1, unsubscribe_all: 1 });
    expect((await optout('acme.localhost', { code: 'optout-sam', action: 'keep_participating' })).status).toBe(200);
    expect(await state('amb-sam')).toMatchObject({ email_preferences: 'keep_participating', deactivated_by_self: 0, unsubscribe_all: 0 });
  });

  it('does not reactivate someone who deactivated in the profile', async () => {
    expect((await optout('acme.localhost', { code: 'optout-paused', action: 'keep_participating' })).status).toBe(200);
    expect(await state('amb-paused')).toMatchObject({ deactivated_by_self: 1 });
  });

  it('changes nothing for an unknown code, or a code of another company', async () => {
    const before = await state('amb-alex');
    for (const [host, code] of [['localhost', 'optout-nobody'], ['localhost', 'optout-alex'], ['acme.localhost', 'optout-ava']] as const) {
      const res = await optout(host, { code, action: 'stop_all' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: ['This unsubscribe link is not valid. Please use the link from your latest e-mail.'],
        error_codes: { code: [{ code: 'invalidOptoutCode' }] },
      });
    }
    expect(await state('amb-alex')).toEqual(before);
  });

  it('refuses a missing code, an unknown action and an unknown host', async () => {
    expect(await optout('localhost', { code: '', action: 'stop_all' }))
      .toEqual({ status: 400, body: { code: ['This field is required.'], error_codes: { code: [{ code: 'required' }] } } });
    expect((await optout('localhost', { code: 'optout-ava', action: 'delete_me' })).body)
      .toEqual({ action: ['This field is invalid.'], error_codes: { action: [{ code: 'invalidField' }] } });
    const res = await edge().fetch('http://localhost/v1/optout/?host=nowhere.localhost', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'optout-ava', action: 'stop_all' }),
    });
    expect(res.status).toBe(404);
  });
});
