// Secrets and optional vars that `wrangler types` cannot see (they live in .dev.vars / wrangler secrets).
declare namespace Cloudflare {
  interface Env {
    ADMIN_API_KEY?: string;
    CLICK_HASH_SALT?: string;
    RECAPTCHA_SECRET?: string;
    BOT_CHECK_STUB?: string;
    DEV_OUTBOX?: string;
    /** `1`: answers carry `x-d1-round-trips` (npm run bench). */
    D1_METER?: string;
  }
}
interface Env extends Cloudflare.Env {}
