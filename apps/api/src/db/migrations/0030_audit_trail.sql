-- The audit trail (issue 35, decision 0023): who changed what, when, from where, with the fields
-- before and after. Written by the database itself, in the transaction of the change, so a
-- change without its record cannot exist; append-only (triggers refuse UPDATE, DELETE and
-- TRUNCATE); and chained: each record's hash covers its content and the previous record's hash,
-- so an edit made in SQL is found by `npm run audit:verify`.
CREATE TABLE "audit_log" (
  -- The chain's order: 1, 2, 3… with no gap, numbered under the head's row lock.
  "seq" bigint PRIMARY KEY,
  "at" timestamp with time zone NOT NULL,
  -- Who: the signed-in account and its role at the time (null id: a visitor or the system).
  "actor_id" uuid,
  "actor_role" text NOT NULL,
  "actor_label" text,
  "ip" text,
  "user_agent" text,
  -- The request that made the change ("PATCH /api/bookings/:id"), or the job's name.
  "route" text,
  "entity" text NOT NULL,
  "entity_id" text,
  -- The record the entity belongs to (a booking's reservation, a block's room): its history shows it.
  "parent_entity" text,
  "parent_id" text,
  -- create, update, delete, or an event (sign-in, sign-in-failed, password-reset…).
  "action" text NOT NULL,
  -- { field: [before, after] }; secrets and ID details appear as {"hidden": true}.
  "changes" jsonb,
  "hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" ("entity", "entity_id", "seq");
--> statement-breakpoint
CREATE INDEX "audit_log_parent_idx" ON "audit_log" ("parent_entity", "parent_id", "seq") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "seq") WHERE "actor_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING brin ("at");
--> statement-breakpoint
-- The chain's head: the last record's number and hash, in one row. Appending updates it, so
-- appends wait for each other there (for the length of a commit) and the chain never forks.
CREATE TABLE "audit_head" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "seq" bigint NOT NULL,
  "hash" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_head" ("id", "seq", "hash") VALUES (1, 0, '');
--> statement-breakpoint
-- A record's hash: SHA-256 of its fields and the previous hash, as one JSON array (unambiguous;
-- the time in microseconds since 1970, so no session's time zone changes the text).
CREATE FUNCTION audit_hash(prev text, seq bigint, at timestamptz, actor_id uuid, actor_role text, actor_label text, ip text, user_agent text, route text, entity text, entity_id text, parent_entity text, parent_id text, action text, changes jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(prev, seq, (extract(epoch FROM at) * 1000000)::bigint, actor_id, actor_role, actor_label, ip, user_agent, route, entity, entity_id, parent_entity, parent_id, action, changes)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Appends one record. The actor is the transaction's `residency.actor` setting (set by the API
-- for each request, lib/audit-actor.ts) unless the caller names one (a sign-in event).
CREATE FUNCTION audit_append(p_entity text, p_entity_id text, p_parent_entity text, p_parent_id text, p_action text, p_changes jsonb, p_actor jsonb DEFAULT NULL)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := coalesce(p_actor, nullif(current_setting('residency.actor', true), '')::jsonb, '{}'::jsonb);
  ts timestamptz := clock_timestamp();
  a_id uuid := nullif(actor->>'id', '')::uuid;
  a_role text := coalesce(nullif(actor->>'role', ''), 'system');
  a_label text := actor->>'label';
  a_ip text := actor->>'ip';
  a_ua text := left(actor->>'ua', 300);
  a_route text := actor->>'route';
  v_seq bigint;
  v_hash text;
BEGIN
  UPDATE audit_head h
     SET seq = h.seq + 1,
         hash = audit_hash(h.hash, h.seq + 1, ts, a_id, a_role, a_label, a_ip, a_ua, a_route, p_entity, p_entity_id, p_parent_entity, p_parent_id, p_action, p_changes)
   WHERE h.id = 1
  RETURNING h.seq, h.hash INTO v_seq, v_hash;
  INSERT INTO audit_log (seq, at, actor_id, actor_role, actor_label, ip, user_agent, route, entity, entity_id, parent_entity, parent_id, action, changes, hash)
  VALUES (v_seq, ts, a_id, a_role, a_label, a_ip, a_ua, a_route, p_entity, p_entity_id, p_parent_entity, p_parent_id, p_action, p_changes, v_hash);
  RETURN v_seq;
END $$;
--> statement-breakpoint
-- The row trigger of every audited table. Arguments: entity name, id column(s) (comma-separated),
-- parent entity, parent column, hidden columns ('*': every value hidden, only the fields named),
-- ignored columns (bookkeeping such as updated_at). Fires at commit (DEFERRABLE INITIALLY
-- DEFERRED), so the head's lock is held only while the transaction commits.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden text[] := string_to_array(nullif(TG_ARGV[4], ''), ',');
  ignored text[] := coalesce(string_to_array(nullif(TG_ARGV[5], ''), ','), '{}');
  old_row jsonb;
  new_row jsonb;
  changes jsonb := '{}'::jsonb;
  k text;
  v_old jsonb;
  v_new jsonb;
  v_id text;
  id_cols text[] := string_to_array(TG_ARGV[1], ',');
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - ignored; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - ignored; END IF;
  FOR k IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
    v_old := old_row -> k;
    v_new := new_row -> k;
    CONTINUE WHEN v_old IS NOT DISTINCT FROM v_new;
    -- A new record's empty fields and its id (the record's own entity_id) say nothing.
    CONTINUE WHEN TG_OP = 'INSERT' AND (v_new = 'null'::jsonb OR k = ANY (id_cols));
    IF hidden = '{*}' OR k = ANY (hidden) THEN
      IF v_old IS NOT NULL AND v_old <> 'null'::jsonb THEN v_old := '{"hidden": true}'::jsonb; END IF;
      IF v_new IS NOT NULL AND v_new <> 'null'::jsonb THEN v_new := '{"hidden": true}'::jsonb; END IF;
    ELSE
      -- A long text (a template's HTML) is named by its length, not copied.
      IF length(v_old::text) > 2000 THEN v_old := jsonb_build_object('omitted', length(v_old::text)); END IF;
      IF length(v_new::text) > 2000 THEN v_new := jsonb_build_object('omitted', length(v_new::text)); END IF;
    END IF;
    changes := changes || jsonb_build_object(k, jsonb_build_array(v_old, v_new));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN RETURN NULL; END IF;
  SELECT string_agg(coalesce(new_row, old_row) ->> c, ':') INTO v_id FROM unnest(id_cols) AS c;
  PERFORM audit_append(
    TG_ARGV[0], v_id, nullif(TG_ARGV[2], ''),
    CASE WHEN TG_ARGV[3] = '' THEN NULL ELSE coalesce(new_row, old_row) ->> TG_ARGV[3] END,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    changes, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE of the log, and the head is only ever moved on.
CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % is refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_head_no_delete" BEFORE DELETE ON "audit_head" FOR EACH ROW EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_head_no_truncate" BEFORE TRUNCATE ON "audit_head" FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE FUNCTION audit_head_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq <> OLD.seq + 1 THEN
    RAISE EXCEPTION 'the audit trail is append-only: its head only moves one record on' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_head_forward" BEFORE UPDATE ON "audit_head" FOR EACH ROW EXECUTE FUNCTION audit_head_forward();
--> statement-breakpoint
-- The audited tables. Not audited: what the system derives or sends (nights sold, the
-- availability index, daily totals, outboxes, idempotency keys, gateway messages), one-time
-- secrets (reset links, phone codes), and logs of their own (ID views, rate days: their edits
-- are the rate_changes log, audited here).
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'id', '', '', 'password_hash,google_subject', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "room_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('category', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "rooms" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('room', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "coupons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('coupon', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "reservations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('reservation', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('booking', 'id', 'reservation', 'reservation_id', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('payment', 'id', 'reservation', 'reservation_id', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "folio_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('folio-line', 'id', 'reservation', 'reservation_id', '', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('invoice', 'id', 'reservation', 'reservation_id', '', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "online_payment_sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('online-payment', 'id', 'reservation', 'reservation_id', 'gateway_session,redirect_url,fact', 'updated_at,checked_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "online_refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('online-refund', 'id', 'reservation', 'reservation_id', '', 'updated_at,checked_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "guest_cards" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('guest-card', 'id', 'booking', 'booking_id', '*', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "guest_photos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('guest-photo', 'id', 'guest-card', 'card_id', '*', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "room_blocks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('room-block', 'id', 'room', 'room_id', '', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "channel_feeds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('channel-feed', 'id', 'room', 'room_id', 'url', 'next_sync_at,last_sync_at,last_success_at,last_result,last_error,last_error_code,last_error_params,failing_since,failure_mailed_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "channel_conflicts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('channel-conflict', 'id', 'room', 'room_id', '', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "rate_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('rate-plan', 'id', 'category', 'category_id', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "rate_changes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('rate-change', 'id', 'rate-plan', 'plan_id', '', '');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "charge_types" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('charge-type', 'code', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "venues" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('venue', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "event_requests" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('event-request', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "service_requests" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('service-request', 'id', 'booking', 'booking_id', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "blogs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('blog', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "gallery_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('gallery-item', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "hero_slides" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('hero-slide', 'id', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "email_templates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('email-template', 'type,language', '', '', '', 'updated_at');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "sms_templates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('sms-template', 'type,language', '', '', '', 'updated_at');
