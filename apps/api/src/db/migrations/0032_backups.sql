-- Backups that restore (issue 35, decision 0023): each backup made, its file, size and whether a
-- restore of it into a scratch database matched the live one (row counts, audit chain head).
CREATE TABLE "backups" (
  "file" text PRIMARY KEY,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "bytes" bigint NOT NULL,
  -- pglite or postgres: which engine's dump it holds (restored into the same kind).
  "database" text NOT NULL,
  "trigger" text NOT NULL,
  "counts" jsonb NOT NULL,
  "audit_seq" bigint NOT NULL,
  "audit_hash" text NOT NULL,
  "verified_at" timestamp with time zone,
  -- Why the restore into the scratch database did not match (null: it did, or not tried yet).
  "verify_error" text,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
-- Who took a copy of the hotel's data, and when, is in the audit trail.
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "backups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('backup', 'file', '', '', '', 'counts');
--> statement-breakpoint
-- Every table's exact row count, one row each: what a backup and its restore are compared by.
CREATE FUNCTION table_row_counts() RETURNS TABLE (name text, n bigint) LANGUAGE plpgsql STABLE AS $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
            WHERE s.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname LOOP
    name := t.relname;
    EXECUTE format('SELECT count(*) FROM public.%I', t.relname) INTO n;
    RETURN NEXT;
  END LOOP;
END $$;
