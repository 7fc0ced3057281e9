-- Sanity checks for the demo data: every row is a check name and the number of rows that break it.
-- One statement per check, all counts must be 0. Run: npx wrangler d1 execute DB --local --file seed/check.sql
SELECT 'balance = ledger sums' AS check_name, COUNT(*) AS bad FROM loyalty_balances b
 WHERE b.points_earned   <> (SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'points' AND l.entry_type = 'earn')
    OR b.points_redeemed <> -(SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'points' AND l.entry_type = 'redeem')
    OR b.points_expired  <> -(SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'points' AND l.entry_type = 'expire')
    OR b.points_available <> (SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'points')
    OR b.cash_earned     <> (SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'cash' AND l.entry_type = 'earn')
    OR b.cash_redeemed   <> -(SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'cash' AND l.entry_type = 'redeem')
    OR b.cash_expired    <> -(SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'cash' AND l.entry_type = 'expire')
    OR b.cash_available  <> (SELECT COALESCE(SUM(amount), 0) FROM loyalty_ledger l WHERE l.ambassador_uid = b.ambassador_uid AND l.kind = 'cash');
SELECT 'ledger owner without balance row', COUNT(DISTINCT ambassador_uid) FROM loyalty_ledger WHERE ambassador_uid NOT IN (SELECT ambassador_uid FROM loyalty_balances);
SELECT 'paid payouts = their commissions', COUNT(*) FROM payouts p WHERE p.amount_minor <> (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions c WHERE c.payout_id = p.id);
SELECT 'paid monetary commission without payout', COUNT(*) FROM commissions WHERE status = 'paid' AND is_monetary = 1 AND payout_id IS NULL;
SELECT 'commission currency <> company currency', COUNT(*) FROM commissions x JOIN companies c ON c.id = x.company_id WHERE x.currency <> c.currency;
SELECT 'payout currency <> company currency', COUNT(*) FROM payouts x JOIN companies c ON c.id = x.company_id WHERE x.currency <> c.currency;
SELECT 'membership without default link', COUNT(*) FROM ambassador_campaigns m WHERE NOT EXISTS (SELECT 1 FROM share_links s WHERE s.ambassador_uid = m.ambassador_uid AND s.campaign_id = m.campaign_id AND s.is_default = 1);
SELECT 'more than one default link', COUNT(*) FROM (SELECT 1 FROM share_links WHERE is_default = 1 GROUP BY ambassador_uid, campaign_id HAVING COUNT(*) > 1);
SELECT 'share link outside membership', COUNT(*) FROM share_links s WHERE NOT EXISTS (SELECT 1 FROM ambassador_campaigns m WHERE m.ambassador_uid = s.ambassador_uid AND m.campaign_id = s.campaign_id);
SELECT 'click <> its link', COUNT(*) FROM clicks x JOIN share_links s ON s.uid = x.share_link_uid WHERE x.company_id <> s.company_id OR x.campaign_id <> s.campaign_id OR x.ambassador_uid <> s.ambassador_uid;
SELECT 'share <> its link', COUNT(*) FROM shares x JOIN share_links s ON s.uid = x.share_link_uid WHERE x.company_id <> s.company_id OR x.campaign_id <> s.campaign_id OR x.ambassador_uid <> s.ambassador_uid;
SELECT 'referral <> its link', COUNT(*) FROM referrals x JOIN share_links s ON s.uid = x.share_link_uid WHERE x.company_id <> s.company_id OR x.campaign_id <> s.campaign_id OR x.ambassador_uid <> s.ambassador_uid;
SELECT 'commission <> its referral', COUNT(*) FROM commissions x JOIN referrals r ON r.id = x.referral_id WHERE x.company_id <> r.company_id OR x.ambassador_uid <> r.ambassador_uid OR x.campaign_id <> r.campaign_id;
SELECT 'commission <> its payout', COUNT(*) FROM commissions x JOIN payouts p ON p.id = x.payout_id WHERE x.company_id <> p.company_id OR x.ambassador_uid <> p.ambassador_uid;
SELECT 'ambassador <> its user', COUNT(*) FROM ambassadors a JOIN users u ON u.id = a.user_id WHERE a.company_id <> u.company_id;
SELECT 'ambassador <> its group', COUNT(*) FROM ambassadors a JOIN groups g ON g.id = a.group_id WHERE a.company_id <> g.company_id;
SELECT 'ambassador <> its referrer', COUNT(*) FROM ambassadors a JOIN ambassadors r ON r.uid = a.referred_by_uid WHERE a.company_id <> r.company_id;
SELECT 'membership <> ambassador or campaign', COUNT(*) FROM ambassador_campaigns m JOIN ambassadors a ON a.uid = m.ambassador_uid JOIN campaigns c ON c.id = m.campaign_id WHERE m.company_id <> a.company_id OR m.company_id <> c.company_id;
SELECT 'share link <> ambassador or campaign', COUNT(*) FROM share_links s JOIN ambassadors a ON a.uid = s.ambassador_uid JOIN campaigns c ON c.id = s.campaign_id WHERE s.company_id <> a.company_id OR s.company_id <> c.company_id;
SELECT 'activity <> ambassador/campaign/payout/redemption', COUNT(*) FROM activities x JOIN ambassadors a ON a.uid = x.ambassador_uid LEFT JOIN campaigns c ON c.id = x.campaign_id LEFT JOIN payouts p ON p.id = x.payout_id LEFT JOIN redemptions r ON r.id = x.redemption_id
   WHERE x.company_id <> a.company_id OR x.company_id <> COALESCE(c.company_id, x.company_id) OR x.company_id <> COALESCE(p.company_id, x.company_id) OR x.company_id <> COALESCE(r.company_id, x.company_id);
SELECT 'ledger <> ambassador/referral/redemption/campaign', COUNT(*) FROM loyalty_ledger x JOIN ambassadors a ON a.uid = x.ambassador_uid LEFT JOIN referrals f ON f.id = x.referral_id LEFT JOIN redemptions r ON r.id = x.redemption_id LEFT JOIN campaigns c ON c.id = x.campaign_id
   WHERE x.company_id <> a.company_id OR x.company_id <> COALESCE(f.company_id, x.company_id) OR x.company_id <> COALESCE(r.company_id, x.company_id) OR x.company_id <> COALESCE(c.company_id, x.company_id);
SELECT 'balance <> ambassador', COUNT(*) FROM loyalty_balances x JOIN ambassadors a ON a.uid = x.ambassador_uid WHERE x.company_id <> a.company_id;
SELECT 'badge award <> badge or ambassador', COUNT(*) FROM ambassador_badges x JOIN badges b ON b.id = x.badge_id JOIN ambassadors a ON a.uid = x.ambassador_uid WHERE x.company_id <> b.company_id OR x.company_id <> a.company_id;
SELECT 'task completion <> task or ambassador', COUNT(*) FROM task_completions x JOIN tasks t ON t.id = x.task_id JOIN ambassadors a ON a.uid = x.ambassador_uid WHERE x.company_id <> t.company_id OR x.company_id <> a.company_id;
SELECT 'task <> campaign', COUNT(*) FROM tasks x JOIN campaigns c ON c.id = x.campaign_id WHERE x.company_id <> c.company_id;
SELECT 'redemption <> reward/vault/variant/ambassador', COUNT(*) FROM redemptions x JOIN ambassadors a ON a.uid = x.ambassador_uid LEFT JOIN rewards w ON w.uid = x.reward_uid LEFT JOIN vault_items v ON v.uid = x.vault_item_uid LEFT JOIN vault_item_variants vv ON vv.uid = x.variant_uid
   WHERE x.company_id <> a.company_id OR x.company_id <> COALESCE(w.company_id, x.company_id) OR x.company_id <> COALESCE(v.company_id, x.company_id) OR x.company_id <> COALESCE(vv.company_id, x.company_id) OR (vv.uid IS NOT NULL AND vv.vault_item_uid <> x.vault_item_uid);
SELECT 'variant <> vault item', COUNT(*) FROM vault_item_variants x JOIN vault_items v ON v.uid = x.vault_item_uid WHERE x.company_id <> v.company_id;
SELECT 'vault item <> campaign', COUNT(*) FROM vault_items x JOIN campaigns c ON c.id = x.campaign_id WHERE x.company_id <> c.company_id;
SELECT 'asset <> campaign', COUNT(*) FROM assets x JOIN campaigns c ON c.id = x.campaign_id WHERE x.company_id <> c.company_id;
SELECT 'customization <> campaign', COUNT(*) FROM customizations x JOIN campaigns c ON c.id = x.campaign_id WHERE x.company_id <> c.company_id;
SELECT 'notification settings <> ambassador', COUNT(*) FROM notification_settings x JOIN ambassadors a ON a.uid = x.ambassador_uid WHERE x.company_id <> a.company_id;
SELECT 'ambassador without notification settings', COUNT(*) FROM ambassadors a WHERE NOT EXISTS (SELECT 1 FROM notification_settings n WHERE n.ambassador_uid = a.uid);
SELECT 'email code <> ambassador', COUNT(*) FROM email_link_codes x JOIN ambassadors a ON a.uid = x.ambassador_uid WHERE x.company_id <> a.company_id;
SELECT 'ambassador without optout code', COUNT(*) FROM ambassadors a WHERE NOT EXISTS (SELECT 1 FROM email_link_codes e WHERE e.ambassador_uid = a.uid AND e.purpose = 'optout');
SELECT 'clicks older than a year', COUNT(*) FROM clicks WHERE created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-366 days');
SELECT 'rows in the future', (SELECT COUNT(*) FROM clicks WHERE created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) + (SELECT COUNT(*) FROM referrals WHERE created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) + (SELECT COUNT(*) FROM commissions WHERE created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
SELECT 'months of ava clicks in the last year (want 12)', 12 - COUNT(DISTINCT substr(created_at, 1, 7)) FROM clicks WHERE ambassador_uid = 'amb-ava' AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-330 days');
SELECT 'demo or acme campaign, tier or badge in one language only', COUNT(*) FROM (SELECT company_id, translations FROM campaigns UNION ALL SELECT company_id, translations FROM tiers UNION ALL SELECT company_id, translations FROM badges) WHERE company_id IN ('demo', 'acme') AND translations = '{}';
SELECT 'row translations in an unknown language', COUNT(*) FROM (SELECT translations FROM campaigns UNION ALL SELECT translations FROM tiers UNION ALL SELECT translations FROM badges UNION ALL SELECT translations FROM tasks UNION ALL SELECT translations FROM rewards UNION ALL SELECT translations FROM vault_items UNION ALL SELECT translations FROM vault_item_variants) t, json_each(t.translations) j
   WHERE j.key NOT IN ('en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'de', 'es-419', 'es-MX', 'fr-CA');
SELECT 'foreign key violations', COUNT(*) FROM pragma_foreign_key_check;
