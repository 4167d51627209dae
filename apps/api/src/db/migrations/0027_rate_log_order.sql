-- The rate log's order is the order in which its edits took effect (issue 31). It was ordered by
-- changed_at, which defaulted to now(): the time the edit's transaction began, before it waited
-- for its plan's lock. Of 20 edits at once, one that began first but got the lock last was listed
-- as the oldest although its price is the one the day kept. Each entry now takes a number from a
-- sequence when it is written, which is under the plan's lock (decision 0012), and its time is the
-- clock's at that moment.
ALTER TABLE "rate_changes" ADD COLUMN "seq" bigint;
--> statement-breakpoint
-- The entries written before: in the order they were listed until now.
UPDATE "rate_changes" AS c SET "seq" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "changed_at", "id") AS n FROM "rate_changes") AS o
WHERE c."id" = o."id";
--> statement-breakpoint
CREATE SEQUENCE "rate_changes_seq_seq" OWNED BY "rate_changes"."seq";
--> statement-breakpoint
SELECT setval('rate_changes_seq_seq', coalesce(max("seq"), 0) + 1, false) FROM "rate_changes";
--> statement-breakpoint
ALTER TABLE "rate_changes"
  ALTER COLUMN "seq" SET DEFAULT nextval('rate_changes_seq_seq'),
  ALTER COLUMN "seq" SET NOT NULL,
  ALTER COLUMN "changed_at" SET DEFAULT clock_timestamp();
--> statement-breakpoint
DROP INDEX IF EXISTS "rate_changes_plan_idx";
--> statement-breakpoint
CREATE INDEX "rate_changes_plan_idx" ON "rate_changes" ("plan_id", "seq" DESC);
