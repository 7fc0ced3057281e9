// The /app/account form actions (src/edge/pages/forms/account.ts) with the embedded client: post/redirect/get
// with a one-time flash message, sections shown again with the input and a message per field, and
// every message in the page language (Spanish on acme), whether the page's schema or the API refused.
import { env } from 'cloudflare:workers';
import type { AstroCookies } from 'astro';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { embeddedClient } from '../../src/edge/client';
import { handleAccountPost, takeFlash, type AccountFormState } from '../../src/edge/pages/forms/account';
import { forgetTenants } from '../../src/edge/tenant';
import type { Language } from '../../src/lib/i18n';
import { pngBytes, token, type Who } from './profile-fixtures';

let sam: Who;
beforeAll(async () => {
  sam = await token('acme.localhost', 'sam@acme.test');
});
beforeEach(() => forgetTenants());

function localsFor(who: Who, lang: Language = 'es') {
  const svc: ServiceContext = {
    env, db: env.DB, origin: `http://${who.host}`, host: who.host, tenantCompanyId: 'acme',
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
  const sessions: unknown[] = [];
  const locals = {
    requestContext: { lang },
    client: embeddedClient({ svc, session: { userId: who.userId, ambassadorUid: who.uid, token: who.token } }),
    setSession: (s: unknown) => sessions.push(s),
  } as unknown as App.Locals;
  return { locals, sessions };
}

function post(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request('http://acme.localhost/app/account', { method: 'POST', body });
}

/** The flash cookie of a 303, read back the way the next GET reads it. */
function flashOf(res: Response, lang: Language) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('profile_flash='))!;
  const value = cookie.slice('profile_flash='.length).split(';')[0]!;
  let deleted = false;
  const cookies = { get: () => ({ value }), delete: () => { deleted = true; } } as unknown as AstroCookies;
  const flash = takeFlash(cookies, lang);
  expect(deleted).toBe(true);
  return { flash, stored: JSON.parse(decodeURIComponent(value)) as { message: string } };
}

const asState = (outcome: Response | AccountFormState) => {
  expect(outcome).not.toBeInstanceOf(Response);
  return outcome as AccountFormState;
};
const asResponse = (outcome: Response | AccountFormState) => {
  expect(outcome).toBeInstanceOf(Response);
  return outcome as Response;
};

describe('a profile section', () => {
  it('saves, then 303s back to the section with the message as a key, shown in the page language', async () => {
    const { locals } = localsFor(sam);
    const res = asResponse(await handleAccountPost(locals, post({ _action: 'personal', first_name: 'Sam', last_name: 'Summit', city: 'Lyon' })));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app/account#personal');
    const { flash, stored } = flashOf(res, 'es');
    expect(stored.message).toBe('accountChangesSaved');
    expect(flash).toEqual({ kind: 'ok', section: 'personal', text: 'Tu cuenta se ha actualizado.' });
    const row = await env.DB.prepare("SELECT city FROM ambassadors WHERE uid = 'amb-sam'").first<{ city: string }>();
    expect(row?.city).toBe('Lyon');
  });

  it('shows a field the page refuses again, with the input and the message in Spanish', async () => {
    const { locals } = localsFor(sam);
    const state = asState(await handleAccountPost(locals, post({ _action: 'additional', username: '', facebook_url: 'javascript:alert(1)' })));
    expect(state.failed).toEqual({
      section: 'additional',
      formError: 'No se pudieron guardar tus cambios. Vuelve a intentarlo dentro de unos minutos.',
      fieldErrors: { facebook_url: 'Escribe una dirección web completa, por ejemplo https://example.com.' },
      submitted: { username: '', facebook_url: 'javascript:alert(1)' },
    });
  });

  it('shows a field the API refuses in the page language too', async () => {
    const spanish = asState(await handleAccountPost(localsFor(sam).locals, post({ _action: 'additional', username: 'Alex' })));
    expect(spanish.failed?.fieldErrors).toEqual({ username: 'Este nombre de usuario ya está en uso. Elige otro.' });
    const english = asState(await handleAccountPost(localsFor(sam, 'en').locals, post({ _action: 'payment', payout_preference: 'nope-99' })));
    expect(english.failed?.fieldErrors).toEqual({ payout_preference: 'This field is invalid.' });
  });

  it('sends only the fields its form has (a field it does not show is left alone)', async () => {
    await env.DB.prepare("UPDATE ambassadors SET paypal_email = 'keep@acme.test' WHERE uid = 'amb-sam'").run();
    asResponse(await handleAccountPost(localsFor(sam).locals, post({ _action: 'payment', dwolla_email: 'sam.d@acme.test' })));
    const row = await env.DB.prepare("SELECT paypal_email, dwolla_email FROM ambassadors WHERE uid = 'amb-sam'").first();
    expect(row).toEqual({ paypal_email: 'keep@acme.test', dwolla_email: 'sam.d@acme.test' });
  });

  it('stores the language and sets the language cookie', async () => {
    const res = asResponse(await handleAccountPost(localsFor(sam).locals, post({ _action: 'language', language: 'fr' })));
    expect(res.headers.get('location')).toBe('/app/account#language');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('language=fr;') && c.includes('Path=/'))).toBe(true);
    expect(await env.DB.prepare("SELECT language FROM ambassadors WHERE uid = 'amb-sam'").first('language')).toBe('fr');
  });
});

describe('the other sections', () => {
  it('saves the notification boxes (an unchecked box is off)', async () => {
    const res = asResponse(await handleAccountPost(localsFor(sam).locals, post({ _action: 'notifications', commission_approved: 'on' })));
    expect(res.headers.get('location')).toBe('/app/account#notifications');
    expect(await localsFor(sam).locals.client.notifications()).toEqual({
      earn_pending_commission: false, commission_approved: true, commission_denied: false, payout_fulfilled: false, unsubscribe_all: false,
    });
  });

  it('refuses an avatar that is not an image in Spanish, and asks for a file when none was chosen', async () => {
    const fake = asState(await handleAccountPost(localsFor(sam).locals, post({ _action: 'avatar', avatar: new File(['<svg/>'], 'a.png', { type: 'image/png' }) })));
    expect(fake.failed).toMatchObject({ section: 'avatar', formError: 'Este tipo de archivo no se puede usar. Elige una imagen PNG, JPEG o WebP.', fieldErrors: { avatar: 'Este tipo de archivo no se puede usar. Elige una imagen PNG, JPEG o WebP.' } });
    const none = asState(await handleAccountPost(localsFor(sam).locals, post({ _action: 'avatar' })));
    expect(none.failed?.fieldErrors.avatar).toBe('Elige una imagen para recortar.');
    const ok = asResponse(await handleAccountPost(localsFor(sam).locals, post({ _action: 'avatar', avatar: new File([pngBytes(64, 64)], 'me.png', { type: 'image/png' }) })));
    expect(flashOf(ok, 'es').stored.message).toBe('avatarSaved');
  });

  it('asks before a status change, then changes it', async () => {
    const { locals } = localsFor(sam);
    expect(asState(await handleAccountPost(locals, post({ _action: 'deactivate', confirmed: '' })))).toEqual({ failed: null, confirmStep: 'deactivate' });
    const res = asResponse(await handleAccountPost(locals, post({ _action: 'deactivate', confirmed: 'yes' })));
    expect(res.headers.get('location')).toBe('/app/account#status');
    expect(await env.DB.prepare("SELECT deactivated_by_self FROM ambassadors WHERE uid = 'amb-sam'").first('deactivated_by_self')).toBe(1);
    asResponse(await handleAccountPost(locals, post({ _action: 'reactivate', confirmed: 'yes' })));
    expect(await env.DB.prepare("SELECT deactivated_by_self FROM ambassadors WHERE uid = 'amb-sam'").first('deactivated_by_self')).toBe(0);
  });

  it('ends the session and goes to /login when the API no longer knows it', async () => {
    const { locals, sessions } = localsFor({ ...sam, token: 'y'.repeat(40) });
    const res = asResponse(await handleAccountPost(locals, post({ _action: 'personal', city: 'Paris' })));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(sessions).toEqual([null]);
  });

  it('shows an unknown action as a failed personal section', async () => {
    const state = asState(await handleAccountPost(localsFor(sam).locals, post({ _action: 'explode' })));
    expect(state.failed).toMatchObject({ section: 'personal', formError: 'No se pudieron guardar tus cambios. Vuelve a intentarlo dentro de unos minutos.' });
  });
});
