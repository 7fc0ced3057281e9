-- Payout runs (src/api/payouts/runs.ts, docs/payouts.md): a company's batch of payouts, drafted from what
-- GET /v1/operator/payouts/payable reads, approved by a second actor, then sent. The first rail is `manual`
-- (the company pays by hand, e.g. with the PayPal or Wise batch file of the export): sending records each
-- included item as a payout through the money core's payOut, exactly once.
--
-- * status: draft -> approved -> sending -> paid | partially_failed | failed, each step an UPDATE guarded
--   by the status it leaves.
-- * cutoff: the holding period's cutoff the draft read: sending pays an item only while the same cutoff
--   still reads the same count and sum (else the item fails with `payable_changed`).
-- * created_by_* / approved_by_*: the actor (a key or a staff member, src/api/core/operator-keys.ts Actor);
--   the approver is never the creator.
-- * payout_run_items: one per ambassador the draft read. `included` with the amount and commission count
--   the draft read, or `excluded` with the first reason; `paid` names the payout, `failed` says why.

CREATE TABLE payout_runs (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'approved', 'sending', 'paid', 'partially_failed', 'failed')),
  rail TEXT NOT NULL DEFAULT 'manual' CHECK (rail IN ('manual')),
  currency TEXT NOT NULL,
  cutoff TEXT NOT NULL,
  created_by_kind TEXT NOT NULL CHECK (created_by_kind IN ('key', 'staff')),
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
  failure TEXT,
  updated_at TEXT NOT NULL,
  FOREIGN KEY (company_id, run_uid) REFERENCES payout_runs(company_id, uid) ON DELETE CASCADE,
  CHECK ((status = 'excluded') = (reason IS NOT NULL)),
  CHECK ((status = 'paid') = (payout_uid IS NOT NULL))
);
CREATE UNIQUE INDEX payout_run_items_ambassador ON payout_run_items(company_id, run_uid, ambassador_uid);
