// The company's e-mail suppression list through the operator API: read it (own company only), lift an
// address, and the next e-mail to it goes out again. Only the provider's HTTP client is stubbed.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxSender } from '../../src/api/email/outbox';
import { setEmailFetch } from '../../src/api/email/providers';
import { KEYS, op, tx } from './operator-fixtures';

const sending = { ...env, RESEND_API_KEY: 're_test_key', EMAIL_FROM: 'Portal <no-reply@mail.example.test>', EMAIL_QUEUE: undefined } as unknown as Env;

const suppress = (companyId: string, email: string, reason = 'bounced') =>
  env.DB.prepare('INSERT INTO email_suppressions (company_id, email, reason, detail) VALUES (?, ?, ?, ?)').bind(companyId, email, reason, 'mailbox full').run();

/** Writes an e-mail the way every endpoint does, delivered at once (no queue binding): its row's status. */
async function sendTo(companyId: string, to: string) {
  const ctx = createExecutionContext();
  await outboxSender(env.DB, { env: sending, waitUntil: (p) => ctx.waitUntil(p) })
    .send({ companyId, to, template: 'welcome', subject: 'Hello', text: 'Hello' });
  await waitOnExecutionContext(ctx);
  return env.DB.prepare('SELECT status FROM email_outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').bind(to).first<string>('status');
}

afterEach(() => setEmailFetch(null));

describe('operator e-mail suppressions', () => {
  it("lists the company's own suppressions only, newest first, filtered by address", async () => {
    const id = tx('sup');
    await suppress('demo', `${id}-a@example.com`);
    await suppress('demo', `${id}-b@example.com`, 'complained');
    await suppress('acme', `${id}-acme@example.com`);
    const all = await op(KEYS.demo, 'GET', `/email/suppressions?email=${id}`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((r: { email: string }) => r.email).sort()).toEqual([`${id}-a@example.com`, `${id}-b@example.com`]);
    expect(all.body.results.find((r: { email: string }) => r.email.endsWith('-b@example.com')).reason).toBe('complained');
    const bad = await op(KEYS.demo, 'GET', '/email/suppressions?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.limit).toBeDefined();
  });

  it('lifts an address: the next e-mail to it is sent again; another company cannot lift it', async () => {
    const to = `${tx('lift')}@example.com`;
    await suppress('demo', to);
    const sent: string[] = [];
    setEmailFetch(async (_input, init) => {
      sent.push(String(init?.body));
      return Response.json({ id: `re-${crypto.randomUUID()}` });
    });
    expect(await sendTo('demo', to)).toBe('suppressed');
    expect(sent).toEqual([]);

    const foreign = await op(KEYS.acme, 'DELETE', `/email/suppressions/${encodeURIComponent(to)}`);
    expect(foreign.status).toBe(404);
    const lifted = await op(KEYS.demo, 'DELETE', `/email/suppressions/${encodeURIComponent(to)}`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.lifted).toMatchObject({ email: to, reason: 'bounced' });
    expect((await op(KEYS.demo, 'DELETE', `/email/suppressions/${encodeURIComponent(to)}`)).status).toBe(404);

    expect(await sendTo('demo', to)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('refuses a malformed address with the field named', async () => {
    const res = await op(KEYS.demo, 'DELETE', '/email/suppressions/not-an-address');
    expect(res.status).toBe(400);
    expect(res.body.email).toBeDefined();
  });
});
