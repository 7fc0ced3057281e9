// Local data is the user's: `npm start` used to seed the demo on every start and, once the operator API
// had been used, the second start of a week crashed with "FOREIGN KEY constraint failed". Now the demo is
// loaded only into an empty database, a restart keeps everything, and `npm run db:seed` and
// `npm start -- --reset` start over on a database the product was used on (every table, the tenant cache
// and the file bucket).
//
// One portal is started on a fresh state dir and used; its state is then copied twice while it is stopped,
// so that each later question gets one restart of its own, all three at once: the used dir restarted as it
// is (after `seed --if-empty`, which `npm run dev` runs), a copy after `npm run db:seed`, a copy started
// with `--reset`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, TMP, startExtraPortal, type ExtraPortal } from './harness';

const ADMIN_KEY = /^ADMIN_API_KEY=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars.example'), 'utf8'))![1]!.trim();
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const base = path.join(TMP, `e2e-local-data-${Date.now()}-${process.pid}`);
const dirs = { used: path.join(base, 'used'), seeded: path.join(base, 'seeded'), reset: path.join(base, 'reset') };
const portals = new Set<ExtraPortal>();

interface Answer {
  status: number;
  headers: Headers;
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
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The text of a GET answer (its status must be 200). */
async function listed(origin: string, pathname: string, key: string): Promise<string> {
  const answer = await call(origin, 'GET', pathname, key);
  expect(answer.status, `${pathname}: ${answer.text}`).toBe(200);
  return answer.text;
}

/** The demo login through the browser API: 200 while ava@demo.test exists with the demo password. */
async function avaLogsIn(origin: string) {
  const res = await fetch(`${origin}/api/auth/ambassador/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'ava@demo.test', password: 'Password1!' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The status of a GET (not followed), e.g. a tenant host's login page: 200 while the host belongs to a company, 404 once nobody has it. */
async function statusOf(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** `npm start` on a state dir (no build: the e2e run built once), with start.mjs options. */
async function start(stateDir: string, startArgs: string[] = []) {
  const portal = await startExtraPortal({}, { stateDir, startArgs });
  portals.add(portal);
  return portal;
}

async function stop(portal: ExtraPortal) {
  await portal.stop();
  portals.delete(portal);
}

function seed(stateDir: string, ...extra: string[]) {
  const run = spawnSync('npx', ['--no', 'node', 'scripts/seed.mjs', '--persist-to', stateDir, ...extra], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** A minimal PDF: the asset upload judges the type by the bytes. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const CONVERSION = {
  campaign_uid: 'cmp-demo-main', transaction_uid: 'LOCAL-DATA-1', revenue: '49.99', short_code: 'ava-demo',
  customer: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Buyer' },
};
const CONVERSION_KEY = { 'idempotency-key': '"local-data-1"' };

/** What a week of use wrote, to look for after the restarts. */
interface Written {
  jamie: string;
  northwindKey: string;
  commission: string;
  fileUrl: string;
}

/**
 * A week of use, touching the tables the product writes: a new company with a host and a key of its own,
 * an ambassador invited by e-mail (outbox, deliveries) with points (ledger, lots, balances), a webhook
 * endpoint, a conversion sent with an Idempotency-Key (commission, activity, webhook deliveries, the key),
 * a click on a share link (clicks, rollups), an uploaded asset (row + R2 file), the new host's lookup (KV).
 */
async function useTheProduct(origin: string, port: number): Promise<Written> {
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
  const conversion = await call(origin, 'POST', '/v1/operator/events', DEMO_KEY, CONVERSION, CONVERSION_KEY);
  expect(conversion.status, conversion.text).toBe(201);
  const commission = /"commission":\{"uid":"([^"]+)"/.exec(conversion.text)?.[1];
  expect(commission, conversion.text).toBeTruthy();
  const click = await fetch(`${origin}/r/ava-demo`, { redirect: 'manual' });
  expect(click.status).toBeGreaterThanOrEqual(300);
  expect(click.status).toBeLessThan(400);
  const form = new FormData();
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'week-one.pdf');
  form.set('campaign', 'cmp-demo-main');
  form.set('title', 'Week one brochure');
  const upload = await fetch(`${origin}/v1/operator/assets`, { method: 'POST', headers: { authorization: `Bearer ${DEMO_KEY}` }, body: form });
  const uploaded = (await upload.json()) as { asset?: { file_url?: string } };
  expect(upload.status, JSON.stringify(uploaded)).toBe(201);
  expect(await statusOf(uploaded.asset!.file_url!)).toBe(200);
  // The new host is served (and its lookup lands in the tenant cache, KV).
  expect(await statusOf(`http://northwind.localhost:${port}/login`)).toBe(200);
  return { jamie: jamie!, northwindKey: (key.body as { key: string }).key, commission: commission!, fileUrl: uploaded.asset!.file_url! };
}

let written: Written;
let ifEmpty: { status: number | null; output: string };
let reseed: { status: number | null; output: string };
let kept: ExtraPortal;
let seeded: ExtraPortal;
let reset: ExtraPortal;

beforeAll(async () => {
  mkdirSync(dirs.used, { recursive: true });
  // First start of a fresh state dir: the demo is loaded; then a week of use.
  const first = await start(dirs.used);
  expect(await avaLogsIn(first.origin())).toBe(200);
  written = await useTheProduct(first.origin(), first.port);
  await stop(first);

  // `npm run dev` runs `seed.mjs --if-empty`: it must keep a used database as it is (the restart below
  // looks at what it left).
  ifEmpty = seed(dirs.used, '--if-empty');
  // Two copies of the used state, taken while no portal runs on it (without the stopped portal's pid file).
  const copy = (to: string) => cpSync(dirs.used, to, { recursive: true, filter: (from) => path.basename(from) !== 'wrangler.pgid' });
  copy(dirs.seeded);
  copy(dirs.reset);
  // npm run db:seed on a database after all that use.
  reseed = seed(dirs.seeded);

  [kept, seeded, reset] = await Promise.all([start(dirs.used), start(dirs.seeded), start(dirs.reset, ['--reset'])]);
}, 600_000);

afterAll(async () => {
  await Promise.all([...portals].map((p) => p.stop()));
  rmSync(base, { recursive: true, force: true });
});

describe('local data across npm start', () => {
  it('a restart keeps what the product wrote (and seed --if-empty before it kept it too)', async () => {
    expect(ifEmpty.status, ifEmpty.output).toBe(0);
    const origin = kept.origin();
    expect(await listed(origin, '/v1/operator/companies', ADMIN_KEY)).toContain('"northwind"');
    expect(await listed(`http://northwind.localhost:${kept.port}`, '/v1/operator/ambassadors', written.northwindKey)).toContain('"results"');
    expect(await listed(origin, '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).toContain('jamie@example.com');
    expect(await listed(origin, `/v1/operator/ambassadors/${written.jamie}/loyalty`, DEMO_KEY)).toContain('Welcome bonus');
    expect(await listed(origin, '/v1/operator/webhooks/endpoints', DEMO_KEY)).toContain('https://hooks.example.com/portal');
    expect(await listed(origin, '/v1/operator/assets?campaign=cmp-demo-main', DEMO_KEY)).toContain('Week one brochure');
    const fileUrl = new URL(written.fileUrl);
    fileUrl.port = String(kept.port);
    expect(await statusOf(fileUrl.href)).toBe(200);
    // The conversion's Idempotency-Key is still known: sent again, it answers the same commission.
    const replay = await call(origin, 'POST', '/v1/operator/events', DEMO_KEY, CONVERSION, CONVERSION_KEY);
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toContain(written.commission);
    expect(await statusOf(`http://northwind.localhost:${kept.port}/login`)).toBe(200);
    expect(await avaLogsIn(origin)).toBe(200);
  });

  it('npm run db:seed after any use gives exactly the demo back, the tenant cache and files included', async () => {
    expect(reseed.status, reseed.output).toBe(0);
    const origin = seeded.origin();
    expect(await listed(origin, '/v1/operator/companies', ADMIN_KEY)).not.toContain('"northwind"');
    expect(await listed(origin, '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).not.toContain('jamie@example.com');
    expect(await listed(origin, '/v1/operator/webhooks/endpoints', DEMO_KEY)).not.toContain('https://hooks.example.com/portal');
    expect(await listed(origin, '/v1/operator/assets?campaign=cmp-demo-main', DEMO_KEY)).not.toContain('Week one brochure');
    const fileUrl = new URL(written.fileUrl);
    fileUrl.port = String(seeded.port);
    expect(await statusOf(fileUrl.href)).toBe(404);
    // The new company's host is unknown at once: its cached lookup went with the rest.
    expect(await statusOf(`http://northwind.localhost:${seeded.port}/login`)).toBe(404);
    expect(await statusOf(`http://acme.localhost:${seeded.port}/login`)).toBe(200);
    expect(await avaLogsIn(origin)).toBe(200);
    // And the product is usable again on the re-seeded database.
    expect((await call(origin, 'POST', '/v1/operator/companies', ADMIN_KEY, { id: 'northwind', name: 'Northwind', hosts: ['northwind.localhost'] })).status).toBe(201);
    // Used again after the re-seed, and seeded once more: still re-runnable.
    await stop(seeded);
    const again = seed(dirs.seeded);
    expect(again.status, again.output).toBe(0);
  });

  it('npm start -- --reset starts over with the demo', async () => {
    const origin = reset.origin();
    expect(await listed(origin, '/v1/operator/companies', ADMIN_KEY)).not.toContain('"northwind"');
    expect(await listed(origin, '/v1/operator/ambassadors?email=jamie%40example.com', DEMO_KEY)).not.toContain('jamie@example.com');
    expect(await statusOf(`http://northwind.localhost:${reset.port}/login`)).toBe(404);
    expect(await avaLogsIn(origin)).toBe(200);
  });
});
