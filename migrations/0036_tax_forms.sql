-- Tax forms (issue 39, docs/tax-forms.md): the W-9 or W-8BEN an ambassador signs from their account page, so a
-- company can hold payouts above its yearly threshold (customization `payouts.tax_form_threshold_minor`) until one
-- is on file, and file its year-end returns from the operator's export.
--
-- * tax_forms: one row per submission; a new one supersedes the ambassador's active form (at most one active).
--   `tax_id_cipher` is the taxpayer id encrypted with AES-GCM (a key derived from the Worker secret TAX_ID_KEY,
--   src/api/tax/tax-id-cipher.ts), `tax_id_last4` its last four characters for the masked view; the plain id is
--   never stored.

CREATE TABLE tax_forms (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('w9', 'w8ben')),
  legal_name TEXT NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 200),
  country TEXT NOT NULL CHECK (length(country) = 2),
  address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 500),
  tax_id_cipher TEXT NOT NULL,
  tax_id_last4 TEXT NOT NULL CHECK (length(tax_id_last4) BETWEEN 1 AND 4),
  signed_name TEXT NOT NULL CHECK (length(signed_name) BETWEEN 1 AND 200),
  signed_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);
CREATE UNIQUE INDEX tax_forms_one_active ON tax_forms(company_id, ambassador_uid) WHERE status = 'active';
CREATE INDEX tax_forms_by_ambassador ON tax_forms(company_id, ambassador_uid, id);
