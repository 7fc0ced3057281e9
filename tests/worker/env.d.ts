// Types for worker tests (workerd via @cloudflare/vitest-plugin).
/// <reference types="@cloudflare/vitest-plugin/types" />

declare namespace Cloudflare {
  interface Env {
    /** The real migrations/ files, read by vitest.config.ts and applied by tests/worker/fresh-storage.ts. */
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** seed/demo.sql split into statements ([] while the file is missing), run after the migrations. */
    TEST_SEED: string[];
    /** The seed's R2 files (seed/assets/r2-manifest.json), put into FILES by tests/worker/fresh-storage.ts. */
    TEST_R2_SEED: { key: string; contentType: string; base64: string }[];
  }
}
