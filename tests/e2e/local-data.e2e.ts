// Local data is the user's (issue 17): `npm start` seeded the demo on every start and, once the operator
// API had been used, the second start of a week crashed with "FOREIGN KEY constraint failed". Now the
// demo is loaded only into an empty database, a restart keeps everything, and `npm run db:seed` starts
// over on a database the product was used on.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, TMP, startExtraPortal, type ExtraPortal } from './harness';

const ADMIN_KEY = /^ADMIN_API_KEY=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars.example'), 'utf8'))![1]!.trim();
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const stateDir = path.join(TMP, `e2e-local-data-${Date.now()}-${process.pid}`);
let portal: ExtraPortal | undefined;

async function call(origin: string, method: string, pathname: string, key: string, body?: unknown) {
  const res = await fetch(`${origin}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
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

async function start(startArgs: string[] = []) {
  portal = await startExtraPortal({}, { stateDir, startArgs });
  return portal.origin();
}

async function stop() {
  await portal?.stop();
  portal = undefined;
}

afterAll(async () => {
  await stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('local data across npm start', () => {
  it('keeps what the operator API wrote across restarts, and db:seed starts over after any use', async () => {
    mkdirSync(stateDir, { recursive: true });
    // First start of a fresh state dir: the demo is loaded.
    let origin = await start();
    expect(await avaLogsIn(origin)).toBe(200);

    // A week of use: a new company, an ambassador, a webhook endpoint, a conversion of the demo company.
    const company = await call(origin, 'POST', '/v1/operator/companies', ADMIN_KEY, { id: 'northwind', name: 'Northwind', hosts: ['northwind.localhost'] });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const ambassador = await call(origin, 'POST', '/v1/operator/ambassadors', DEMO_KEY, { email: 'jamie@example.com', first_name: 'Jamie', last_name: 'Rivera', campaigns: ['cmp-demo-main'] });
    expect(ambassador.status, JSON.stringify(ambassador.body)).toBe(201);
    const endpoint = await call(origin, 'POST', '/v1/operator/webhooks/endpoints', DEMO_KEY, { url: 'https://hooks.example.com/portal', event_types: ['commission.created'] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const conversion = await call(origin, 'POST', '/v1/operator/events', DEMO_KEY, { campaign_uid: 'cmp-demo-main', transaction_uid: 'LOCAL-DATA-1', revenue: '49.99', short_code: 'ava-demo', customer: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Buyer' } });
    expect(conversion.status, JSON.stringify(conversion.body)).toBe(201);
    await stop();

    // The second start keeps all of it (and does not crash on it).
    origin = await start();
    expect((await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY)).body).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: 'northwind' })]) });
    const kept = await call(origin, 'GET', '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY);
    expect(JSON.stringify(kept.body)).toContain('jamie@example.com');
    expect(await avaLogsIn(origin)).toBe(200);
    await stop();

    // npm run db:seed on the same state: succeeds after all that use, and gives exactly the demo back.
    const seed = spawnSync('npx', ['--no', 'node', 'scripts/seed.mjs', '--persist-to', stateDir], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(seed.status, `${seed.stdout}\n${seed.stderr}`).toBe(0);
    origin = await start();
    const companies = await call(origin, 'GET', '/v1/operator/companies', ADMIN_KEY);
    expect(JSON.stringify(companies.body)).not.toContain('northwind');
    expect(JSON.stringify((await call(origin, 'GET', '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).body)).not.toContain('jamie@example.com');
    expect(await avaLogsIn(origin)).toBe(200);
    await stop();

    // --reset starts over too.
    origin = await start(['--reset']);
    expect(await avaLogsIn(origin)).toBe(200);
  });
});
