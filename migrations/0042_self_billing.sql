-- Self-billing invoices (docs/tax-forms.md): a company that uses self-billing (customization
-- `payouts.self_billing.enabled`) issues, on each ambassador's behalf, one invoice per paid payout.
--
-- * ambassadors.vat_id: the VAT id the ambassador enters on the account page's tax section (normalised:
--   upper case, no spaces or dots; its first two letters name the country, EL for Greece). A VAT id is public
--   (VIES), so it is stored as it is; the taxpayer ids of tax_forms stay encrypted.
-- * self_billing_counters: the last invoice number a company issued. It only ever goes up by one
--   (self_billing_counter_step), so a number is never reused.
-- * self_billing_invoices: one per paid payout, numbered by the counter in the batch that inserts it: the
--   insert must take exactly the counter's current value (self_billing_invoice_number), so the numbers of a
--   company run 1, 2, 3... without a gap. What the invoice says is kept as it was issued (the company's and
--   the ambassador's details, the amount, the language, whether the reverse charge applies): an invoice is
--   never changed or deleted (the two triggers below).

ALTER TABLE ambassadors ADD COLUMN vat_id TEXT CHECK (vat_id IS NULL OR vat_id GLOB '[A-Z][A-Z]*' AND length(vat_id) BETWEEN 4 AND 15);

CREATE TABLE self_billing_counters (
  company_id TEXT PRIMARY KEY REFERENCES companies(id),
  last_number INTEGER NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);

CREATE TABLE self_billing_invoices (
  company_id TEXT NOT NULL REFERENCES companies(id),
  payout_id INTEGER NOT NULL,
  number INTEGER NOT NULL CHECK (number >= 1),
  invoice_number TEXT NOT NULL,
  language TEXT NOT NULL,
  issuer_name TEXT NOT NULL,
  issuer_address TEXT NOT NULL,
  issuer_vat_id TEXT NOT NULL,
  supplier_name TEXT NOT NULL,
  supplier_address TEXT NOT NULL,
  supplier_vat_id TEXT,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  reverse_charge INTEGER NOT NULL CHECK (reverse_charge IN (0, 1)),
  issued_at TEXT NOT NULL,
  PRIMARY KEY (company_id, payout_id),
  UNIQUE (company_id, number),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id)
);

CREATE TRIGGER self_billing_counter_step BEFORE UPDATE OF last_number ON self_billing_counters
WHEN NEW.last_number <> OLD.last_number + 1
BEGIN SELECT RAISE(ABORT, 'invoice_counter_step'); END;

CREATE TRIGGER self_billing_invoice_number BEFORE INSERT ON self_billing_invoices
WHEN NEW.number IS NOT (SELECT last_number FROM self_billing_counters WHERE company_id = NEW.company_id)
BEGIN SELECT RAISE(ABORT, 'invoice_number_gap'); END;

CREATE TRIGGER self_billing_invoices_no_update BEFORE UPDATE ON self_billing_invoices
BEGIN SELECT RAISE(ABORT, 'invoice_issued'); END;

CREATE TRIGGER self_billing_invoices_no_delete BEFORE DELETE ON self_billing_invoices
BEGIN SELECT RAISE(ABORT, 'invoice_issued'); END;
