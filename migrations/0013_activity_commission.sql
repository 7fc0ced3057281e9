-- One source of status for every screen (issue 17): an activity row of a commission copied the
-- commission's status when it was written, so the dashboard's recent activity kept "Pending" after the
-- commission was approved and paid. The row now names its commission; readers take the commission's
-- current status (src/api/stats/activity-queries.ts). Rows written before are linked by the transaction
-- id they carry (event_data1), the same ambassador and amount.
ALTER TABLE activities ADD COLUMN commission_uid TEXT;
UPDATE activities SET commission_uid = (
  SELECT m.uid FROM commissions m
   WHERE m.company_id = activities.company_id AND m.ambassador_uid = activities.ambassador_uid
     AND m.transaction_id = activities.event_data1 AND m.amount_minor = activities.amount_minor
   ORDER BY m.id LIMIT 1)
 WHERE type = 'commission';
