// Texts frozen in the language they were written in: a task's points, a redemption and its e-mail
// named the task or the reward as it was called, in the company's default language, when they were written.
// Readers now get the name in their language, from the row the entry names (migration 0025), with the stored
// text for rows that name nothing and for a task that is gone. Real migrations, real D1, the demo seed.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/lib/i18n';
import { ledgerText } from '../../src/lib/ledger-text';
import { lastEmail } from './accounts-helpers';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;

/** A call in `lang` (the page language the browser API forwards as Accept-Language). */
async function read(who: Who, lang: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Token ${who.token}`, 'accept-language': lang };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await edge().fetch(`http://${who.host}/v1${path}`, {
    method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, text, body: (text.startsWith('{') ? JSON.parse(text) : null) as any };
}

/** Every page of the caller's rewards ledger, read in `lang`. */
async function ledger(who: Who, lang: string) {
  const rows: any[] = [];
  for (let page = 1; page; ) {
    const { body } = await read(who, lang, `/ambassadors/${who.uid}/loyalty/ledger/?page=${page}`);
    rows.push(...body.results);
    page = body.next;
  }
  return rows;
}
/** The ledger's line for an entry as the rewards page writes it (src/ui/rewards/RewardsLedger.astro). */
const ledgerLine = (row: any, lang: string) => ledgerText(row.description, row.referred_full_name, lang, row.task_name);
/** "Task completed: <task>" in `lang`, as the catalogue words it (French puts a narrow no-break space before the colon). */
const taskLine = (lang: string, task: string) => t(lang, 'rewards.entry.task', { task });
const activityRows = async (who: Who, lang: string) =>
  (await read(who, lang, '/tables/content/activity/?page_size=100&ordering=-created_at')).body.results as any[];

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  // Tasks the seed does not have, written by the company in English with Spanish and French names.
  await env.DB.prepare(
    `INSERT INTO tasks (id, uid, company_id, name, points, position, is_active, translations) VALUES
      (60, 'task-demo-podcast', 'demo', 'Listen to our podcast', 30, 8, 1, '{"es":{"name":"Escucha nuestro pódcast"},"fr":{"name":"Écoutez notre podcast"}}'),
      (61, 'task-demo-gone', 'demo', 'Answer the launch survey', 20, 9, 1, '{"es":{"name":"Responde a la encuesta"},"fr":{"name":"Répondez au sondage"}}')`,
  ).run();
});

describe('a task completed, read later in another language', () => {
  it('names the task in the reader\'s language on the ledger (es, fr, en), and keeps the description as written', async () => {
    const res = await call(ava, 'POST', `/ambassadors/${ava.uid}/loyalty/data/`, { loyalty_data: { 'affiliate.loyalty_clickable_tasks': [60] } });
    expect(res.status).toBe(200);
    const entry = await env.DB.prepare("SELECT description, task_id FROM loyalty_ledger WHERE uid = 'task:60:amb-ava'").first();
    expect(entry).toEqual({ description: 'Task completed: Listen to our podcast', task_id: 60 });

    const lines: Record<string, string> = {};
    for (const lang of ['es', 'fr', 'en']) {
      const row = (await ledger(ava, lang)).find((r) => r.description === 'Task completed: Listen to our podcast');
      lines[lang] = ledgerLine(row, lang);
    }
    expect(lines).toEqual({
      es: taskLine('es', 'Escucha nuestro pódcast'),
      fr: taskLine('fr', 'Écoutez notre podcast'),
      en: taskLine('en', 'Listen to our podcast'),
    });
  });

  it('names it in the reader\'s language on the activity table, its CSV and the recent-activity API', async () => {
    const task = (rows: any[]) => rows.find((r) => r.type === 'task' && r.amount?.points === 30);
    expect(task(await activityRows(ava, 'fr')).event_data1).toBe('Écoutez notre podcast');
    expect(task(await activityRows(ava, 'es')).event_data1).toBe('Escucha nuestro pódcast');
    expect(task(await activityRows(ava, 'en')).event_data1).toBe('Listen to our podcast');
    const csv = await read(ava, 'fr', '/tables/content/activity/?format=csv&page_size=100');
    expect(csv.text).toContain('Écoutez notre podcast');
    expect(csv.text).not.toContain('Listen to our podcast');
    const recent = await read(ava, 'es', `/activity/recent/?affiliate_uid=${ava.uid}&page_size=50`);
    expect(recent.body.results.find((r: any) => r.type === 'task' && r.points === 30).event_data1).toBe('Escucha nuestro pódcast');
  });

  it('shows the demo\'s seeded task points in French (the seed names their tasks too)', async () => {
    const lines = (await ledger(ava, 'fr')).map((r) => ledgerLine(r, 'fr'));
    expect(lines).toContain(taskLine('fr', 'Complétez votre profil'));
    expect(lines).toContain(taskLine('fr', 'Suivez Demo Co sur Instagram'));
    // acme writes in Spanish; its English reader gets the English name.
    expect((await ledger(alex, 'en')).map((r) => ledgerLine(r, 'en'))).toContain(taskLine('en', 'Complete your crew profile'));
  });

  it('keeps the stored text of an entry that names no task (written before the reference existed)', async () => {
    await env.DB.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, created_at)
       VALUES ('demo', 'amb-ava', 'points', 'earn', 5, 'Task completed: Read the old newsletter', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    ).run();
    const row = (await ledger(ava, 'fr')).find((r) => r.description === 'Task completed: Read the old newsletter');
    expect(row.task_name).toBeNull();
    expect(ledgerLine(row, 'fr')).toBe(taskLine('fr', 'Read the old newsletter'));
  });

  it('keeps the translated name of a task the company retired, and the stored name of a task that is gone', async () => {
    await call(ava, 'POST', `/ambassadors/${ava.uid}/loyalty/data/`, { loyalty_data: { 'affiliate.loyalty_clickable_tasks': [61] } });
    // The operator's delete of a completed task retires it (the points and the completion stay).
    const removed = await op(KEYS.demo, 'DELETE', '/tasks/task-demo-gone');
    expect(removed.body.outcome).toBe('deactivated');
    const retired = (await ledger(ava, 'es')).find((r) => r.description === 'Task completed: Answer the launch survey');
    expect(ledgerLine(retired, 'es')).toBe(taskLine('es', 'Responde a la encuesta'));

    // A task row that no longer exists at all (removed by hand, or by a company's own tooling).
    await env.DB.batch([
      env.DB.prepare("DELETE FROM task_completions WHERE company_id = 'demo' AND task_id = 61"),
      env.DB.prepare("DELETE FROM tasks WHERE company_id = 'demo' AND id = 61"),
    ]);
    const gone = (await ledger(ava, 'es')).find((r) => r.description === 'Task completed: Answer the launch survey');
    expect(gone.task_name).toBeNull();
    expect(ledgerLine(gone, 'es')).toBe(taskLine('es', 'Answer the launch survey'));
    const activity = (await activityRows(ava, 'es')).find((r) => r.type === 'task' && r.amount?.points === 20);
    expect(activity.event_data1).toBe('Answer the launch survey');
  });

  it('never names another company\'s task: the reference is read through the entry\'s company', async () => {
    // An entry of acme that points at demo's task id 60 (no such task in acme) keeps its own text.
    await env.DB.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, task_id, created_at)
       VALUES ('acme', 'amb-alex', 'points', 'earn', 5, 'Task completed: Tarea de acme', 60, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    ).run();
    const row = (await ledger(alex, 'fr')).find((r) => r.description === 'Task completed: Tarea de acme');
    expect(row.task_name).toBeNull();
    expect(ledgerLine(row, 'fr')).toBe(taskLine('fr', 'Tarea de acme'));
  });
});

describe('filtering and sorting the activity by the name the reader sees', () => {
  /** The activity rows of a filter or an order, read in `lang`. */
  const rowsWhere = async (who: Who, lang: string, query: string) => {
    const res = await read(who, lang, `/tables/content/activity/?page_size=100&${query}`);
    expect(res.status).toBe(200);
    return res.body.results as any[];
  };
  const names = (rows: any[]) => rows.map((r) => r.event_data1);

  it('finds a task by its name in the page language, not by the name it was stored under', async () => {
    // ava completed the podcast task above: stored as "Listen to our podcast".
    expect(names(await rowsWhere(ava, 'es', 'event_data1__icontains=p%C3%B3dcast'))).toEqual(['Escucha nuestro pódcast']);
    expect(names(await rowsWhere(ava, 'fr', 'event_data1__istartswith=%C3%A9coutez'))).toEqual(['Écoutez notre podcast']);
    expect(names(await rowsWhere(ava, 'es', 'event_data1__iexact=escucha%20nuestro%20p%C3%B3dcast'))).toEqual(['Escucha nuestro pódcast']);
    // The stored English words are not what a Spanish reader sees, so they find nothing there.
    expect(await rowsWhere(ava, 'es', 'event_data1__icontains=listen')).toEqual([]);
    expect(names(await rowsWhere(ava, 'en', 'event_data1__icontains=listen'))).toEqual(['Listen to our podcast']);
    // Negated: every row but that one.
    const all = await rowsWhere(ava, 'es', 'ordering=-created_at');
    const others = await rowsWhere(ava, 'es', 'event_data1__not_icontains=p%C3%B3dcast');
    expect(others).toHaveLength(all.length - 1);
    expect(names(others)).not.toContain('Escucha nuestro pódcast');
  });

  it('finds the portal\'s own texts (a referral reward) by their words in the page language', async () => {
    const es = await rowsWhere(alex, 'es', 'event_data1__icontains=recompensa');
    expect(es.length).toBeGreaterThan(0);
    expect(new Set(names(es))).toEqual(new Set([t('es', 'rewards.entry.referralReward')]));
    const en = await rowsWhere(alex, 'en', 'event_data1__icontains=referral%20reward');
    expect(en.map((r) => r.id)).toEqual(es.map((r) => r.id));
    // The message key it is stored under is not a word anyone reads.
    expect(await rowsWhere(alex, 'es', 'event_data1__icontains=rewards.entry')).toEqual([]);
  });

  it('compares without case in the letters of the portal\'s languages too (É, Ł, Ø, Ñ), not in ASCII alone', async () => {
    await env.DB.prepare(
      `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, status, created_at) VALUES
        ('demo', 'amb-ava', 101, 'referral', 'ÉLODIE ŁUKASIEWICZ', 'elodie@example.com', 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')),
        ('demo', 'amb-ava', 101, 'referral', 'Søren Ñúñez', 'soren@example.com', 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'))`,
    ).run();
    const referred = async (query: string) => (await rowsWhere(ava, 'fr', query)).map((r) => r.referred_name);
    expect(await referred('referred_name__icontains=%C3%A9lodie')).toEqual(['ÉLODIE ŁUKASIEWICZ']);
    expect(await referred('referred_name__iexact=%C3%A9lodie%20%C5%82ukasiewicz')).toEqual(['ÉLODIE ŁUKASIEWICZ']);
    expect(await referred('referred_name__istartswith=S%C3%98REN%20%C3%91')).toEqual(['Søren Ñúñez']);
    expect(await referred('referred_name__icontains=%C3%91%C3%9A%C3%91')).toEqual(['Søren Ñúñez']);
    expect(await referred('referred_name__not_icontains=%C3%A9lodie')).not.toContain('ÉLODIE ŁUKASIEWICZ');
  });

  it('orders by the names the page shows, and the CSV filtered the same way has the same rows', async () => {
    for (const lang of ['es', 'fr', 'en']) {
      const shown = names(await rowsWhere(ava, lang, 'ordering=event_data1')).map((n) => n ?? '');
      // SQLite orders text by its UTF-8 bytes: code points, which is how JS compares these names.
      const inOrder = [...shown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(shown).toEqual(inOrder);
      const desc = names(await rowsWhere(ava, lang, 'ordering=-event_data1')).map((n) => n ?? '');
      expect(desc).toEqual([...inOrder].reverse());
    }
    const csv = await read(ava, 'es', '/tables/content/activity/?format=csv&event_data1__icontains=p%C3%B3dcast');
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Escucha nuestro pódcast');
  });
});

describe('a redemption, read in the reader\'s language', () => {
  it('answers the redeem in the page language and names it again in another language later', async () => {
    const res = await read(ava, 'fr', '/loyalty/gift_card/redeem/', {
      method: 'POST', body: { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 },
    });
    expect(res.status).toBe(201);
    expect(res.body.results).toMatchObject({ status: 'completed', reward_name: '20 % de réduction sur votre prochaine commande' });
    expect(res.body.results.gift_card.card_name).toBe('20 % de réduction sur votre prochaine commande');
    // Stored at redeem time in the company's language; read later in Spanish, in Spanish.
    const id = res.body.results.id;
    expect((await env.DB.prepare('SELECT item_name FROM redemptions WHERE id = ?').bind(id).first())!.item_name).toBe('20% off your next order');
    const later = await read(ava, 'es', `/rewards/portals/demo-portal/redemptions/${id}/`);
    expect(later.body).toMatchObject({ reward_name: '20 % de descuento en tu próximo pedido' });
    expect(later.body.gift_card.card_name).toBe('20 % de descuento en tu próximo pedido');
    const detail = await read(ava, 'es', `/loyalty/gift-card-redemption/${id}/`);
    expect(detail.body).toMatchObject({ product_name: '20 % de descuento en tu próximo pedido', gift_card_name: '20 % de descuento en tu próximo pedido' });
    const activity = (await activityRows(ava, 'es')).find((r) => r.redemption_id === id);
    expect(activity.event_data1).toBe('20 % de descuento en tu próximo pedido');
  });

  it('names a vault item and its variant in the reader\'s language', async () => {
    const res = await read(ava, 'es', '/rewards/portals/demo-portal/vault-items/vlt-demo-prepaid/redeem/', {
      method: 'POST', body: { variant_item: 'vv-demo-prepaid-10' },
    });
    expect(res.status).toBe(201);
    expect(res.body.results).toMatchObject({ payment_vault_name: 'Visa prepago virtual', variant_name: 'Tarjeta de 10 $' });
    const fr = await read(ava, 'fr', `/rewards/portals/demo-portal/redemptions/${res.body.results.id}/`);
    expect(fr.body).toMatchObject({ payment_vault_name: 'Carte Visa prépayée virtuelle', variant_name: 'Carte de 10 $' });
    expect(fr.body.gift_card.card_name).toBe('Carte Visa prépayée virtuelle Carte de 10 $');
  });
});

describe('the redemption e-mail', () => {
  it('is written in the ambassador\'s saved language, whatever the page language, with the reward named in it', async () => {
    await env.DB.prepare("UPDATE ambassadors SET language = 'fr' WHERE uid = 'amb-ava'").run();
    try {
      const res = await read(ava, 'es', '/loyalty/gift_card/redeem/', {
        method: 'POST', body: { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 },
      });
      expect(res.status).toBe(201);
      const mail = await lastEmail('demo', 'ava@demo.test');
      expect(mail!.template).toBe('redemption');
      expect(mail!.subject).toBe('Votre récompense Demo Co');
      expect(mail!.body_text).toContain('20 % de réduction sur votre prochaine commande');
      expect(mail!.body_text).not.toContain('20% off your next order');
    } finally {
      await env.DB.prepare("UPDATE ambassadors SET language = 'en' WHERE uid = 'amb-ava'").run();
    }
  });

  it('falls back to the company\'s default language (acme: Spanish) when the ambassador saved none', async () => {
    await env.DB.prepare("UPDATE ambassadors SET language = NULL WHERE uid = 'amb-alex'").run();
    const res = await read(alex, 'en', '/loyalty/gift_card/redeem/', {
      method: 'POST', body: { affiliate_uid: alex.uid, gift_card_uid: 'rwd-acme-store-credit', amount: 500 },
    });
    expect(res.status).toBe(201);
    // The page, in English, says it in English; the e-mail, in Spanish, in Spanish.
    expect(res.body.results.reward_name).toBe('Acme store credit');
    const mail = await lastEmail('acme', 'alex@acme.test');
    expect(mail!.subject).toBe('Tu recompensa de Acme Outdoor');
    expect(mail!.body_text).toContain('Crédito en la tienda Acme');
    expect(mail!.body_text).not.toContain('Acme store credit');
  });
});
