-- The share code the dashboard shows credits its ambassador (/r/<share code>, the operator's events, the
-- store paths), so it shares one namespace per company with the share links' short codes: /r/<code> must
-- name exactly one person. Claimed here; the guards follow.
SELECT 1;
