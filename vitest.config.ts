// Three Vitest projects (run one with `npx vitest run --project <name>`; `npm test` runs all three):
//
//   unit    Node: tests/unit/**/*.test.ts and pure src/**/*.test.ts
//   worker  workerd via @cloudflare/vitest-plugin: tests/worker/**/*.test.ts (+ src/**/*.worker.test.ts)
//           with the bindings of wrangler.toml (DB, CACHE, FILES), the real migrations, seed/demo.sql
//           and the seed's R2 files; a local PayPal stand-in (scripts/standins/paypal.mjs) runs beside
//           them in Node and the Worker reaches it at PAYPAL_API_URL
//   e2e     Node + Chromium: tests/e2e/**/*.e2e.ts against the portal started as a user starts it
//           (tests/e2e/harness.ts starts one portal for the whole run)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { startPayPal } from './scripts/standins/paypal.mjs';
import { startStripeStandIn } from './scripts/standins/stripe.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The e2e files share one portal and its demo data. The console's files change the demo program as a company's
 * staff would (they pay ambassadors, approve sales, change the attribution window, publish branding), so they
 * run after the portal's files, which read the seed as it is; otherwise the order is vitest's own.
 */
class PortalBeforeConsole extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const console = (f: TestSpecification) => /tests\/e2e\/console-[^/]*\.e2e\.ts$/.test(f.moduleId);
    return [...sorted.filter((f) => !console(f)), ...sorted.filter(console)];
  }
}

/**
 * wrangler.toml without `main`: the Worker entry (src/edge/worker.ts) imports Astro's virtual
 * modules, which only exist inside an Astro build. Worker tests build the edge app themselves from
 * src/edge/app.ts (tests/worker/helpers.ts), so the test config keeps the bindings, compatibility date
 * and flags but no entry, and no queue consumers: without an entry there is no handler, and Miniflare
 * would hand every message a test sends to the test runner (tests drive the consumers themselves with
 * createMessageBatch). The copy lives in .tmp/ so that no .dev.vars sits beside it: tests get the
 * documented example secrets (below), never a developer's local ones.
 */
function testWranglerConfig(): string {
  const source = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const testConfig = source
    .replace(/^\s*main\s*=.*$/m, '# main: not loaded in worker tests')
    .replace(/^\[\[queues\.consumers\]\][^[]*/gm, '');
  const dir = path.join(root, '.tmp', 'vitest');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'wrangler.toml');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== testConfig) writeFileSync(file, testConfig);
  return file;
}

/** KEY=value lines of .dev.vars.example (if the project has one), as plain-text test bindings. */
function exampleSecrets(): Record<string, string> {
  const file = path.join(root, '.dev.vars.example');
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    vars[m[1]] = value;
  }
  return vars;
}

/** seed/demo.sql split into statements (wrangler's splitter), or [] while the file is missing. */
async function seedStatements(): Promise<string[]> {
  const file = path.resolve(root, process.env.PORTAL_SEED_FILE ?? 'seed/demo.sql');
  if (!existsSync(file)) {
    console.warn(`[vitest] ${path.relative(root, file)} not found: worker tests run on an empty (migrated) database`);
    return [];
  }
  const [seed] = await readD1Migrations({
    projectPath: path.dirname(file),
    migrationsDir: '.',
    migrationsPattern: path.basename(file),
  });
  return seed?.queries ?? [];
}

/** The seed's R2 files (seed/assets/r2-manifest.json) as base64, or [] while there are none. */
function r2SeedObjects(): { key: string; contentType: string; base64: string }[] {
  const manifest = path.join(root, 'seed/assets/r2-manifest.json');
  if (!existsSync(manifest)) return [];
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as { key: string; content_type: string }[];
  return entries.map(({ key, content_type }) => ({
    key,
    contentType: content_type,
    base64: readFileSync(path.join(root, 'seed/assets/r2', key)).toString('base64'),
  }));
}

/**
 * The PayPal stand-in the worker tests pay through: a Node HTTP server on a free port (workerd reaches it over
 * loopback), its webhooks queued for the tests to deliver (tests/worker/paypal-standin.ts). Started once per
 * vitest run; it ends with the process.
 */
async function paypalStandIn(): Promise<string> {
  const pp = await startPayPal({ port: 0, delivery: 'queue' });
  pp.server.unref();
  return pp.url;
}

/**
 * The Stripe stand-in (scripts/standins/stripe.mjs) on a free port of this process, for STRIPE_API_URL: worker tests
 * reach it over loopback and drive its faults through its /_standin/ calls. It never keeps the run alive.
 */
async function stripeStandInUrl(): Promise<string> {
  const standIn = await startStripeStandIn();
  standIn.server.unref();
  return standIn.url;
}

/** schema.sql (`npm run db:schema`), compared with the migrated test database by tests/worker/schema-file.test.ts; '' while missing. */
function schemaFile(): string {
  const file = path.join(root, 'schema.sql');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

export default defineConfig({
  test: {
    sequence: { sequencer: PortalBeforeConsole },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['src/**/*.worker.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: testWranglerConfig() },
            miniflare: {
              bindings: {
                ...exampleSecrets(),
                // The tests play Cloudflare's network: a request's CF-Connecting-IP is its client's address.
                TRUST_CF_CONNECTING_IP: '1',
                // Clicks are written directly: the queue's consumer cannot run here (no Worker entry);
                // tests/worker/click-queue.test.ts drives the queue path with createMessageBatch.
                CLICKS_DIRECT: '1',
                // Every answer of an endpoint is checked against its answer schema (src/api/core/mount.ts).
                CONTRACT_CHECK: '1',
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations')),
                TEST_SEED: await seedStatements(),
                TEST_R2_SEED: r2SeedObjects(),
                TEST_SCHEMA: schemaFile(),
                PAYPAL_API_URL: await paypalStandIn(),
                STRIPE_API_URL: await stripeStandInUrl(),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts', 'src/**/*.worker.test.ts'],
          setupFiles: ['./tests/worker/setup.ts'],
          // All files run one after another in one workerd (the machines have two cores), without
          // per-file isolation: `src` is imported once instead of once per file. setup.ts gives each
          // file fresh storage all the same (D1 migrated and seeded, KV empty, the seed's R2 files) and
          // resets the app's in-memory caches; tests inside one file share that state.
          fileParallelism: false,
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // Starts one portal (build unless E2E_SKIP_BUILD=1, migrate, seed, wrangler dev) for the run.
          globalSetup: ['./tests/e2e/harness.ts'],
          fileParallelism: false,
          sequence: { concurrent: false },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          teardownTimeout: 60_000,
        },
      },
    ],
  },
});
