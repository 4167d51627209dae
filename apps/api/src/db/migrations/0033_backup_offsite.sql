-- Backups copied off-site (issue 35): with S3_BACKUP_BUCKET each backup file is uploaded to a
-- bucket of its own once written and verified. Where it went and when, or why it did not
-- (a failed upload does not fail the backup; the next backup tries again).
ALTER TABLE "backups" ADD COLUMN "offsite_key" text;
--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "offsite_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "offsite_error" text;
