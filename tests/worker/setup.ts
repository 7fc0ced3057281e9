// Runs in workerd before every worker test file: the real migrations, then the demo seed.
// Each test file starts on fresh storage (the plugin isolates files; tests within a file share it),
// so every file sees the freshly seeded demo data.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Only migrations not yet recorded in d1_migrations run, so this is safe to repeat.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

if (env.TEST_SEED.length > 0) {
  // One batch: all statements succeed together or none do.
  await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
}
