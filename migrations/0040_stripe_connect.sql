-- Stripe Connect payouts (docs/payouts.md#stripe-connect): the company's Stripe integration keeps, beside the
-- webhook signing secret, the secret key the rail pays with and the signing secret of its Connect endpoint.
--
-- * integration_secrets.api_key_sealed: the secret key (sk_… or a restricted rk_…), sealed with INTEGRATION_KEY
--   and bound to (company, 'stripe') (src/api/core/sealed-secret.ts); never answered. api_key_hint: what the
--   API shows of it (`sk_live_…abcd`).
-- * integration_secrets.connect_secret: the signing secret of a Connect webhook endpoint (events of connected
--   accounts, `account.updated`, come only to such an endpoint, and it has its own secret). Kept in clear as
--   `secret` is: verifying is an HMAC with it.

ALTER TABLE integration_secrets ADD COLUMN api_key_sealed TEXT CHECK (api_key_sealed IS NULL OR length(api_key_sealed) BETWEEN 16 AND 1024);
ALTER TABLE integration_secrets ADD COLUMN api_key_hint TEXT CHECK (api_key_hint IS NULL OR length(api_key_hint) BETWEEN 4 AND 32);
ALTER TABLE integration_secrets ADD COLUMN connect_secret TEXT CHECK (connect_secret IS NULL OR length(connect_secret) BETWEEN 8 AND 255);
