-- Provider money applied exactly once, whatever the delivery (src/api/attribution, docs/stripe.md, docs/shopify.md).
--
-- * provider_refunds: every refund a store reported, once per (company, provider, refund_key): a Stripe
--   refund (re_...) or Shopify refund by its own id, or a cumulative total Stripe reported for a payment
--   (charge.refunded's amount_refunded, key 'total:<payment>:<amount>'). A delivery id (Shopify's
--   X-Shopify-Webhook-Id is not covered by its HMAC; Stripe sends one refund under several events) never
--   decides. What a payment has refunded is the larger of the sum of its refunds and the largest total
--   reported for it; a commission is refunded up to that, less what was refunded on it already. The rows
--   of one delivery share a uid, and go in in the same batch as the commission's change (src/api/money),
--   guarded by the commission as it was read: the change happens only with them.
--   payment_id: what a cumulative total counts for (a Stripe payment intent, else the charge; a Shopify
--   order); charge_id and invoice_id (old Stripe API versions' charge.invoice) find the commission too. A
--   refund of a sale not credited (yet) is kept here, and applied when the sale, or the invoice payment
--   that names it, arrives.
-- * stripe_invoice_payments: which invoice a Stripe payment paid (an InvoicePayment: `invoice` and
--   `payment.payment_intent`, or `payment.charge` when there is no payment intent). Current Stripe API
--   versions name no invoice on a Charge or Refund; a subscription's commission is keyed by its invoice,
--   so its refunds are found through this. A payment pays one invoice (primary key): the first link stays.
-- * commissions_amount_bound: no commission row ever holds more than MAX_MONEY_MINOR (src/lib/money-limits.ts,
--   twelve digits) either way: every input is refused above it before it gets here; this is the floor.

CREATE TABLE provider_refunds (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify')),
  refund_key TEXT NOT NULL CHECK (length(refund_key) BETWEEN 1 AND 300),
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'total')),
  payment_id TEXT NOT NULL CHECK (length(payment_id) BETWEEN 1 AND 255),
  charge_id TEXT CHECK (charge_id IS NULL OR length(charge_id) BETWEEN 1 AND 255),
  invoice_id TEXT CHECK (invoice_id IS NULL OR length(invoice_id) BETWEEN 1 AND 255),
  amount_minor INTEGER NOT NULL CHECK (amount_minor BETWEEN 0 AND 999999999999),
  uid TEXT NOT NULL CHECK (length(uid) BETWEEN 1 AND 64),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, provider, refund_key)
) WITHOUT ROWID;
CREATE INDEX provider_refunds_payment ON provider_refunds(company_id, provider, payment_id);
CREATE INDEX provider_refunds_charge ON provider_refunds(company_id, provider, charge_id) WHERE charge_id IS NOT NULL;
CREATE INDEX provider_refunds_invoice ON provider_refunds(company_id, provider, invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX provider_refunds_uid ON provider_refunds(uid);

CREATE TABLE stripe_invoice_payments (
  company_id TEXT NOT NULL REFERENCES companies(id),
  payment_ref TEXT NOT NULL CHECK (length(payment_ref) BETWEEN 1 AND 255),
  invoice_id TEXT NOT NULL CHECK (length(invoice_id) BETWEEN 1 AND 255),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, payment_ref)
) WITHOUT ROWID;
CREATE INDEX stripe_invoice_payments_invoice ON stripe_invoice_payments(company_id, invoice_id);

CREATE TRIGGER commissions_amount_bound BEFORE INSERT ON commissions
WHEN abs(NEW.revenue_minor) > 999999999999 OR abs(NEW.amount_minor) > 999999999999
BEGIN SELECT RAISE(ABORT, 'amount_out_of_range'); END;

CREATE TRIGGER commissions_amount_bound_update BEFORE UPDATE OF revenue_minor, amount_minor ON commissions
WHEN abs(NEW.revenue_minor) > 999999999999 OR abs(NEW.amount_minor) > 999999999999
BEGIN SELECT RAISE(ABORT, 'amount_out_of_range'); END;
