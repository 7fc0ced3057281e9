-- Payout rails (issue 39, docs/payouts.md): runs that pay by themselves through the company's own PayPal
-- Payouts or Stripe Connect account, or that hand each item to the company's own system (`external`).
--
-- * payout_runs.rail: `manual` (the company pays by hand, the export), `paypal`, `stripe`, `external`.
--   provider_batch_id: the provider's id of the run (PayPal's payout_batch_id).
-- * payout_run_items: `sent` is an item handed to a provider and not settled yet. Its payout already exists
--   (status `processing`, its commissions committed to it, so no other payout can take them); the provider's
--   answer, a webhook or reconciliation settles it `paid` or `failed`. provider_ref: the provider's id of the
--   item (PayPal payout_item_id, Stripe transfer id); attempts: how many times it was handed over.
-- * payout_returns: the correcting entry of a payout that failed after it was recorded (failed, returned,
--   unclaimed, blocked, refunded): one row per commission given back to the ambassador's payable balance, in
--   the batch that releases it, so what was taken and what came back can always be read.
-- * payout_destinations: where an ambassador is paid on each rail, `pending` until proven (the PayPal e-mail
--   confirmed by a code; the Stripe connected account able to receive payouts), then `ready`.
--   ambassadors.payout_rail: the rail the ambassador chose.

CREATE TABLE tmp_0037_runs AS SELECT * FROM payout_runs;
CREATE TABLE tmp_0037_items AS SELECT * FROM payout_run_items;
DROP TABLE payout_run_items;
DROP TABLE payout_runs;

CREATE TABLE payout_runs (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'approved', 'sending', 'paid', 'partially_failed', 'failed')),
  rail TEXT NOT NULL DEFAULT 'manual' CHECK (rail IN ('manual', 'paypal', 'stripe', 'external')),
  currency TEXT NOT NULL,
  cutoff TEXT NOT NULL,
  provider_batch_id TEXT,
  created_by_kind TEXT NOT NULL CHECK (created_by_kind IN ('key', 'staff', 'schedule')),
  created_by_id TEXT NOT NULL,
  created_by_label TEXT NOT NULL,
  approved_by_kind TEXT CHECK (approved_by_kind IN ('key', 'staff')),
  approved_by_id TEXT,
  approved_by_label TEXT,
  created_at TEXT NOT NULL,
  approved_at TEXT,
  sent_at TEXT,
  finished_at TEXT,
  PRIMARY KEY (company_id, uid),
  CHECK (approved_by_id IS NULL OR approved_by_kind <> created_by_kind OR approved_by_id <> created_by_id)
);
CREATE INDEX payout_runs_created ON payout_runs(company_id, created_at);
CREATE INDEX payout_runs_sending ON payout_runs(status) WHERE status = 'sending';

CREATE TABLE payout_run_items (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL,
  run_uid TEXT NOT NULL,
  ambassador_uid TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  commissions INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('included', 'excluded', 'sent', 'paid', 'failed')),
  reason TEXT CHECK (reason IN ('below_minimum', 'no_payout_method', 'on_hold', 'nothing_payable', 'tax_form_missing')),
  payout_uid TEXT,
  provider_ref TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  failure TEXT,
  updated_at TEXT NOT NULL,
  FOREIGN KEY (company_id, run_uid) REFERENCES payout_runs(company_id, uid) ON DELETE CASCADE,
  CHECK ((status = 'excluded') = (reason IS NOT NULL)),
  CHECK (status NOT IN ('sent', 'paid') OR payout_uid IS NOT NULL)
);
CREATE UNIQUE INDEX payout_run_items_ambassador ON payout_run_items(company_id, run_uid, ambassador_uid);
CREATE UNIQUE INDEX payout_run_items_payout ON payout_run_items(company_id, payout_uid) WHERE payout_uid IS NOT NULL;
CREATE INDEX payout_run_items_provider ON payout_run_items(company_id, provider_ref) WHERE provider_ref IS NOT NULL;

INSERT INTO payout_runs (company_id, uid, status, rail, currency, cutoff, created_by_kind, created_by_id, created_by_label,
    approved_by_kind, approved_by_id, approved_by_label, created_at, approved_at, sent_at, finished_at)
  SELECT company_id, uid, status, rail, currency, cutoff, created_by_kind, created_by_id, created_by_label,
    approved_by_kind, approved_by_id, approved_by_label, created_at, approved_at, sent_at, finished_at FROM tmp_0037_runs;
INSERT INTO payout_run_items (id, company_id, run_uid, ambassador_uid, amount_minor, commissions, status, reason, payout_uid, failure, updated_at)
  SELECT id, company_id, run_uid, ambassador_uid, amount_minor, commissions, status, reason, payout_uid, failure, updated_at FROM tmp_0037_items;
DROP TABLE tmp_0037_items;
DROP TABLE tmp_0037_runs;

CREATE TABLE payout_returns (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  payout_id INTEGER NOT NULL,
  commission_id INTEGER NOT NULL,
  amount_minor INTEGER NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  UNIQUE (company_id, payout_id, commission_id)
);

CREATE TABLE payout_destinations (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  rail TEXT NOT NULL CHECK (rail IN ('paypal', 'stripe')),
  paypal_email TEXT,
  stripe_account_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready')),
  code_hash TEXT,
  code_expires_at TEXT,
  code_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company_id, ambassador_uid, rail),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK ((rail = 'paypal') = (paypal_email IS NOT NULL)),
  CHECK ((rail = 'stripe') = (stripe_account_id IS NOT NULL))
);
CREATE UNIQUE INDEX payout_destinations_stripe ON payout_destinations(company_id, stripe_account_id) WHERE stripe_account_id IS NOT NULL;

ALTER TABLE ambassadors ADD COLUMN payout_rail TEXT CHECK (payout_rail IN ('paypal', 'stripe'));
