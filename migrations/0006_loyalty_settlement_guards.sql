-- Loyalty guards found in review (issue 10), on top of 0005:
--
-- * A redemption leaves `processing` only together with the settlement of its hold: `completed` needs the
--   hold's `post` entry, `failed` / `canceled` its `release` entry (written first in the same batch). So a
--   status can never say "failed" while the points stay held, or "completed" without the points redeemed.
-- * loyalty_revocations: lots that were revoked as a whole (the points of a refunded order). Points of such
--   a lot that a pending redemption held at the time come back on a release and are reversed in the same
--   batch (src/api/rewards/service.ts settle), so a refund followed by a failed redemption never hands the
--   refunded points back.

CREATE TRIGGER redemptions_settled BEFORE UPDATE OF status ON redemptions
WHEN OLD.status = 'processing' AND NEW.status IN ('completed', 'failed', 'canceled')
  AND NOT EXISTS (SELECT 1 FROM loyalty_ledger l WHERE l.company_id = NEW.company_id AND l.redemption_id = NEW.id
                     AND l.entry_type = CASE NEW.status WHEN 'completed' THEN 'post' ELSE 'release' END)
BEGIN SELECT RAISE(ABORT, 'hold_not_settled'); END;

CREATE TABLE loyalty_revocations (
  lot_id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_lots(company_id, entry_id)
);
