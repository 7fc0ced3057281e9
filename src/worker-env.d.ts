// Secrets and optional vars that `wrangler types` cannot see (they live in .dev.vars / wrangler secrets).
declare namespace Cloudflare {
  interface Env {
    ADMIN_API_KEY?: string;
    CLICK_HASH_SALT?: string;
    /** Signs what only this deployment mints: click ids, the edge's internal headers to a remote API (src/api/core/signing.ts). */
    PORTAL_SIGNING_SECRET?: string;
    RECAPTCHA_SECRET?: string;
    /**
     * The secret tax ids are encrypted with (AES-GCM, key derived with HKDF; src/api/tax/tax-id-cipher.ts), at least
     * 16 characters. Unset: tax forms are neither taken nor exported. Changing it makes stored ids unreadable.
     */
    TAX_ID_KEY?: string;
    /**
     * The secret companies' payout provider credentials are sealed with (PayPal client secret, Stripe secret key;
     * src/api/core/sealed-secret.ts), at least 16 characters. Unset: those credentials are refused.
     */
    INTEGRATION_KEY?: string;
    /** The providers' API hosts, for local stand-ins in tests and development only (default: PayPal's and Stripe's own). */
    PAYPAL_API_URL?: string;
    STRIPE_API_URL?: string;
    BOT_CHECK_STUB?: string;
    DEV_OUTBOX?: string;
    /**
     * `0` off Cloudflare (.dev.vars): CF-Connecting-IP is whatever a client sent, so the client address is
     * unknown (src/edge/client-address.ts). Unset on Cloudflare, where the network sets the header.
     */
    TRUST_CF_CONNECTING_IP?: string;
    /** `1`, local development only: webhook endpoints may be http(s) on loopback hosts (src/api/webhooks/url-guard.ts). */
    WEBHOOKS_ALLOW_HTTP_LOCAL?: string;
    /** E-mail delivery (src/api/email/providers.ts): Resend's key, the sender, its event-signing secret; EMAIL_PROVIDER=log. */
    RESEND_API_KEY?: string;
    EMAIL_FROM?: string;
    RESEND_WEBHOOK_SECRET?: string;
    EMAIL_PROVIDER?: string;
    /** `1`: answers carry `x-d1-round-trips` (npm run bench). */
    D1_METER?: string;
    /** `1`: clicks are written straight to D1 even with CLICKS_QUEUE bound (the bench's comparison; worker tests). */
    CLICKS_DIRECT?: string;
    /** `n`: the clicks consumer fails every n-th batch (the bench's fault run only; never in a deployed config). */
    CLICKS_FAULT_EVERY?: string;
    /** `1`, worker tests only: every endpoint's answer must be exactly its answer schema's, else a 500 (src/api/core/mount.ts). */
    CONTRACT_CHECK?: string;
  }
}
interface Env extends Cloudflare.Env {}
