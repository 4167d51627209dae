-- Issue 36: a templated mail is written to the outbox as its template's type, language and values,
-- and rendered by the outbox worker when it sends it, after the booking committed. The row keeps
-- what was sent (subject, bodies) and drops the values once rendered; the retention clears them
-- with the bodies.
ALTER TABLE "outbox_mails" ADD COLUMN "template" jsonb;
