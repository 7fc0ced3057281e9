-- Task and reward names per language (issue 21): a company writes a task's or a reward's texts in its default
-- language (the row's own columns) and, in `translations`, the ones it wrote for other portal languages:
-- a JSON object by language code, each with some of the row's texts, e.g.
-- {"es": {"name": "Completa tu perfil", "description": "..."}}. A text a language leaves out shows the
-- row's own. Kept on the row itself, so it is read by the query that already reads the row (no extra round
-- trip) and belongs to the row's company like the rest of it. The operator API validates the object
-- (src/lib/schemas/row-translations.ts); the CHECK keeps anything else out of the column.
--
-- * tasks: name, description.
-- * rewards (gift cards): name, brand_description, disclaimer.
-- * vault_items: name, description.
-- * vault_item_variants: name.

ALTER TABLE tasks ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
ALTER TABLE rewards ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
ALTER TABLE vault_items ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
ALTER TABLE vault_item_variants ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object');
