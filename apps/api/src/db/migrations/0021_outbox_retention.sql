-- Mail retention (issue 23): a sent mail's body (html, text, attachment references) is cleared
-- after MAIL_RETENTION_DAYS; its who, when, subject, kind and status stay. The retention's batches
-- find the sent mails that still have a body in this index, which holds only those: the mails
-- already cleared (most of the table, in time) are never read again.
CREATE INDEX IF NOT EXISTS "outbox_mails_body_kept_idx" ON "outbox_mails" ("sent_at") WHERE "status" = 'sent' AND "html" <> '';
--> statement-breakpoint
-- The outbox worker's claim (the next due mail by id) read through every mail ever sent once the
-- planner preferred the primary key's order (EXPLAIN in bench/soak.ts after 4 minutes of traffic:
-- 4,760 sent mails passed over, 335 ms); the pending mails, a handful, have an index of their own.
CREATE INDEX IF NOT EXISTS "outbox_mails_pending_idx" ON "outbox_mails" ("id") WHERE "status" = 'pending';
