// Runs in workerd before every worker test file. The files share one workerd and its storage (no per-file
// isolation: `src` is imported once, see vitest.config.ts), so each file starts here from the same state a
// fresh one would have:
// - D1 migrated and seeded, KV empty, R2 holding the seed's files (fresh-storage.ts);
// - the app's in-memory caches empty and its test seams back at their test defaults (resetAppState).
// Tests within a file share that state.
import { vi } from 'vitest';
import { configureLoginWait } from '../../src/api/auth/login';
import { configurePasswordHashing } from '../../src/api/auth/password-hash';
import { setEmailFetch } from '../../src/api/email/providers';
import { portalMemory } from '../../src/api/companies/portal-cache';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import { forgetLinks } from '../../src/api/sharing/link-cache';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { resetCallerCache } from '../../src/edge/caller-cache';
import { freshStorage } from './fresh-storage';
import { loginWaits } from './login-waits';
import { TEST_SCRYPT_PARAMS } from './password-cost';

/** What the app keeps in memory between requests, and what tests swap in, as a fresh isolate has it. */
function resetAppState(): void {
  // Same algorithm and code path, lower cost: JavaScript runs many times slower in the test pool's
  // workerd than in production, and the seed's hashes use the production cost. The demo password stays
  // `Password1!` (fresh-storage.ts stores it at this cost); accounts without a password stay without one.
  configurePasswordHashing(TEST_SCRYPT_PARAMS);
  // The login guard's waits are recorded, not slept through (tests/worker/login-guard.test.ts reads them).
  configureLoginWait(async (ms) => void loginWaits.push(ms));
  loginWaits.length = 0;
  // Caches of this isolate: tenants by host, verified callers, resolved share links.
  portalMemory.clear();
  resetCallerCache();
  forgetLinks();
  // Outbound seams: the real fetch and the configured fulfilment provider.
  setWebhookFetch(null);
  setEmailFetch(null);
  setFulfilmentProvider(null);
  vi.useRealTimers();
}

resetAppState();
await freshStorage();

