// Task and reward names per language (migration 0023): a company writes `translations` on its
// tasks, gift cards, vault items and variants through the operator API (known languages only, the base
// field's length limits, clear 400s), reads them back, and ambassadors read the texts in the language of
// their request, falling back to the row's own (the company's default language). Another company's rows
// cannot be read or written.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { rewardAnswer, vaultItemAnswer } from '../../src/lib/schemas/rewards-catalog';
import { taskAnswer, taskListAnswer } from '../../src/lib/schemas/loyalty';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { getInLanguage as inLanguage, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});

const tasksIn = async (who: Who, company: string, lang: string | null) =>
  (await inLanguage(who, `/companies/${company}/loyalty_program/tasks/`, lang)).results as { uid: string; name: string; description: string }[];
async function giftCardsIn(who: Who, lang: string | null) {
  const headers: Record<string, string> = { authorization: `Token ${who.token}` };
  if (lang) headers['accept-language'] = lang;
  const res = await edge().fetch(`http://${who.host}/v1/tables/ambassadors/${who.uid}/content/affiliate_gift_card/?page=1`, { method: 'POST', headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as any).results as { uid: string; name: string; brand_description: string; disclaimer: string }[];
}

describe('task and reward names per language: the operator API', () => {
  it('writes and reads a task\'s translations, and a PATCH replaces them whole', async () => {
    const created = await op(KEYS.demo, 'POST', '/tasks', {
      name: 'Share a story', description: 'Post your link in a story.', points: 10,
      translations: { es: { name: 'Comparte una historia', description: 'Publica tu enlace en una historia.' }, fr: { name: 'Partagez une story' } },
    });
    expect(created.status).toBe(201);
    taskAnswer.parse(created.body);
    expect(created.body.task.translations).toEqual({
      es: { name: 'Comparte una historia', description: 'Publica tu enlace en una historia.' }, fr: { name: 'Partagez une story' },
    });
    const uid = created.body.task.uid;
    const patched = await op(KEYS.demo, 'PATCH', `/tasks/${uid}`, { translations: { fr: { name: 'Partagez une story', description: 'Publiez votre lien.' } } });
    expect(patched.status).toBe(200);
    expect(patched.body.task.translations).toEqual({ fr: { name: 'Partagez une story', description: 'Publiez votre lien.' } });
    const untouched = await op(KEYS.demo, 'PATCH', `/tasks/${uid}`, { points: 15 });
    expect(untouched.body.task.translations).toEqual({ fr: { name: 'Partagez une story', description: 'Publiez votre lien.' } });
    const list = await op(KEYS.demo, 'GET', '/tasks');
    taskListAnswer.parse(list.body);
    expect(list.body.results.find((t: any) => t.uid === 'task-demo-profile').translations.es.name).toBe('Completa tu perfil');
    await op(KEYS.demo, 'DELETE', `/tasks/${uid}`);
  });

  it('writes and reads the translations of a gift card, a vault item and its variants', async () => {
    const reward = await op(KEYS.demo, 'POST', '/rewards', {
      name: 'Tote bag', points: 200, translations: { es: { name: 'Bolsa de tela', disclaimer: 'Hasta agotar existencias.' } },
    });
    expect(reward.status).toBe(201);
    expect(rewardAnswer.parse(reward.body).reward.translations).toEqual({ es: { name: 'Bolsa de tela', disclaimer: 'Hasta agotar existencias.' } });
    const item = await op(KEYS.acme, 'POST', '/vault-items', {
      name: 'Bono de refugio', translations: { en: { name: 'Mountain hut voucher' } },
      variants: [{ name: 'Una noche', cost: 3000, translations: { en: { name: 'One night' }, fr: { name: 'Une nuit' } } }],
    });
    expect(item.status).toBe(201);
    const vault = vaultItemAnswer.parse(item.body).vault_item;
    expect(vault.translations).toEqual({ en: { name: 'Mountain hut voucher' } });
    expect(vault.variants[0]!.translations).toEqual({ en: { name: 'One night' }, fr: { name: 'Une nuit' } });
    const variant = await op(KEYS.acme, 'PATCH', `/vault-items/${vault.uid}/variants/${vault.variants[0]!.uid}`, { translations: { en: { name: 'A night' } } });
    expect(variant.body.variant.translations).toEqual({ en: { name: 'A night' } });
    await op(KEYS.demo, 'DELETE', `/rewards/${reward.body.reward.uid}`);
    await op(KEYS.acme, 'DELETE', `/vault-items/${vault.uid}`);
  });

  it('refuses an unknown language, an unknown text and a text over the base field\'s limit, naming the field', async () => {
    const language = await op(KEYS.demo, 'POST', '/tasks', { name: 'Task', translations: { xx: { name: 'Tâche' } } });
    expect(language.status).toBe(400);
    expect(language.body.translations[0]).toMatch(/Unknown language "xx": one of en, es, fr/);
    const field = await op(KEYS.demo, 'POST', '/rewards', { name: 'Reward', points: 5, translations: { es: { title: 'Premio' } } });
    expect(field.status).toBe(400);
    expect(Object.keys(field.body)).toContain('translations.es');
    const long = await op(KEYS.demo, 'POST', '/tasks', { name: 'Task', translations: { fr: { name: 'x'.repeat(121), description: 'y'.repeat(5001) } } });
    expect(long.status).toBe(400);
    expect(long.body['translations.fr.name']).toEqual(['At most 120 characters.']);
    expect(long.body['translations.fr.description']).toEqual(['At most 5000 characters.']);
    const shape = await op(KEYS.acme, 'PATCH', '/vault-items/vlt-acme-giftcard', { translations: ['en'] });
    expect(shape.status).toBe(400);
    expect(shape.body.translations[0]).toMatch(/An object by language code/);
    const blank = await op(KEYS.acme, 'PATCH', '/vault-items/vlt-acme-giftcard/variants/vv-acme-giftcard-10', { translations: { en: { name: ' ' } } });
    expect(blank.status).toBe(400);
    expect(blank.body['translations.en.name']).toEqual(['This field is required.']);
  });

  it('never reads or writes another company\'s rows: their uids answer 404 and nothing changes', async () => {
    const before = await env.DB.prepare("SELECT translations FROM tasks WHERE uid = 'task-acme-strava'").first<string>('translations');
    const task = await op(KEYS.demo, 'PATCH', '/tasks/task-acme-strava', { translations: { en: { name: 'Hijacked' } } });
    expect(task.status).toBe(404);
    const item = await op(KEYS.demo, 'PATCH', '/vault-items/vlt-acme-giftcard', { translations: { en: { name: 'Hijacked' } } });
    expect(item.status).toBe(404);
    const variant = await op(KEYS.demo, 'PATCH', '/vault-items/vlt-acme-giftcard/variants/vv-acme-giftcard-10', { translations: { en: { name: 'Hijacked' } } });
    expect(variant.status).toBe(404);
    const reward = await op(KEYS.demo, 'PATCH', '/rewards/rwd-acme-tent', { translations: { en: { name: 'Hijacked' } } });
    expect(reward.status).toBe(404);
    expect(await env.DB.prepare("SELECT translations FROM tasks WHERE uid = 'task-acme-strava'").first<string>('translations')).toBe(before);
    const listed = (await op(KEYS.demo, 'GET', '/tasks')).body.results.map((t: any) => t.uid);
    expect(listed).not.toContain('task-acme-strava');
  });
});

describe('task and reward names per language: what ambassadors read', () => {
  it('a task reads in the request\'s language, a regional one through its family, and in the default language otherwise', async () => {
    const name = async (lang: string | null) => (await tasksIn(ava, 'demo', lang)).find((t) => t.uid === 'task-demo-profile')!;
    expect(await name('es')).toMatchObject({ name: 'Completa tu perfil', description: 'Añade tu teléfono, tu dirección y tu talla de camiseta.' });
    expect((await name('es-MX')).name).toBe('Completa tu perfil');
    expect((await name('fr-CA,fr;q=0.8')).name).toBe('Complétez votre profil');
    // The seed writes every base language; a call that names none reads the row's own text.
    expect((await name('pl')).name).toBe('Uzupełnij swój profil');
    expect((await name(null)).name).toBe('Complete your profile');
    // acme writes in Spanish: English is a translation there, Spanish the row's own.
    const strava = async (lang: string) => (await tasksIn(alex, 'acme', lang)).find((t) => t.uid === 'task-acme-strava')!.name;
    expect(await strava('en')).toBe('Join our Strava club');
    expect(await strava('es')).toBe('Únete a nuestro club de Strava');
  });

  it('a gift card, a vault item and its variants read in the request\'s language, text by text', async () => {
    const voucher = async (lang: string) => (await giftCardsIn(ava, lang)).find((r) => r.uid === 'rwd-demo-voucher')!;
    expect(await voucher('fr')).toMatchObject({ name: '20 % de réduction sur votre prochaine commande', disclaimer: 'Valable 90 jours.' });
    expect(await voucher('de')).toMatchObject({ name: '20 % Rabatt auf Ihre nächste Bestellung', disclaimer: '90 Tage gültig.' });
    // The Amazon card's name is translated, its description is not: the description stays the row's own.
    const amazon = (await giftCardsIn(ava, 'es')).find((r) => r.uid === 'rwd-demo-amazon')!;
    expect(amazon.name).toBe('Tarjeta regalo de Amazon.com');
    expect(amazon.brand_description).toBe('Amazon.com Gift Cards never expire and can be used on millions of items.');

    const vault = async (lang: string) => (await inLanguage(alex, '/rewards/portals/acme-portal/vault-items/', lang)).results.find((i: any) => i.uid === 'vlt-acme-prepaid');
    const en = await vault('en');
    expect(en).toMatchObject({ name: 'Virtual Prepaid MasterCard', description: 'A virtual prepaid MasterCard, by e-mail.' });
    expect(en.variants.map((v: any) => v.name)).toEqual(['€20 card']);
    expect((await vault('fr')).variants.map((v: any) => v.name)).toEqual(['Carte de 20 €']);
    expect((await vault('es')).variants.map((v: any) => v.name)).toEqual(['Tarjeta de 20 €']);
  });

  it('a company\'s translations show only on its own portal (each row carries its own)', async () => {
    const demo = (await tasksIn(ava, 'demo', 'fr')).map((t) => t.name);
    expect(demo).not.toContain('Rejoignez notre club Strava');
    const acme = (await tasksIn(alex, 'acme', 'fr')).map((t) => t.name);
    expect(acme).toContain('Rejoignez notre club Strava');
    expect(acme).not.toContain('Complétez votre profil');
  });
});
