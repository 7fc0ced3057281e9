// Ambassador CSV import: POST /v1/operator/ambassadors/import?invite=true|false with a per-row
// report; good, bad and duplicate rows in one file; the 1000-row limit; header and file errors; and the
// CSV reader the import stands on.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '../../src/api/people/csv';
import { t } from '../../src/lib/i18n';
import { call, codeFrom, freshIp, lastEmail, login as passwordLogin, postJson } from './accounts-helpers';
import { edge } from './helpers';
import { hostOfKey, KEYS, scalar } from './operator-fixtures';

async function importCsv(key: string, csv: string | Uint8Array<ArrayBuffer>, opts: { invite?: boolean; type?: string; headers?: Record<string, string> } = {}) {
  const query = opts.invite === undefined ? '' : `?invite=${opts.invite}`;
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/ambassadors/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': opts.type ?? 'text/csv; charset=utf-8', ...opts.headers },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

describe('the CSV reader', () => {
  it('reads RFC 4180 quoting and tells the line each record starts on', () => {
    const records = parseCsv('a,b,c\r\n"x, y","say ""hi""",z\n\n"two\nlines",2,3\rlast,,');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'], malformed: false },
      { line: 2, cells: ['x, y', 'say "hi"', 'z'], malformed: false },
      { line: 4, cells: ['two\nlines', '2', '3'], malformed: false },
      { line: 6, cells: ['last', '', ''], malformed: false },
    ]);
  });

  it('keeps a quote inside an unquoted field, flags text after a closing quote, and refuses a quote never closed', () => {
    expect(parseCsv('5" screen,"ok"tail')).toEqual([{ line: 1, cells: ['5" screen', 'oktail'], malformed: true }]);
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"open\n2,3\n');
    } catch (err) {
      expect((err as CsvError).line).toBe(2);
    }
  });
});

describe('POST /v1/operator/ambassadors/import', () => {
  it('creates the good rows, skips known e-mails, reports the bad ones and invites the new ambassadors', async () => {
    const csv = [
      'email,first_name,last_name,group,campaigns,language',
      'ana@example.com,Ana,Alves,grp-demo-creators,cmp-demo-main;101,pt',
      'not-an-email,Bad,Email,,,',
      'BEN@demo.test,Ben,Again,,,',
      '"Carla@Example.com",Carla,"Costa, Jr.",Loyal customers,,es',
      'dora@example.com,Dora,,,,',
      'ana@example.com,Ana,Twice,,,',
      'eve@example.com,Eve,Evans,grp-nope,cmp-nope;102,xx',
      '"multi',
      'line",x,y,,,',
      'fred@example.com,Fred,Fox,,,',
      '',
    ].join('\r\n');
    const res = await importCsv(KEYS.demo, `\uFEFF${csv}`, { invite: true });
    expect(res.status).toBe(200);
    const created = (email: string) => scalar<string>('SELECT a.uid FROM ambassadors a JOIN users u ON u.id = a.user_id WHERE u.company_id = ? AND u.email = ?', 'demo', email);
    const [ana, carla, fred] = [await created('ana@example.com'), await created('carla@example.com'), await created('fred@example.com')];
    expect(res.body).toEqual({
      created: 3,
      skipped: 2,
      failed: 4,
      rows: [
        { row: 2, email: 'ana@example.com', status: 'created', uid: ana },
        { row: 3, email: 'not-an-email', status: 'error', errors: { email: [t('en', 'invalidEmail')] } },
        { row: 4, email: 'ben@demo.test', status: 'skipped', uid: 'amb-ben' },
        { row: 5, email: 'carla@example.com', status: 'created', uid: carla },
        { row: 6, email: 'dora@example.com', status: 'error', errors: { last_name: [t('en', 'required')] } },
        { row: 7, email: 'ana@example.com', status: 'skipped', uid: ana },
        {
          row: 8, email: 'eve@example.com', status: 'error',
          errors: { language: [expect.stringContaining('Unknown language; use one of en, es')], group: [expect.stringContaining('"grp-nope"')], campaigns: [expect.stringContaining('"cmp-nope"')] },
        },
        { row: 9, email: 'multi\r\nline', status: 'error', errors: { email: [t('en', 'invalidEmail')] } },
        { row: 11, email: 'fred@example.com', status: 'created', uid: fred },
      ],
    });
    expect(res.body.rows[6].errors.campaigns[0]).not.toContain('102');

    // Each created row is a whole account with its group, campaigns (referral links) and language.
    const anaRow = await env.DB.prepare('SELECT group_id, language FROM ambassadors WHERE uid = ?').bind(ana).first();
    expect(anaRow).toEqual({ group_id: 1, language: 'pt' });
    expect(await scalar("SELECT group_concat(campaign_id, ',') FROM (SELECT campaign_id FROM share_links WHERE ambassador_uid = ? AND is_default = 1 ORDER BY campaign_id)", ana)).toBe('101,102');
    expect(await scalar('SELECT group_id FROM ambassadors WHERE uid = ?', carla)).toBe(2);
    expect(await scalar('SELECT last_name FROM users u JOIN ambassadors a ON a.user_id = u.id WHERE a.uid = ?', carla)).toBe('Costa, Jr.');
    expect(await scalar('SELECT COUNT(*) FROM ambassador_campaigns WHERE ambassador_uid = ?', fred))
      .toBe(await scalar("SELECT COUNT(*) FROM campaigns WHERE company_id = 'demo' AND is_active = 1 AND is_hidden_dashboard = 0"));
    expect(await scalar("SELECT COUNT(*) FROM users WHERE company_id = 'demo' AND email IN ('dora@example.com', 'eve@example.com')")).toBe(0);

    // invite=true: one set-password e-mail per new ambassador, in their language; Carla follows hers and logs in.
    expect((await lastEmail('demo', 'ana@example.com'))?.subject).toBe(t('pt', 'emailInviteSubject', { company: 'Demo Co' }));
    expect((await lastEmail('demo', 'fred@example.com'))?.subject).toBe(t('en', 'emailInviteSubject', { company: 'Demo Co' }));
    expect(await lastEmail('demo', 'ben@demo.test')).toBeNull();
    const { code } = codeFrom((await lastEmail('demo', 'carla@example.com'))!.body_text);
    const password = 'Coastal-Walk-77';
    const set = await call('http://localhost/v1/auth/ambassador/set_password/?host=localhost', postJson({
      email: 'carla@example.com', code, password, repeat_password: password,
    }, {}, { ip: freshIp() }));
    expect(set.status).toBe(200);
    expect((await passwordLogin('localhost', 'carla@example.com', password)).status).toBe(200);
  });

  it('sends no e-mail without invite=true, and the same e-mails in another company are new there', async () => {
    const res = await importCsv(KEYS.acme, 'email,first_name,last_name\nben@demo.test,Ben,Elsewhere\n');
    expect(res.body).toMatchObject({ created: 1, skipped: 0, failed: 0, rows: [{ row: 2, status: 'created' }] });
    expect(await lastEmail('acme', 'ben@demo.test')).toBeNull();
    expect(await scalar("SELECT COUNT(*) FROM users WHERE email = 'ben@demo.test'")).toBe(2);
  });

  it('writes a row whole or not at all when its write fails, and still writes the rows around it', async () => {
    // An e-mail taken between the check and the write (here: a trigger that fails its user insert like the
    // UNIQUE index would) makes the chunk's batch fail; the rows are then written one by one.
    await env.DB.prepare(
      `CREATE TRIGGER test_taken BEFORE INSERT ON users WHEN NEW.email = 'raced@example.com'
       BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: users.company_id, users.email'); END`,
    ).run();
    try {
      const res = await importCsv(KEYS.demo, 'email,first_name,last_name\nbefore@example.com,Be,Fore\nraced@example.com,Ray,Ced\nafter@example.com,Af,Ter\n');
      expect(res.body.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'skipped', 'created']);
      expect(await scalar("SELECT COUNT(*) FROM users WHERE email IN ('before@example.com', 'after@example.com')")).toBe(2);
      expect(await scalar("SELECT COUNT(*) FROM users WHERE email = 'raced@example.com'")).toBe(0);
      expect(await scalar("SELECT COUNT(*) FROM ambassadors a LEFT JOIN users u ON u.id = a.user_id WHERE u.id IS NULL")).toBe(0);
    } finally {
      await env.DB.prepare('DROP TRIGGER test_taken').run();
    }
  });

  it('takes 1000 data rows and refuses 1001 with a clear message, writing nothing', async () => {
    const rows = (n: number) => ['email,first_name,last_name', ...Array.from({ length: n }, (_, i) => `bulk-${i}@@example.com,Bulk,${i}`)].join('\n');
    const ok = await importCsv(KEYS.demo, rows(1000));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ created: 0, skipped: 0, failed: 1000 });
    expect(ok.body.rows.at(-1).row).toBe(1001);
    const over = await importCsv(KEYS.demo, rows(1001));
    expect(over.status).toBe(413);
    expect(over.body.detail).toContain('1001 data rows');
    expect(over.body.detail).toContain('at most 1000');
  });

  it('refuses a header without a required column, or with an unknown or repeated one, naming it', async () => {
    const missing = await importCsv(KEYS.demo, 'email,first_name\na@example.com,A\n');
    expect(missing.status).toBe(400);
    expect(missing.body.header).toEqual(['The required column "last_name" is missing.']);
    const unknown = await importCsv(KEYS.demo, 'Email,First_Name,last_name,phone,group,group\na@example.com,A,B,123,,\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.header).toEqual([expect.stringContaining('Unknown column "phone"'), 'The column "group" appears twice.']);
    expect(await scalar("SELECT COUNT(*) FROM users WHERE email = 'a@example.com'")).toBe(0);
  });

  it('refuses another content type, a file that is not UTF-8, an empty file and a quote never closed', async () => {
    expect((await importCsv(KEYS.demo, 'email,first_name,last_name\n', { type: 'application/json' })).status).toBe(415);
    expect((await importCsv(KEYS.demo, 'email,first_name,last_name\n', { type: 'text/csv; charset=latin1' })).status).toBe(415);
    const latin1 = new Uint8Array([...new TextEncoder().encode('email,first_name,last_name\nj@example.com,J'), 0xe9, 0x0a]);
    const notUtf8 = await importCsv(KEYS.demo, latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.detail).toContain('UTF-8');
    expect((await importCsv(KEYS.demo, '')).status).toBe(400);
    const open = await importCsv(KEYS.demo, 'email,first_name,last_name\n"x@example.com,X,Y\n');
    expect(open.status).toBe(400);
    expect(open.body.detail).toContain('line 2');
  });

  it('answers a repeated request with the same Idempotency-Key with the stored report and writes nothing more', async () => {
    const csv = 'email,first_name,last_name\nonce@example.com,Once,Only\n';
    const first = await importCsv(KEYS.demo, csv, { headers: { 'idempotency-key': 'import-once-1' } });
    const again = await importCsv(KEYS.demo, csv, { headers: { 'idempotency-key': 'import-once-1' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.body.created).toBe(1);
    const invited = await importCsv(KEYS.demo, csv, { invite: true, headers: { 'idempotency-key': 'import-once-1' } });
    expect(invited.status).toBe(422);
  });
});
