-- Provider money applied exactly once, whatever the delivery (placeholder claimed; filled in below).
SELECT 1;
