// A new account's memorable URL reads as the person's name (it was an
// opaque id): readable, unique per company, valid for any script, never a reserved path.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertAccounts, type NewAccount } from '../../src/api/auth/queries';
import { slugOfName } from '../../src/lib/memorable-name';
import { USERNAME_PATTERN } from '../../src/lib/schemas/profile';
import { forgetTenants } from '../../src/edge/tenant';
import { call, register } from './accounts-helpers';

beforeEach(() => forgetTenants());

const person = (firstName: string, lastName: string, email: string) =>
  ({ firstName, lastName, email, group: 'grp-acme-guides', terms: 'on' });

/** Registers on acme and answers the new ambassador's username. */
async function registerAs(firstName: string, lastName: string, email: string) {
  const { res, body } = await register('acme.localhost', 'acme', person(firstName, lastName, email));
  expect(res.status, JSON.stringify(body)).toBe(201);
  const row = await env.DB.prepare('SELECT username FROM ambassadors WHERE company_id = ? AND uid = ?')
    .bind('acme', body.ambassador_uid).first<{ username: string | null }>();
  return { uid: body.ambassador_uid as string, username: row!.username };
}

let accounts = 0;
/** An account as the operator API and the CSV import write it (the same statements as registration). */
const account = (email: string, firstName: string, lastName: string): NewAccount => ({
  companyId: 'acme', email, passwordHash: null, firstName, lastName, ambassadorUid: `amb-name-${++accounts}`,
  shareCode: `NAME${accounts}X`, loyaltyAccess: false, customFields: {}, campaigns: [],
  profile: { phone: null, company_name: null, job_title: null, street: null, city: null, state: null, zip: null, country: null, date_of_birth: null, paypal_email: null, group_id: null },
});

async function usernamesOf(emails: readonly string[]) {
  const usernames = [];
  for (const email of emails) {
    usernames.push((await env.DB.prepare('SELECT a.username FROM ambassadors a JOIN users u ON u.id = a.user_id WHERE u.company_id = ? AND u.email = ?')
      .bind('acme', email).first<{ username: string | null }>())?.username);
  }
  return usernames;
}

describe('memorable URL of a new registrant', () => {
  it('is first-last, and a namesake in the same company gets a numbered one', async () => {
    const first = await registerAs('Marta', 'Nieves', 'marta1@x.test');
    const second = await registerAs('marta', 'NIEVES', 'marta2@x.test');
    expect(first.username).toBe('marta-nieves');
    expect(second.username).toBe('marta-nieves-2');
    // Both memorable URLs lead to their own referral link (the registrant joined acme's campaigns).
    for (const { uid, username } of [first, second]) {
      const res = await call(`http://acme.localhost/${username}`, { redirect: 'manual' });
      expect(res.status, username!).toBe(302);
      const link = await env.DB.prepare('SELECT short_code FROM share_links WHERE company_id = ? AND ambassador_uid = ? AND is_default = 1')
        .bind('acme', uid).first<{ short_code: string }>();
      expect(new URL(res.headers.get('location')!).searchParams.get('mbsy')).toBe(link!.short_code);
    }
  });

  it('turns accents and other alphabets into URL-safe letters, and falls back to the share code when nothing is left', async () => {
    expect((await registerAs('Zoë', 'Łukasiewicz-Ørsted', 'zoe@x.test')).username).toBe('zoe-lukasiewicz-orsted');
    expect((await registerAs('Юлия', 'Щербакова', 'yulia@x.test')).username).toBe('yuliya-shcherbakova');
    expect((await registerAs('Ἀλέξης', 'Παπαδάκης', 'alexis@x.test')).username).toBe('alexis-papadakis');
    const han = await registerAs('王', '秀英', 'wang@x.test');
    const code = await env.DB.prepare('SELECT share_code FROM ambassadors WHERE uid = ?').bind(han.uid).first<{ share_code: string }>();
    expect(han.username).toBe(code!.share_code.toLowerCase());
    for (const name of ['Ğülşen  Çağlar', '  --Jean--Luc  ', 'Ⅻ ﬁne', 'x'.repeat(80)]) {
      expect(slugOfName(name), name).toMatch(USERNAME_PATTERN);
    }
  });

  it('never takes a reserved path or a name someone already chose, and leaves other companies alone', async () => {
    // acme's seed has "alex"; demo's "ava" is another company's and does not count here.
    const people = [['help@x.test', 'Help'], ['login@x.test', 'Login'], ['alex2@x.test', 'Alex'], ['ava2@x.test', 'Ava']] as const;
    await insertAccounts(env.DB, 'acme', people.map(([email, first]) => account(email, first, '')));
    expect(await usernamesOf(people.map(([email]) => email))).toEqual(['help-2', 'login-2', 'alex-2', 'ava']);
  });

  it('numbers namesakes written together in one batch (the operator import)', async () => {
    await insertAccounts(env.DB, 'acme', [1, 2, 3].map((i) => account(`imp${i}@x.test`, 'Imp', 'Orted')));
    expect(await usernamesOf(['imp1@x.test', 'imp2@x.test', 'imp3@x.test'])).toEqual(['imp-orted', 'imp-orted-2', 'imp-orted-3']);
  });

  it('leaves existing accounts as they were: a seeded account without a username keeps its uid URL', async () => {
    const nora = await env.DB.prepare("SELECT username FROM ambassadors WHERE uid = 'amb-nocampaign'").first<{ username: string | null }>();
    expect(nora!.username).toBeNull();
  });
});
