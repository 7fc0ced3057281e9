-- Campaign, badge and tier texts per language (issue 21), as migration 0023 keeps them for tasks and rewards:
-- the row's own columns are written in the company's default language and `translations` holds the texts it
-- wrote for other portal languages, a JSON object by language code, e.g.
-- {"fr": {"name": "Parrainez un ami", "description": "..."}}. A text a language leaves out shows the row's own.
-- On the row itself, so the queries that read the row (the token check's campaigns, the profile's one
-- statement of badges and tiers) bring them without another round trip. The operator API validates the object
-- (src/lib/schemas/row-translations.ts); the CHECK keeps anything else out of the column.
--
-- * campaigns: name, description, native_message (the share message that pre-fills share texts).
-- * badges: name, description.
-- * tiers: name, description.

ALTER TABLE campaigns ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
ALTER TABLE badges ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
ALTER TABLE tiers ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
