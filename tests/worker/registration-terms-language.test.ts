// Required terms follow the page language: a company whose default language has no terms but
// whose French texts do asks French readers to accept them, and the API enforces what the page asked;
// a language without terms of its own falls back to the default language's (none here: nothing to accept).
// Regression: the registration call checked the terms of the default language only.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { call, freshIp, newSession, postJson } from './accounts-helpers';

beforeAll(async () => {
  const row = await env.DB.prepare("SELECT settings FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('settings');
  const settings = JSON.parse(row!);
  settings.register.terms_text = '';
  settings.translations.fr.register.terms_text = 'J\'accepte les conditions du programme.';
  delete settings.translations.es.register.terms_text;
  await env.DB.prepare("UPDATE customizations SET settings = ? WHERE company_id = 'demo' AND campaign_id IS NULL").bind(JSON.stringify(settings)).run();
  forgetTenants();
});

async function registerIn(lang: string, email: string, terms: string) {
  const ip = freshIp();
  const session = await newSession('localhost', ip);
  const res = await call('http://localhost/v1/companies/demo/register/', postJson(
    { firstName: 'Rita', lastName: 'Reg', email, country: 'US', terms },
    { 'x-client-session-id': session, 'x-client-request-id': crypto.randomUUID(), 'accept-language': lang },
    { ip },
  ));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('required terms in the page language', () => {
  it('a French registration must accept the French terms', async () => {
    const refused = await registerIn('fr', 'terms.fr@x.test', '');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('acceptTermsRequired');
    expect((await registerIn('fr', 'terms.fr@x.test', 'on')).status).toBe(201);
  });

  it('English and Spanish, with no terms of their own or by default, have none to accept', async () => {
    expect((await registerIn('en', 'terms.en@x.test', '')).status).toBe(201);
    expect((await registerIn('es', 'terms.es@x.test', '')).status).toBe(201);
  });
});
