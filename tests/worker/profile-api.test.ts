// Profile and settings API: PATCH /portal/ambassadors/{id}/ (JSON and multipart avatar), notifications,
// account status; ids of other ambassadors and companies are refused.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { localizeErrorBody } from '../../src/lib/error-body';
import { edge } from './helpers';
import { avatarForm, call, jpegBytes, passwordLogin, pngBytes, token, webpBytes, type Who } from './profile-fixtures';

let ava: Who;
let ben: Who;
let alex: Who;

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

const profilePath = (who: Who) => `/portal/ambassadors/${who.uid}/`;

describe('editing the profile', () => {
  it('saves personal information, social links, custom fields, payout details and language', async () => {
    const res = await call(ava, 'PATCH', profilePath(ava), {
      phone: '+1 (415) 555-0199', company: 'Ava Studio', job_title: 'Editor', street: '1 Main St', city: 'Oakland',
      state: 'CA', zip: '94607', country: 'US', date_of_birth: '1990-02-28', custom1: 'L',
      facebook_url: 'https://facebook.com/ava', twitter_url: '', payout_preference: '2',
      paypal_email: 'Ava.Pay@Demo.test', dwolla_email: 'ava.dwolla@demo.test', language: 'es', first_name: 'Ava ', last_name: 'Artist',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      phone: '+1 (415) 555-0199', company: 'Ava Studio', job_title: 'Editor', city: 'Oakland', date_of_birth: '1990-02-28',
      custom1: 'L', facebook_url: 'https://facebook.com/ava', twitter_url: null, payout_preference: '2',
      payout_preference_name: 'Dwolla', paypal_email: 'ava.pay@demo.test', language: 'es', first_name: 'Ava', last_name: 'Artist',
    });
    const again = await call(ava, 'GET', profilePath(ava));
    expect(again.body.city).toBe('Oakland');
  });

  it('clears an optional field sent empty and leaves the others alone', async () => {
    const res = await call(ava, 'PATCH', profilePath(ava), { job_title: '' });
    expect(res.status).toBe(200);
    expect(res.body.job_title).toBeNull();
    expect(res.body.city).toBe('Oakland');
  });

  it('changes the username, which drives the memorable URL', async () => {
    const res = await call(ava, 'PATCH', profilePath(ava), { username: 'Ava-Makes' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('Ava-Makes');
    expect(res.body.memorable_url).toBe('http://localhost/Ava-Makes');
    // Saving one's own username again is not a clash.
    expect((await call(ava, 'PATCH', profilePath(ava), { username: 'ava-makes' })).status).toBe(200);
  });

  it.each([
    ['paypal_email', 'not-an-email', 'Enter a valid e-mail address.', 'invalidEmail'],
    ['dwolla_email', 'a@b', 'Enter a valid e-mail address.', 'invalidEmail'],
    ['facebook_url', 'javascript:alert(1)', 'Enter a full web address, for example https://example.com.', 'invalidUrl'],
    ['linkedin_url', 'ftp://example.com/x', 'Enter a full web address, for example https://example.com.', 'invalidUrl'],
    ['pinterest_url', '/relative/path', 'Enter a full web address, for example https://example.com.', 'invalidUrl'],
    ['date_of_birth', '1990-02-30', 'Enter a valid date (YYYY-MM-DD).', 'invalidDate'],
    ['date_of_birth', '2999-01-01', 'Enter a valid date (YYYY-MM-DD).', 'invalidDate'],
    ['phone', 'call me maybe', 'Enter a valid phone number.', 'invalidPhone'],
    ['username', 'has space', expect.stringContaining('Use 1 to 40'), 'usernameInvalid'],
    ['username', 'a/b', expect.stringContaining('Use 1 to 40'), 'usernameInvalid'],
    ['username', 'x'.repeat(41), expect.stringContaining('Use 1 to 40'), 'usernameInvalid'],
    ['username', 'login', 'This username is reserved. Please choose another.', 'usernameReserved'],
    ['username', 'MEDIA', 'This username is reserved. Please choose another.', 'usernameReserved'],
    ['username', 'creator-corner', 'This username is reserved. Please choose another.', 'usernameReserved'],
    ['language', 'xx', 'This field is invalid.', 'invalidField'],
    ['payout_preference', '7', 'This field is invalid.', 'invalidField'],
    ['custom2', 'not enabled for demo', 'This field is not enabled.', 'customFieldDisabled'],
    ['email', 'new@demo.test', 'This field cannot be changed.', 'unknownField'],
    ['first_name', '', 'This field is required.', 'required'],
    ['city', 'x'.repeat(101), 'At most 100 characters.', 'maxChars100'],
    ['first_name', 5, 'This field is invalid.', 'invalidField'],
    ['city', { nested: true }, 'This field is invalid.', 'invalidField'],
    ['payout_preference', [], 'This field is invalid.', 'invalidField'],
  ])('refuses %s = %j with a 400 naming the field, with English text and the message key', async (field, value, message, code) => {
    const res = await call(ava, 'PATCH', profilePath(ava), { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ [field]: [message], error_codes: { [field]: [{ code }] } });
  });

  it('refuses a username another ambassador of the company has, in any letter case', async () => {
    for (const username of ['ben', 'BEN', 'Ben']) {
      const res = await call(ava, 'PATCH', profilePath(ava), { username });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ username: ['This username is already taken. Please choose another.'], error_codes: { username: [{ code: 'usernameTaken' }] } });
    }
  });

  it('lets the same username exist in another company', async () => {
    const res = await call(alex, 'PATCH', profilePath(alex), { username: 'ben' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('ben');
  });

  it('answers with English text and message keys whatever language the caller asks for; the key renders in any language', async () => {
    const res = await edge().fetch(`http://localhost/v1${profilePath(ava)}`, {
      method: 'PATCH', body: JSON.stringify({ paypal_email: 'nope' }),
      headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/json', 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ paypal_email: ['Enter a valid e-mail address.'], error_codes: { paypal_email: [{ code: 'invalidEmail' }] } });
    expect(localizeErrorBody(body, 'es').fields).toEqual({ paypal_email: 'Introduce una dirección de correo electrónico válida.' });
  });

  it('refuses a body that is not a JSON object with a keyed detail', async () => {
    for (const [body, code, detail] of [
      ['[1, 2]', 'jsonObjectRequired', 'The request body must be a JSON object.'],
      ['{not json', 'invalidJson', 'The request body is not valid JSON.'],
    ] as const) {
      const res = await edge().fetch(`http://localhost/v1${profilePath(ava)}`, {
        method: 'PATCH', body, headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail, code });
    }
  });

  it("refuses another ambassador's or another company's id with a 404", async () => {
    for (const path of [profilePath(ben), profilePath(alex), '/portal/ambassadors/amb-nobody/']) {
      const res = await call(ava, 'PATCH', path, { city: 'Hacked' });
      expect(res.status).toBe(404);
    }
    const benNow = await env.DB.prepare("SELECT city FROM ambassadors WHERE uid = 'amb-ben'").first<{ city: string }>();
    expect(benNow?.city).toBe('Austin');
  });

  it('needs a token', async () => {
    const res = await edge().fetch(`http://localhost/v1${profilePath(ava)}`, { method: 'PATCH', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  it('works through the browser API with the cookie session', async () => {
    const cookie = `__Host-portal_session=${ben.userId}.${ben.uid}.${ben.token}`;
    const res = await edge().fetch(`http://localhost/api/portal/ambassadors/${ben.uid}/`, {
      method: 'PATCH', headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ city: 'Dallas' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).city).toBe('Dallas');
    const foreign = await edge().fetch(`http://localhost/api/portal/ambassadors/${ben.uid}/`, {
      method: 'PATCH', headers: { cookie, origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}',
    });
    expect(foreign.status).toBe(403);
  });
});

describe('the avatar upload', () => {
  it('stores a PNG in R2 under the company and ambassador, replaces the old one and returns its URL', async () => {
    await env.FILES.put('avatars/demo/amb-ava/avatar.png', pngBytes(160, 160), { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare("UPDATE ambassadors SET avatar_key = 'avatars/demo/amb-ava/avatar.png' WHERE uid = 'amb-ava'").run();
    const res = await call(ava, 'PATCH', profilePath(ava), avatarForm(pngBytes(250, 250)));
    expect(res.status).toBe(200);
    expect(res.body.avatar_url).toMatch(/^\/media\/avatars\/demo\/amb-ava\/[0-9a-f]{24}\.png$/);
    const key = res.body.avatar_url.replace('/media/', '');
    const stored = await env.FILES.get(key);
    expect(stored?.httpMetadata?.contentType).toBe('image/png');
    await stored?.arrayBuffer();
    expect(await env.FILES.head('avatars/demo/amb-ava/avatar.png')).toBeNull();
    const row = await env.DB.prepare("SELECT avatar_key FROM ambassadors WHERE uid = 'amb-ava'").first<{ avatar_key: string }>();
    expect(row?.avatar_key).toBe(key);
  });

  it('accepts JPEG and WebP by their bytes and names the file after the real type', async () => {
    const jpeg = await call(ava, 'PATCH', profilePath(ava), avatarForm(jpegBytes(640, 480), 'photo.png', 'image/png'));
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.avatar_url).toMatch(/\.jpg$/);
    const webp = await call(ava, 'PATCH', profilePath(ava), avatarForm(webpBytes(300, 200), 'avatar.png'));
    expect(webp.status).toBe(200);
    expect(webp.body.avatar_url).toMatch(/\.webp$/);
  });

  it('saves profile fields sent beside the file', async () => {
    const res = await call(ava, 'PATCH', profilePath(ava), avatarForm(pngBytes(100, 100), 'avatar.png', 'image/png', { city: 'Berkeley' }));
    expect(res.status).toBe(200);
    expect(res.body.city).toBe('Berkeley');
  });

  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="100" height="100"></svg>');
  it.each([
    ['an oversize file', () => avatarForm(pngBytes(250, 250, 2 * 1024 * 1024)), 'The image is too large (2 MB at most).', 'imageTooLarge'],
    ['a fake PNG (text with a .png name and type)', () => avatarForm(new TextEncoder().encode('hello, I am not a picture at all')), 'This file type cannot be used. Choose a PNG, JPEG or WebP image.', 'invalidFileType'],
    ['an SVG', () => avatarForm(svg, 'avatar.svg', 'image/svg+xml'), 'This file type cannot be used. Choose a PNG, JPEG or WebP image.', 'invalidFileType'],
    ['an SVG named avatar.png', () => avatarForm(svg), 'This file type cannot be used. Choose a PNG, JPEG or WebP image.', 'invalidFileType'],
    ['a GIF', () => avatarForm(new TextEncoder().encode('GIF89a\x10\x00\x10\x00'), 'a.gif', 'image/gif'), 'This file type cannot be used. Choose a PNG, JPEG or WebP image.', 'invalidFileType'],
    ['a PNG over 4096 pixels wide', () => avatarForm(pngBytes(5000, 100)), 'The image is too large (4096 × 4096 pixels at most).', 'imageDimensionsTooLarge'],
    ['a JPEG over 4096 pixels high', () => avatarForm(jpegBytes(100, 4097), 'a.jpg', 'image/jpeg'), 'The image is too large (4096 × 4096 pixels at most).', 'imageDimensionsTooLarge'],
    ['a tiny image', () => avatarForm(pngBytes(8, 8)), 'The image is too small (16 × 16 pixels at least).', 'imageDimensionsTooSmall'],
    ['a truncated PNG', () => avatarForm(pngBytes(1, 1).slice(0, 12)), 'The image could not be read. Choose another PNG, JPEG or WebP file.', 'imageUnreadable'],
    ['a text value in the file field', () => { const f = new FormData(); f.append('avatar', 'data:image/png;base64,AAAA'); return f; }, 'This file type cannot be used. Choose a PNG, JPEG or WebP image.', 'invalidFileType'],
  ])('refuses %s with a clear 400 and stores nothing', async (_name, make, message, code) => {
    const before = (await env.FILES.list({ prefix: 'avatars/demo/amb-ava/' })).objects.length;
    const keyBefore = await env.DB.prepare("SELECT avatar_key FROM ambassadors WHERE uid = 'amb-ava'").first();
    const res = await call(ava, 'PATCH', profilePath(ava), make());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ avatar: [message], error_codes: { avatar: [{ code }] } });
    expect((await env.FILES.list({ prefix: 'avatars/demo/amb-ava/' })).objects.length).toBe(before);
    expect(await env.DB.prepare("SELECT avatar_key FROM ambassadors WHERE uid = 'amb-ava'").first()).toEqual(keyBefore);
  });

  it('stores nothing when a field beside the file is invalid', async () => {
    const before = (await env.FILES.list({ prefix: 'avatars/demo/amb-ava/' })).objects.length;
    const res = await call(ava, 'PATCH', profilePath(ava), avatarForm(pngBytes(100, 100), 'avatar.png', 'image/png', { username: 'ben' }));
    expect(res.status).toBe(400);
    expect((await env.FILES.list({ prefix: 'avatars/demo/amb-ava/' })).objects.length).toBe(before);
  });
});

describe('notification settings', () => {
  it('reads the options of spec §3', async () => {
    const res = await call(ben, 'GET', `/ambassadors/${ben.uid}/notifications/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      earn_pending_commission: false, commission_approved: true, commission_denied: true, payout_fulfilled: true, unsubscribe_all: false,
    });
  });

  it('changes some options and answers with the whole set', async () => {
    const res = await call(ben, 'PATCH', `/ambassadors/${ben.uid}/notifications/`, { earn_pending_commission: true, payout_fulfilled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      earn_pending_commission: true, commission_approved: true, commission_denied: true, payout_fulfilled: false, unsubscribe_all: false,
    });
    expect((await call(ben, 'GET', `/ambassadors/${ben.uid}/notifications/`)).body.payout_fulfilled).toBe(false);
  });

  it('gives defaults to an ambassador without a settings row and creates it on the first change', async () => {
    await env.DB.prepare("DELETE FROM notification_settings WHERE ambassador_uid = 'amb-ben'").run();
    expect((await call(ben, 'GET', `/ambassadors/${ben.uid}/notifications/`)).body.commission_denied).toBe(true);
    const res = await call(ben, 'PATCH', `/ambassadors/${ben.uid}/notifications/`, { unsubscribe_all: true });
    expect(res.body.unsubscribe_all).toBe(true);
  });

  it('refuses bad values, unknown options and others\' ids', async () => {
    expect(await call(ben, 'PATCH', `/ambassadors/${ben.uid}/notifications/`, { payout_fulfilled: 'maybe' }))
      .toEqual({ status: 400, body: { payout_fulfilled: ['This field is invalid.'], error_codes: { payout_fulfilled: [{ code: 'invalidField' }] } } });
    expect(await call(ben, 'PATCH', `/ambassadors/${ben.uid}/notifications/`, { sms: true }))
      .toEqual({ status: 400, body: { sms: ['This field cannot be changed.'], error_codes: { sms: [{ code: 'unknownField' }] } } });
    expect((await call(ben, 'GET', `/ambassadors/${ava.uid}/notifications/`)).status).toBe(404);
    expect((await call(ben, 'PATCH', `/ambassadors/${alex.uid}/notifications/`, { payout_fulfilled: false })).status).toBe(404);
  });
});

describe('deactivating and reactivating', () => {
  it('deactivates, still lets the person log in, and reactivates', { timeout: 60_000 }, async () => {
    const off = await call(ben, 'PATCH', `/ambassadors/${ben.uid}/active/`, { deactivated_by_self: true });
    expect(off).toEqual({ status: 200, body: { uid: ben.uid, deactivated_by_self: true, is_active: false } });
    expect((await call(ben, 'GET', profilePath(ben))).body.deactivated_by_self).toBe(true);
    const again = await passwordLogin('localhost', 'ben@demo.test');
    const on = await call(again, 'PATCH', `/ambassadors/${ben.uid}/active/`, { deactivated_by_self: false });
    expect(on.body).toEqual({ uid: ben.uid, deactivated_by_self: false, is_active: true });
    expect((await call(ben, 'GET', profilePath(ben))).body.deactivated_by_self).toBe(false);
  });

  it('refuses a missing or bad flag and others\' ids', async () => {
    expect((await call(ben, 'PATCH', `/ambassadors/${ben.uid}/active/`, {})).status).toBe(400);
    expect((await call(ben, 'PATCH', `/ambassadors/${ben.uid}/active/`, { deactivated_by_self: 'yes' })).status).toBe(400);
    expect((await call(ben, 'PATCH', `/ambassadors/${ava.uid}/active/`, { deactivated_by_self: true })).status).toBe(404);
    expect((await call(alex, 'PATCH', `/ambassadors/${ben.uid}/active/`, { deactivated_by_self: true })).status).toBe(404);
    const row = await env.DB.prepare("SELECT deactivated_by_self FROM ambassadors WHERE uid = 'amb-ava'").first();
    expect(row).toEqual({ deactivated_by_self: 0 });
  });
});
