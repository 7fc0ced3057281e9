// E-mail delivery: outbox rows go out through Resend via the e-mail queue, with back-off on
// temporary failures, suppression on permanent ones and on signed bounce events, and nothing sent twice.
// Only the provider's HTTP client is stubbed (setEmailFetch); the queue is a recorder whose messages are
// handed to the real consumer, so a test can deliver one message twice or let time pass before a retry.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeEmail, MAX_ACCOUNT_ATTEMPTS, MAX_ATTEMPTS, outboxReference, sweepOutbox } from '../../src/api/email/delivery';
import { setEmailFetch } from '../../src/api/email/providers';
import { outboxSender } from '../../src/api/email/outbox';
import { webhookHeaders } from '../../src/api/webhooks/signing';
import { call, freshIp, postJson } from './accounts-helpers';

const WEBHOOK_SECRET = 'whsec_dGVzdC1vbmx5LXJlc2VuZC13ZWJob29rLXNlY3JldA==';

interface SentRequest { url: string; headers: Headers; body: { from: string; to: string[]; subject: string; text: string; headers: Record<string, string> } }

/** The provider: records each request and answers from a script (then 200 with a fresh id). */
function fakeResend() {
  const requests: SentRequest[] = [];
  const script: Response[] = [];
  setEmailFetch(async (input, init) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
    return script.shift() ?? Response.json({ id: `re-${crypto.randomUUID()}` });
  });
  return { requests, answer: (...responses: Response[]) => script.push(...responses) };
}

/** Stands in for the EMAIL_QUEUE binding: keeps what was sent, hands it over as a batch for consumeEmail. */
function memoryQueue() {
  const bodies: unknown[] = [];
  const queue = {
    async send(body: unknown) { bodies.push(body); },
    async sendBatch(messages: Iterable<{ body: unknown }>) { for (const m of messages) bodies.push(m.body); },
  };
  return { binding: queue as unknown as Queue, bodies, take: () => bodies.splice(0) };
}

/** A batch as the queue delivers it, recording what the consumer did with each message. */
function batchOf(bodies: unknown[]) {
  const acked: unknown[] = [];
  const retried: { body: unknown; delaySeconds?: number }[] = [];
  const messages = bodies.map((body, i) => ({
    id: `msg-${i}`, timestamp: new Date(), attempts: 1, body,
    ack: () => acked.push(body),
    retry: (options?: QueueRetryOptions) => retried.push({ body, delaySeconds: options?.delaySeconds }),
  }));
  return { batch: { queue: 'portal-email', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>, acked, retried };
}

const queue = memoryQueue();
const sending = { ...env, RESEND_API_KEY: 're_test_key', EMAIL_FROM: 'Portal <no-reply@mail.example.test>', EMAIL_QUEUE: queue.binding } as Env;

async function consume(bodies: unknown[], withEnv: Env = sending) {
  const run = batchOf(bodies);
  const ctx = createExecutionContext();
  await consumeEmail(run.batch, withEnv, ctx);
  await waitOnExecutionContext(ctx);
  return run;
}

/** Writes one e-mail the way every endpoint does; returns its outbox id. */
async function write(companyId: string, to: string, withEnv: Env = sending) {
  const ctx = createExecutionContext();
  await outboxSender(env.DB, { env: withEnv, waitUntil: (p) => ctx.waitUntil(p) })
    .send({ companyId, to, template: 'welcome', subject: `Hello ${to}`, text: 'Set your password: http://localhost/set-password' });
  await waitOnExecutionContext(ctx);
  return (await env.DB.prepare('SELECT MAX(id) AS id FROM email_outbox').first<number>('id'))!;
}

interface Row { status: string; attempts: number; next_attempt_at: string | null; last_error: string | null; sent_at: string | null; provider_id: string | null }
const row = (id: number) => env.DB.prepare('SELECT * FROM email_outbox WHERE id = ?').bind(id).first<Row>();
const suppression = (companyId: string, email: string) =>
  env.DB.prepare('SELECT reason FROM email_suppressions WHERE company_id = ? AND email = ?').bind(companyId, email).first<string>('reason');
const companyName = (id: string) => env.DB.prepare('SELECT name FROM companies WHERE id = ?').bind(id).first<string>('name');

/** Lets the clock run past a row's next attempt. */
async function passTimeBeyond(id: number) {
  const due = Date.parse((await row(id))!.next_attempt_at!);
  vi.setSystemTime(due + 1000);
}

let resend: ReturnType<typeof fakeResend>;
beforeEach(() => {
  resend = fakeResend();
  queue.take();
});
afterEach(() => {
  setEmailFetch(null);
  vi.useRealTimers();
});

describe('e-mail delivery', () => {
  it('hands a new e-mail to the queue and sends it once, even when its message arrives twice', async () => {
    const id = await write('acme', 'once@acme.test');
    const messages = queue.take();
    expect(messages).toEqual([{ id }]);

    const run = await consume([...messages, ...messages]);
    expect(resend.requests).toHaveLength(1);
    const [request] = resend.requests;
    expect(request!.url).toBe('https://api.resend.com/emails');
    expect(request!.headers.get('authorization')).toBe('Bearer re_test_key');
    expect(request!.headers.get('idempotency-key')).toMatch(new RegExp(`^outbox-${id}-[0-9a-f]{32}$`));
    expect(request!.body).toMatchObject({
      from: `"${await companyName('acme')}" <no-reply@mail.example.test>`,
      to: ['once@acme.test'], subject: 'Hello once@acme.test', text: expect.stringContaining('/set-password'),
    });
    expect(run.acked).toHaveLength(2);
    expect(run.retried).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: expect.any(String), provider_id: expect.stringMatching(/^re-/) });
  });

  it('queues the reset e-mail of a forgot-password request', async () => {
    const res = await call('http://acme.localhost/v1/auth/ambassador/forgot_password/?host=acme.localhost',
      postJson({ email: 'sam@acme.test' }, {}, { ip: freshIp(), env: sending }));
    expect(res.status).toBe(200);
    const id = await env.DB.prepare("SELECT MAX(id) AS id FROM email_outbox WHERE to_email = 'sam@acme.test'").first<number>('id');
    expect(queue.take()).toEqual([{ id }]);
  });

  it('backs off after a 503 and delivers on the next attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await write('demo', 'later@demo.test');
    resend.answer(new Response('upstream down', { status: 503 }));

    const first = await consume(queue.take());
    expect(first.retried).toEqual([{ body: { id }, delaySeconds: 30 }]);
    const waiting = (await row(id))!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, last_error: expect.stringContaining('503') });
    expect(Date.parse(waiting.next_attempt_at!) - Date.now()).toBeGreaterThan(25_000);

    // A copy of the message that turns up before the retry is due sends nothing.
    await consume([{ id }]);
    expect(resend.requests).toHaveLength(1);

    await passTimeBeyond(id);
    const second = await consume([{ id }]);
    expect(second.acked).toEqual([{ id }]);
    expect(resend.requests).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, waiting longer before each`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await write('demo', 'down@demo.test');
    queue.take();
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      resend.answer(new Response('busy', { status: 500 }));
      const run = await consume([{ id }]);
      delays.push(...run.retried.map((r) => r.delaySeconds));
      if (attempt < MAX_ATTEMPTS) await passTimeBeyond(id);
      else expect(run.acked).toEqual([{ id }]);
    }
    expect(delays).toHaveLength(MAX_ATTEMPTS - 1);
    delays.slice(1).forEach((delay, i) => expect(delay!).toBeGreaterThan(delays[i]!));
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null, last_error: expect.stringMatching(/^gave up after/) });

    await consume([{ id }]);
    expect(resend.requests).toHaveLength(MAX_ATTEMPTS);
  });

  it('suppresses an address the provider refuses, only for that company', async () => {
    const id = await write('demo', 'nobody@invalid.test');
    resend.answer(Response.json({ statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' }, { status: 422 }));
    const run = await consume(queue.take());
    expect(run.acked).toEqual([{ id }]);
    expect(await row(id)).toMatchObject({ status: 'failed', sent_at: null, last_error: expect.stringContaining('422') });
    expect(await suppression('demo', 'nobody@invalid.test')).toBe('rejected');

    // The next e-mail to the address stays in the outbox, visible as suppressed, and is never sent ...
    const next = await write('demo', 'Nobody@Invalid.test');
    await consume(queue.take());
    expect(resend.requests).toHaveLength(1);
    expect(await row(next)).toMatchObject({ status: 'suppressed', sent_at: null });

    // ... while another company still writes to the same address.
    const other = await write('acme', 'nobody@invalid.test');
    await consume(queue.take());
    expect(resend.requests).toHaveLength(2);
    expect(await row(other)).toMatchObject({ status: 'sent' });
    expect(await suppression('acme', 'nobody@invalid.test')).toBeNull();
  });

  it('never suppresses the recipient when the provider refuses the sender (an account problem, retried a few times)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await write('demo', 'fine@demo.test');
    queue.take();
    for (let attempt = 1; attempt <= MAX_ACCOUNT_ATTEMPTS; attempt++) {
      resend.answer(Response.json({ statusCode: 422, name: 'invalid_from_address', message: 'Invalid `from` field.' }, { status: 422 }));
      const run = await consume([{ id }]);
      if (attempt < MAX_ACCOUNT_ATTEMPTS) {
        expect(run.retried[0]!.delaySeconds).toBeGreaterThanOrEqual(3600);
        await passTimeBeyond(id);
      }
    }
    expect(await row(id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('account: 422 invalid_from_address') });
    expect(resend.requests).toHaveLength(MAX_ACCOUNT_ATTEMPTS);
    expect(await suppression('demo', 'fine@demo.test')).toBeNull();
  });
});

// E-mail would not leave in production. Resend refuses a request without a User-Agent (403),
// a 403 was retried all day, any 422 that did not name "from" suppressed the recipient, a 409 conflict
// was retried, and the idempotency key was the bare row id, shared by every database.
describe("Resend's answers", () => {
  it('sends a User-Agent, the key and one idempotency key per row that a reset database never reuses', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await write('demo', 'ua@demo.test');
    resend.answer(new Response('busy', { status: 502 }));
    await consume(queue.take());
    await passTimeBeyond(id);
    await consume([{ id }]);
    expect(resend.requests).toHaveLength(2);
    const [first, retry] = resend.requests as [SentRequest, SentRequest];
    expect(first.headers.get('user-agent')).toMatch(/^ambassador-portal\//);
    expect(first.headers.get('authorization')).toBe('Bearer re_test_key');
    const key = first.headers.get('idempotency-key')!;
    expect(key).toMatch(/^outbox-\d+-[0-9a-f]{32}$/);
    expect(key.length).toBeLessThanOrEqual(256);
    expect(retry.headers.get('idempotency-key')).toBe(key);
    expect(first.body.headers['X-Entity-Ref-ID']).toBe(key);

    // The database starts over (a reset local state, another deployment on the same Resend account): the
    // next row gets the same id, but not the same key, so Resend does not swallow it as a replay.
    await env.DB.prepare('DELETE FROM email_outbox WHERE id >= ?').bind(id).run();
    vi.setSystemTime(Date.now() + 5_000);
    const again = await write('demo', 'ua@demo.test');
    expect(again).toBe(id);
    await consume(queue.take());
    expect(resend.requests[2]!.headers.get('idempotency-key')).not.toBe(key);
    expect(await outboxReference({ id, company_id: 'acme', created_at: '2026-01-01T00:00:00.000Z' }))
      .not.toBe(await outboxReference({ id, company_id: 'demo', created_at: '2026-01-01T00:00:00.000Z' }));
  });

  const cases: { answer: [number, string, string]; retryAfter?: string; outcome: string; suppressed: boolean; minDelay?: number }[] = [
    { answer: [403, 'validation_error', 'You can only send testing emails to your own email address (owner@example.com).'], outcome: 'pending', suppressed: false, minDelay: 3600 },
    { answer: [403, 'invalid_api_key', 'API key is invalid'], outcome: 'pending', suppressed: false, minDelay: 3600 },
    { answer: [401, 'missing_api_key', 'Missing API key in the authorization header.'], outcome: 'pending', suppressed: false, minDelay: 3600 },
    { answer: [401, 'restricted_api_key', 'This API key is restricted to only send emails.'], outcome: 'pending', suppressed: false, minDelay: 3600 },
    { answer: [422, 'validation_error', 'Invalid `to` field. The email address needs to follow the `email@example.com` format.'], outcome: 'failed', suppressed: true },
    { answer: [422, 'validation_error', 'The `subject` field must be a string.'], outcome: 'failed', suppressed: false },
    { answer: [400, 'validation_error', 'We found an error with one or more fields in the request.'], outcome: 'failed', suppressed: false },
    { answer: [422, 'missing_required_field', 'Missing `subject` field.'], outcome: 'failed', suppressed: false },
    { answer: [400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'], outcome: 'failed', suppressed: false },
    { answer: [409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'], outcome: 'failed', suppressed: false },
    { answer: [409, 'concurrent_idempotent_requests', 'Same idempotency key used while original request is still in progress.'], outcome: 'pending', suppressed: false },
    { answer: [429, 'rate_limit_exceeded', 'Too many requests.'], retryAfter: '120', outcome: 'pending', suppressed: false, minDelay: 120 },
    { answer: [429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.'], retryAfter: '7200', outcome: 'pending', suppressed: false, minDelay: 7200 },
    { answer: [451, 'security_error', 'We may have found a security issue with the request.'], outcome: 'failed', suppressed: false },
    { answer: [500, 'application_error', 'An unexpected error occurred.'], outcome: 'pending', suppressed: false },
  ];
  it.each(cases)('$answer.0 $answer.1: the e-mail is $outcome, recipient suppressed: $suppressed', async ({ answer: [status, name, message], retryAfter, outcome, suppressed, minDelay }) => {
    const to = `${name}-${status}-${crypto.randomUUID().slice(0, 8)}@demo.test`;
    const id = await write('demo', to);
    resend.answer(Response.json({ statusCode: status, name, message }, { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} }));
    const run = await consume(queue.take());
    expect(await row(id)).toMatchObject({ status: outcome, last_error: expect.stringContaining(`${status} ${name}`) });
    expect(await suppression('demo', to)).toBe(suppressed ? 'rejected' : null);
    if (outcome === 'pending') expect(run.retried[0]!.delaySeconds!).toBeGreaterThanOrEqual(minDelay ?? 30);
    else expect(run.acked).toEqual([{ id }]);
  });
});

describe('POST /v1/email/events', () => {
  const withSecret = { ...sending, RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET } as Env;
  const post = async (event: unknown, secret = WEBHOOK_SECRET) => {
    const body = JSON.stringify(event);
    const headers = await webhookHeaders(secret, `msg_${crypto.randomUUID()}`, Math.floor(Date.now() / 1000), body);
    const svix = { 'svix-id': headers['webhook-id']!, 'svix-timestamp': headers['webhook-timestamp']!, 'svix-signature': headers['webhook-signature']! };
    return call('http://localhost/v1/email/events', { method: 'POST', headers: { 'content-type': 'application/json', ...svix }, body, env: withSecret });
  };
  const sentTo = async (companyId: string, to: string) => {
    const id = await write(companyId, to);
    await consume(queue.take());
    return { id, providerId: (await row(id))!.provider_id! };
  };

  it('suppresses the address of a bounced e-mail for its company; a badly signed event is refused', async () => {
    const { id, providerId } = await sentTo('acme', 'gone@acme.test');
    const bounce = { type: 'email.bounced', created_at: new Date().toISOString(), data: { email_id: providerId, to: ['gone@acme.test'], bounce: { type: 'Permanent', message: 'mailbox does not exist' } } };

    const forged = await post(bounce, 'whsec_' + btoa('someone else entirely, not the secret'));
    expect(forged.status).toBe(401);
    expect(await suppression('acme', 'gone@acme.test')).toBeNull();

    const res = await post(bounce);
    expect(res.status).toBe(200);
    expect(await suppression('acme', 'gone@acme.test')).toBe('bounced');
    expect(await row(id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('mailbox does not exist') });

    // Acme writes to the address no more; the same person at another tenant still gets that tenant's e-mail.
    const acmeNext = await write('acme', 'gone@acme.test');
    const demoNext = await write('demo', 'gone@acme.test');
    await consume(queue.take());
    expect(await row(acmeNext)).toMatchObject({ status: 'suppressed', sent_at: null });
    expect(await row(demoNext)).toMatchObject({ status: 'sent' });
    expect(resend.requests.map((r) => r.body.from)).toEqual([
      `"${await companyName('acme')}" <no-reply@mail.example.test>`, `"${await companyName('demo')}" <no-reply@mail.example.test>`,
    ]);
  });

  it('suppresses on a complaint and keeps the e-mail counted as sent', async () => {
    const { id, providerId } = await sentTo('demo', 'angry@demo.test');
    expect((await post({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: providerId } })).status).toBe(200);
    expect(await suppression('demo', 'angry@demo.test')).toBe('complained');
    expect(await row(id)).toMatchObject({ status: 'sent', last_error: 'complained' });
  });

  it('applies a replayed webhook-id once: a suppression the operator lifted in between stays lifted', async () => {
    const { providerId } = await sentTo('demo', 'replayed@demo.test');
    const body = JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { email_id: providerId, bounce: { type: 'Permanent', message: 'no such user' } } });
    const headers = { 'content-type': 'application/json', ...(await webhookHeaders(WEBHOOK_SECRET, `msg_${crypto.randomUUID()}`, Math.floor(Date.now() / 1000), body)) };
    const deliver = () => call('http://localhost/v1/email/events', { method: 'POST', headers, body, env: withSecret });

    const first = await deliver();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { result: string }).result).toBe('suppressed');
    expect(await suppression('demo', 'replayed@demo.test')).toBe('bounced');
    await env.DB.prepare('DELETE FROM email_suppressions WHERE company_id = ? AND email = ?').bind('demo', 'replayed@demo.test').run();

    // The very same signed request again (a replay by an attacker, or the provider's redelivery).
    const replay = await deliver();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { result: string }).result).toBe('duplicate');
    expect(await suppression('demo', 'replayed@demo.test')).toBeNull();
  });

  it('refuses an event signed more than five minutes ago, and a body that is not JSON', async () => {
    const { providerId } = await sentTo('demo', 'late@demo.test');
    const body = JSON.stringify({ type: 'email.bounced', data: { email_id: providerId } });
    const old = await webhookHeaders(WEBHOOK_SECRET, `msg_${crypto.randomUUID()}`, Math.floor(Date.now() / 1000) - 600, body);
    const late = await call('http://localhost/v1/email/events', { method: 'POST', headers: { 'content-type': 'application/json', ...old }, body, env: withSecret });
    expect(late.status).toBe(401);
    expect(await suppression('demo', 'late@demo.test')).toBeNull();
    const text = 'not json';
    const signed = await webhookHeaders(WEBHOOK_SECRET, `msg_${crypto.randomUUID()}`, Math.floor(Date.now() / 1000), text);
    const bad = await call('http://localhost/v1/email/events', { method: 'POST', headers: { 'content-type': 'application/json', ...signed }, body: text, env: withSecret });
    expect(bad.status).toBe(400);
  });

  it('answers events it does not act on with 200, and is not there without a secret', async () => {
    const res = await post({ type: 'email.delivered', created_at: new Date().toISOString(), data: { email_id: 'unknown' } });
    expect(res.status).toBe(200);
    const body = JSON.stringify({ type: 'email.bounced', data: { email_id: 'x' } });
    expect((await call('http://localhost/v1/email/events', { method: 'POST', body })).status).toBe(404);
  });
});

describe('the scheduled sweep', () => {
  it('re-queues e-mails whose message was lost and, without a queue, delivers them itself', async () => {
    const lost = await write('demo', 'lost@demo.test');
    queue.take(); // the message never reaches the consumer
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await sweepOutbox(sending, createExecutionContext(), later)).toMatchObject({ queued: expect.any(Number) });
    expect(queue.take()).toContainEqual({ id: lost });

    const { EMAIL_QUEUE: _, ...withoutQueue } = sending;
    const summary = await sweepOutbox(withoutQueue as Env, createExecutionContext(), later);
    expect(summary).toMatchObject({ delivered: { sent: expect.any(Number) } });
    expect(await row(lost)).toMatchObject({ status: 'sent' });
    expect(resend.requests.map((r) => r.body.to[0])).toContain('lost@demo.test');
  });

  it('gives up an e-mail older than two days instead of sending it late', async () => {
    const id = (await env.DB.prepare(
      "INSERT INTO email_outbox (company_id, to_email, template, subject, body_text, created_at) VALUES ('demo', 'stale@demo.test', 'reset_password', 'Code', 'x', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days')) RETURNING id",
    ).first<number>('id'))!;
    await consume([{ id }]);
    expect(resend.requests).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('expired') });
  });

  it('with EMAIL_PROVIDER=log and no queue, marks a new e-mail sent right after writing it, without sending', async () => {
    const { EMAIL_QUEUE: _, ...withoutQueue } = env;
    const id = await write('demo', 'logged@demo.test', { ...withoutQueue, EMAIL_PROVIDER: 'log' } as Env);
    expect(await row(id)).toMatchObject({ status: 'sent', provider_id: `log-${id}` });
    expect(resend.requests).toEqual([]);
  });

  it('sends nothing without a provider: rows stay pending and readable in the dev outbox', async () => {
    const id = await write('demo', 'local@demo.test', env);
    expect(queue.bodies).toEqual([]);
    const run = await consume([{ id }], env);
    expect(run.acked).toEqual([{ id }]);
    expect(await sweepOutbox(env, createExecutionContext(), new Date(Date.now() + 3_600_000))).toEqual({ provider: null });
    expect(resend.requests).toEqual([]);

    const res = await call('http://localhost/v1/dev/outbox/?host=localhost&to=local@demo.test', { env: { DEV_OUTBOX: '1' } });
    const { results } = await res.json<{ results: { id: number; status: string; sent_at: string | null }[] }>();
    expect(results).toEqual([expect.objectContaining({ id, status: 'pending', sent_at: null })]);
  });
});
