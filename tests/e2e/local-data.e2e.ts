// Local data is the user's (issue 17): `npm start` seeded the demo on every start and, once the operator
// API had been used, the second start of a week crashed with "FOREIGN KEY constraint failed". Now the
// demo is loaded only into an empty database, a restart keeps everything, and `npm run db:seed` starts
// over on a database the product was used on (every table, the tenant cache and the file bucket).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, TMP, startExtraPortal, type ExtraPortal } from './harness';

const ADMIN_KEY = /^ADMIN_API_KEY=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars.example'), 'utf8'))![1]!.trim();
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const stateDir = path.join(TMP, `e2e-local-data-${Date.now()}-${process.pid}`);
let portal: ExtraPortal | undefined;

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  text: string;
}

async function call(origin: string, method: string, pathname: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${origin}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

/** The demo login through the browser API: 200 while ava@demo.test exists with the demo password. */
async function avaLogsIn(origin: string) {
  const res = await fetch(`${origin}/api/auth/ambassador/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'ava@demo.test', password: 'Password1!' }),
  });
  return res.status;
}

/** The login page of a tenant host: 200 while the host belongs to a company, 404 once nobody has it. */
async function loginPageStatus(origin: string, host: string) {
  const port = new URL(origin).port;
  const res = await fetch(`http://${host}:${port}/login`, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

async function start(startArgs: string[] = []) {
  portal = await startExtraPortal({}, { stateDir, startArgs });
  return portal.origin();
}

async function stop() {
  await portal?.stop();
  portal = undefined;
}

function seed(...extra: string[]) {
  const run = spawnSync('npx', ['--no', 'node', 'scripts/seed.mjs', '--persist-to', stateDir, ...extra], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** A minimal PDF: the asset upload judges the type by the bytes. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

afterAll(async () => {
  await stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('local data across npm start (issue 17)', () => {
  it('keeps what the operator API wrote across restarts, and db:seed starts over after any use', async () => {
    mkdirSync(stateDir, { recursive: true });
    // First start of a fresh state dir: the demo is loaded.
    let origin = await start();
    expect(await avaLogsIn(origin)).toBe(200);

    // A week of use, touching the tables the product writes: a new company with a host and a key of its
    // own, an ambassador invited by e-mail (outbox, deliveries) with points (ledger, lots, balances), a
    // webhook endpoint, a conversion sent with an Idempotency-Key (commission, activity, webhook
    // deliveries), a click on a share link (clicks, rollups), an uploaded asset (row + R2 file).
    const company = await call(origin, 'POST', '/v1/operator/companies', ADMIN_KEY, { id: 'northwind', name: 'Northwind', hosts: ['northwind.localhost'] });
    expect(company.status, company.text).toBe(201);
    const key = await call(origin, 'POST', '/v1/operator/companies/northwind/keys', ADMIN_KEY, { label: 'week one' });
    expect(key.status, key.text).toBe(201);
    const ambassador = await call(origin, 'POST', '/v1/operator/ambassadors', DEMO_KEY, {
      email: 'jamie@example.com', first_name: 'Jamie', last_name: 'Rivera', campaigns: ['cmp-demo-main'], invite: true,
    });
    expect(ambassador.status, ambassador.text).toBe(201);
    const jamie = /"uid":"(amb-[^"]+)"/.exec(ambassador.text)?.[1];
    expect(jamie, ambassador.text).toBeTruthy();
    const points = await call(origin, 'POST', `/v1/operator/ambassadors/${jamie}/loyalty/entries`, DEMO_KEY, { kind: 'points', amount: 120, description: 'Welcome bonus' });
    expect(points.status, points.text).toBe(201);
    const endpoint = await call(origin, 'POST', '/v1/operator/webhooks/endpoints', DEMO_KEY, { url: 'https://hooks.example.com/portal', event_types: ['commission.created'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    const conversion = await call(
      origin, 'POST', '/v1/operator/events', DEMO_KEY,
      { campaign_uid: 'cmp-demo-main', transaction_uid: 'LOCAL-DATA-1', revenue: '49.99', short_code: 'ava-demo', customer: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Buyer' } },
      { 'idempotency-key': '"local-data-1"' },
    );
    expect(conversion.status, conversion.text).toBe(201);
    const click = await fetch(`${origin}/r/ava-demo`, { redirect: 'manual' });
    expect(click.status).toBeGreaterThanOrEqual(300);
    expect(click.status).toBeLessThan(400);
    const form = new FormData();
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'week-one.pdf');
    form.set('campaign', 'cmp-demo-main');
    form.set('title', 'Week one brochure');
    const upload = await fetch(`${origin}/v1/operator/assets`, { method: 'POST', headers: { authorization: `Bearer ${DEMO_KEY}` }, body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    // The new host is served (and its lookup lands in the tenant cache, KV).
    expect(await loginPageStatus(origin, 'northwind.localhost')).toBe(200);
    await stop();

    // The second start keeps all of it (and does not crash on it): nothing is seeded over it.
    origin = await start();
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY)).body)).toContain('"northwind"');
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).body)).toContain('jamie@example.com');
    expect(JSON.stringify((await call(origin, 'GET', `/v1/operator/ambassadors/${jamie}/loyalty`, DEMO_KEY)).body)).toContain('Welcome bonus');
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/assets?campaign=cmp-demo-main', DEMO_KEY)).body)).toContain('Week one brochure');
    expect(await loginPageStatus(origin, 'northwind.localhost')).toBe(200);
    expect(await avaLogsIn(origin)).toBe(200);
    await stop();

    // `npm run dev` runs `seed.mjs --if-empty`: it keeps a used database as it is.
    const ifEmpty = seed('--if-empty');
    expect(ifEmpty.status, ifEmpty.output).toBe(0);
    origin = await start(['--no-seed']);
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY)).body)).toContain('"northwind"');
    await stop();

    // npm run db:seed on the same state: succeeds after all that use, and gives exactly the demo back
    // (the new company's host is unknown again at once: the tenant cache is emptied too).
    const reseed = seed();
    expect(reseed.status, reseed.output).toBe(0);
    origin = await start();
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY)).body)).not.toContain('"northwind"');
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).body)).not.toContain('jamie@example.com');
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/assets?campaign=cmp-demo-main', DEMO_KEY)).body)).not.toContain('Week one brochure');
    expect(await loginPageStatus(origin, 'northwind.localhost')).toBe(404);
    expect(await loginPageStatus(origin, 'acme.localhost')).toBe(200);
    expect(await avaLogsIn(origin)).toBe(200);
    // Used again after the re-seed, and seeded once more: still re-runnable.
    expect((await call(origin, 'POST', '/v1/operator/companies', ADMIN_KEY, { id: 'northwind', name: 'Northwind', hosts: ['northwind.localhost'] })).status).toBe(201);
    await stop();
    const again = seed();
    expect(again.status, again.output).toBe(0);

    // --reset starts over too.
    origin = await start(['--reset']);
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY)).body)).not.toContain('"northwind"');
    expect(await avaLogsIn(origin)).toBe(200);
  }, 900_000);
});
