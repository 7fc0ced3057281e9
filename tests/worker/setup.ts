// Runs in workerd before every worker test file: the real migrations, then the demo seed (D1 rows
// and the demo files in the R2 bucket FILES).
// Each test file starts on fresh storage (the plugin isolates files; tests within a file share it),
// so every file sees the freshly seeded demo data.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { configureLoginWait } from '../../src/api/auth/login';
import { configurePasswordHashing, hashPassword } from '../../src/api/auth/password-hash';
import { loginWaits } from './login-waits';
import { TEST_SCRYPT_PARAMS } from './password-cost';

// Only migrations not yet recorded in d1_migrations run, so this is safe to repeat.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

if (env.TEST_SEED.length > 0) {
  // One batch: all statements succeed together or none do.
  await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
}

// Same algorithm and code path, lower cost: JavaScript runs many times slower in the test pool's
// workerd than in production, and the seed's hashes use the production cost. The demo password stays
// `Password1!`; accounts without a password stay without one.
configurePasswordHashing(TEST_SCRYPT_PARAMS);
// The login guard's waits are recorded, not slept through (tests/worker/login-guard.test.ts reads them).
configureLoginWait(async (ms) => void loginWaits.push(ms));
const cheap = await hashPassword('Password1!');
await env.DB.prepare('UPDATE users SET password_hash = ? WHERE password_hash IS NOT NULL').bind(cheap).run();

for (const { key, contentType, base64 } of env.TEST_R2_SEED) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
}
