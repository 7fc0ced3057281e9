-- Texts frozen in the language they were written in (issue 21): a task's points were written as a ledger entry
-- "Task completed: <name>" and an activity whose event_data1 is the name, both in the company's default
-- language at the time. The entry and the activity now name their task, so a reader gets the task's name in
-- the page language (the task's `translations`, migration 0023) from the query that already reads them
-- (src/api/rewards/queries.ts, src/api/stats/activity-queries.ts); the stored text stays as written and is
-- what shows when there is no reference (rows written before, the demo's older rows) or the task is gone.
--
-- No foreign key: SQLite cannot add the (company_id, task_id) twin that every tenant reference has
-- (tests/worker/tenant-schema.test.ts) to an existing table, so readers join through company_id, as
-- activities.commission_uid (migration 0013) is read.
ALTER TABLE loyalty_ledger ADD COLUMN task_id INTEGER;
ALTER TABLE activities ADD COLUMN task_id INTEGER;

-- Entries written by src/api/loyalty/service.ts carry their task in their uid, `task:<task id>:<ambassador>`.
-- The ledger is append-only (migration 0017); its guard is lifted for this one derived column and put back
-- exactly as it was.
DROP TRIGGER loyalty_ledger_no_update;
UPDATE loyalty_ledger SET task_id = (
  SELECT t.id FROM tasks t
   WHERE t.company_id = loyalty_ledger.company_id
     AND loyalty_ledger.uid = 'task:' || t.id || ':' || loyalty_ledger.ambassador_uid)
 WHERE uid LIKE 'task:%';
CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'ledger_append_only'); END;

-- A task's activity was copied from its entry in the same batch (same ambassador and created_at).
UPDATE activities SET task_id = (
  SELECT l.task_id FROM loyalty_ledger l
   WHERE l.company_id = activities.company_id AND l.ambassador_uid = activities.ambassador_uid
     AND l.created_at = activities.created_at AND l.task_id IS NOT NULL
   ORDER BY l.id LIMIT 1)
 WHERE type = 'task';
