// Campaign, badge and tier texts per language (migration 0024): a company writes `translations` on its
// campaigns (name, description, share message), tiers and badges through the operator API (known languages
// only, the base field's length limits, clear 400s) and reads them back; ambassadors read them in the language
// of their request (the profile's campaigns, tiers and badges, and every list that names a campaign), falling
// back to the row's own text. Another company's rows cannot be read or written.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { badgeAnswer, tierAnswer, tierListAnswer } from '../../src/lib/schemas/loyalty';
import { campaignAnswer, campaignListAnswer } from '../../src/lib/schemas/campaigns';
import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../../src/edge/types';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { textInSql } from '../../src/api/core/row-language-sql';
import { textsIn } from '../../src/lib/row-language';
import type { Language } from '../../src/lib/languages';
import { getInLanguage as inLanguage, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});

const profileIn = (who: Who, lang: string | null) => inLanguage(who, `/portal/ambassadors/${who.uid}/`, lang);
const campaignIn = async (who: Who, uid: string, lang: string | null) =>
  ((await profileIn(who, lang)).urls as any[]).find((c) => c.campaign_uid === uid)!;

describe('campaign, tier and badge texts per language: the operator API', () => {
  it('writes and reads a campaign\'s translations, and a PATCH replaces them whole', async () => {
    const created = await op(KEYS.globex, 'POST', '/campaigns', {
      name: 'Spring run', description: 'Invite your running friends.', url: 'https://www.globex.test/spring', native_message: 'Run with me.',
      translations: { es: { name: 'Carrera de primavera', native_message: 'Corre conmigo.' }, fr: { description: 'Invitez vos amis coureurs.' } },
    });
    expect(created.status).toBe(201);
    campaignAnswer.parse(created.body);
    expect(created.body.campaign.translations).toEqual({
      es: { name: 'Carrera de primavera', native_message: 'Corre conmigo.' }, fr: { description: 'Invitez vos amis coureurs.' },
    });
    const uid = created.body.campaign.uid;
    const patched = await op(KEYS.globex, 'PATCH', `/campaigns/${uid}`, { translations: { de: { name: 'Frühlingslauf' } } });
    expect(patched.status).toBe(200);
    expect(patched.body.campaign.translations).toEqual({ de: { name: 'Frühlingslauf' } });
    const untouched = await op(KEYS.globex, 'PATCH', `/campaigns/${uid}`, { is_active: false });
    expect(untouched.body.campaign.translations).toEqual({ de: { name: 'Frühlingslauf' } });
    const list = await op(KEYS.demo, 'GET', '/campaigns');
    campaignListAnswer.parse(list.body);
    expect(list.body.results.find((c: any) => c.uid === 'cmp-demo-main').translations.fr.name).toBe('Parrainez un ami');
  });

  it('writes and reads the translations of a tier and a badge', async () => {
    const tier = await op(KEYS.globex, 'POST', '/tiers', {
      name: 'Partner', threshold: 0, description: 'Every partner starts here.', translations: { fr: { name: 'Partenaire', description: 'Tout partenaire commence ici.' } },
    });
    expect(tier.status).toBe(201);
    expect(tierAnswer.parse(tier.body).tier.translations).toEqual({ fr: { name: 'Partenaire', description: 'Tout partenaire commence ici.' } });
    const renamed = await op(KEYS.globex, 'PATCH', `/tiers/${tier.body.tier.uid}`, { translations: { es: { name: 'Socio' } } });
    expect(renamed.body.tier.translations).toEqual({ es: { name: 'Socio' } });
    const badge = await op(KEYS.globex, 'POST', '/badges', { name: 'First deal', points: 10, translations: { es: { name: 'Primer trato' } } });
    expect(badge.status).toBe(201);
    expect(badgeAnswer.parse(badge.body).badge.translations).toEqual({ es: { name: 'Primer trato' } });
    const patched = await op(KEYS.globex, 'PATCH', `/badges/${badge.body.badge.uid}`, { translations: {} });
    expect(patched.body.badge.translations).toEqual({});
    const tiers = await op(KEYS.acme, 'GET', '/tiers');
    expect(tierListAnswer.parse(tiers.body).results.find((t) => t.uid === 'tier-acme-ridge')!.translations.fr!.name).toBe('Crête');
    await op(KEYS.globex, 'DELETE', `/tiers/${tier.body.tier.uid}`);
    await op(KEYS.globex, 'DELETE', `/badges/${badge.body.badge.uid}`);
  });

  it('refuses an unknown language, a text the row does not have and a text over the base field\'s limit, naming the field', async () => {
    const language = await op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-main', { translations: { xx: { name: 'Campagne' } } });
    expect(language.status).toBe(400);
    expect(language.body.translations[0]).toMatch(/Unknown language "xx": one of en, es, fr/);
    // A badge has no share message.
    const field = await op(KEYS.demo, 'PATCH', '/badges/badge-demo-superstar', { translations: { es: { native_message: 'Hola' } } });
    expect(field.status).toBe(400);
    expect(Object.keys(field.body)).toContain('translations.es');
    const long = await op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-main', {
      translations: { fr: { name: 'x'.repeat(121), description: 'y'.repeat(5001), native_message: 'z'.repeat(5001) } },
    });
    expect(long.status).toBe(400);
    expect(long.body['translations.fr.name']).toEqual(['At most 120 characters.']);
    expect(long.body['translations.fr.description']).toEqual(['At most 5000 characters.']);
    expect(long.body['translations.fr.native_message']).toEqual(['At most 5000 characters.']);
    const blank = await op(KEYS.demo, 'PATCH', '/tiers/tier-demo-gold', { translations: { es: { name: '  ' } } });
    expect(blank.status).toBe(400);
    expect(blank.body['translations.es.name']).toEqual(['This field is required.']);
    const shape = await op(KEYS.demo, 'POST', '/badges', { name: 'Badge', translations: 'fr' });
    expect(shape.status).toBe(400);
    expect(shape.body.translations[0]).toMatch(/An object by language code/);
    // Nothing was written by the refused calls.
    expect((await campaignIn(ava, 'cmp-demo-main', 'fr')).campaign_name).toBe('Parrainez un ami');
  });

  it('never reads or writes another company\'s rows: their uids answer 404 and nothing changes', async () => {
    const stored = () => env.DB.prepare(
      `SELECT (SELECT translations FROM campaigns WHERE uid = 'cmp-acme-trail') || (SELECT translations FROM tiers WHERE uid = 'tier-acme-ridge')
              || (SELECT translations FROM badges WHERE uid = 'badge-acme-crew-regular') AS t`,
    ).first<string>('t');
    const before = await stored();
    const hijack = { translations: { en: { name: 'Hijacked' } } };
    expect((await op(KEYS.demo, 'PATCH', '/campaigns/cmp-acme-trail', hijack)).status).toBe(404);
    expect((await op(KEYS.demo, 'GET', '/campaigns/cmp-acme-trail')).status).toBe(404);
    expect((await op(KEYS.demo, 'PATCH', '/tiers/tier-acme-ridge', hijack)).status).toBe(404);
    expect((await op(KEYS.demo, 'PATCH', '/badges/badge-acme-crew-regular', hijack)).status).toBe(404);
    expect(await stored()).toBe(before);
    const listed = (await op(KEYS.demo, 'GET', '/badges')).body.results.map((b: any) => b.uid);
    expect(listed).not.toContain('badge-acme-crew-regular');
  });
});

describe('campaign, tier and badge texts per language: what ambassadors read', () => {
  it('a campaign\'s name, description and share message read in the request\'s language, and in the default language otherwise', async () => {
    const fr = await campaignIn(ava, 'cmp-demo-main', 'fr');
    expect(fr).toMatchObject({
      campaign_name: 'Parrainez un ami',
      campaign_description: 'Notre programme toute l’année : vos amis économisent, vous gagnez une commission sur chaque commande.',
      native_message: 'J’adore Demo Co : voici une réduction pour votre première commande.',
    });
    expect((await campaignIn(ava, 'cmp-demo-main', 'es-MX')).campaign_name).toBe('Recomienda a un amigo');
    const pl = await campaignIn(ava, 'cmp-demo-main', 'pl');
    expect(pl).toMatchObject({ campaign_name: 'Poleć znajomego', native_message: 'Uwielbiam Demo Co – oto rabat na Twoje pierwsze zamówienie.' });
    // VIP Insiders keeps its name in every language (a brand name, written the same in each).
    expect((await campaignIn(ava, 'cmp-demo-vip', 'fr')).campaign_name).toBe('VIP Insiders');
    // acme writes in Spanish: English is a translation there, Spanish the row's own.
    expect((await campaignIn(alex, 'cmp-acme-trail', 'en')).native_message).toBe('Heading for the mountains? Get 10% off Acme Outdoor gear with my link.');
    expect((await campaignIn(alex, 'cmp-acme-trail', 'es')).native_message).toMatch(/^¿Sales a la montaña\?/);
  });

  it('tiers and badges read in the request\'s language in the one profile answer', async () => {
    const fr = await profileIn(ava, 'fr');
    expect(fr.tiers.map((t: any) => t.name)).toEqual(['Bronze', 'Argent', 'Or']);
    expect(fr.badges.map((b: any) => b.name)).toContain('Étoile montante');
    expect(fr.loyalty_badges.map((b: any) => b.name)).toContain('Premier parrainage');
    const en = await profileIn(ava, 'en');
    expect(en.tiers.map((t: any) => t.name)).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(en.badges.find((b: any) => b.uid === 'badge-demo-rising-star').description).toBe('Earned 1,000 points.');
    const alexEn = await profileIn(alex, 'en');
    expect(alexEn.current_tier.description).toMatch(/referrals|steps with the crew/);
    expect(alexEn.badges.map((b: any) => b.name)).toContain('Crew regular');
    expect((await profileIn(alex, 'es')).badges.map((b: any) => b.name)).toContain('Habitual del equipo');
  });

  it('the activity, the share links and the next payout name a campaign in the request\'s language', async () => {
    const feed = await inLanguage(ava, `/activity/recent/?affiliate_uid=${ava.uid}&page_size=15`, 'fr');
    const names = new Set((feed.results as any[]).map((a) => a.campaign_name).filter(Boolean));
    expect([...names].some((n) => n === 'Parrainez un ami' || n === 'Programme de parrainage d’été')).toBe(true);
    expect(names.has('Refer a Friend')).toBe(false);
    const links = await inLanguage(ava, `/ambassadors/${ava.uid}/custom_urls/?ordering=-created_at&page=1&page_size=200`, 'es');
    const linkCampaigns = (links.results as any[]).map((l) => l.campaign_uid__name);
    expect(linkCampaigns.length).toBeGreaterThan(0);
    expect(linkCampaigns.every((n) => ['Recomienda a un amigo', 'Programa de referidos de verano', 'VIP Insiders', 'Lanzamiento de invierno'].includes(n))).toBe(true);
    const stats = await inLanguage(ava, `/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=cmp-demo-main`, 'fr');
    expect(stats.campaign_links[0].campaign_name).toBe('Parrainez un ami');
  });

  it('a company\'s translations show only on its own portal (each row carries its own)', async () => {
    const demo = await profileIn(ava, 'fr');
    expect(demo.urls.map((c: any) => c.campaign_name)).not.toContain('Club Sommet');
    expect(demo.badges.map((b: any) => b.name)).not.toContain('Premiers pas');
    const acme = await profileIn(alex, 'fr');
    expect(acme.urls.map((c: any) => c.campaign_name)).toEqual(expect.arrayContaining(['Équipe Trail', 'Club Sommet']));
    expect(acme.badges.map((b: any) => b.name)).not.toContain('Premier partage');
  });
});

describe('a campaign name picked in SQL', () => {
  it('picks what the page-side rule picks, in every language, for every seeded campaign', async () => {
    const { results } = await env.DB.prepare('SELECT id, name, description, native_message, translations FROM campaigns ORDER BY id').all<any>();
    for (const lang of ['en', 'es', 'es-MX', 'fr', 'fr-CA', 'pl', null] as (Language | null)[]) {
      const { results: picked } = await env.DB
        .prepare(`SELECT c.id, ${textInSql('c', 'name', lang)} AS name, ${textInSql('c', 'native_message', lang)} AS native_message FROM campaigns c ORDER BY c.id`)
        .all<any>();
      expect(picked, String(lang)).toEqual(results.map((c) => ({ id: c.id, ...textsIn(c, lang, ['name', 'native_message']) })));
    }
  });
});

describe('a page\'s campaigns in the page language', () => {
  // The stand-in page answers what it was given: the page language and the campaigns' names.
  const echo: MiddlewareHandler<EdgeEnv> = async (c) => {
    const { lang, me } = c.get('requestContext');
    return c.json({ lang, names: me?.urls.map((u) => u.campaign_name) ?? [] });
  };
  const open = async (who: Who, headers: Record<string, string>) => {
    const cookie = `__Host-portal_session=${who.userId}.${who.uid}.${who.token}${headers.cookie ? `; ${headers.cookie}` : ''}`;
    const res = await edge({}, [echo as MiddlewareHandler]).fetch(`http://${who.host}/app`, { headers: { ...headers, cookie } });
    return (await res.json()) as { lang: string; names: string[] };
  };

  it('follows the language menu\'s choice', async () => {
    const page = await open(ava, { cookie: 'language=fr', 'accept-language': 'en' });
    expect(page.lang).toBe('fr');
    expect(page.names).toContain('Parrainez un ami');
  });

  it('follows the profile\'s language when it decides the page\'s, though the first call carried the browser\'s', async () => {
    // Ava's profile says English; her browser asks for French and no language was chosen on the menu.
    const page = await open(ava, { 'accept-language': 'fr' });
    expect(page.lang).toBe('en');
    expect(page.names).toContain('Refer a Friend');
    expect(page.names).not.toContain('Parrainez un ami');
  });
});
