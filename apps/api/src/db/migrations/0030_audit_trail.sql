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
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING brin ("at");
--> statement-breakpoint
-- The chain's anchors: a record's number and hash written down elsewhere (each closed day, each
-- backup), so that records cut off the chain's end are found too: verify checks that each anchor
-- is still in the chain as it was.
CREATE TABLE "audit_anchors" (
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  -- What wrote it down: "day closed 2026-12-03", "backup residency-2026-12-04T0215.rbk".
  "reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_anchors_seq_idx" ON "audit_anchors" ("seq");
--> statement-breakpoint
-- A record's hash: SHA-256 of its fields and the previous hash, as one JSON array (unambiguous;
-- the time in microseconds since 1970, so no session's time zone changes the text).
CREATE FUNCTION audit_hash(prev text, seq bigint, at timestamptz, actor_id uuid, actor_role text, actor_label text, ip text, user_agent text, route text, entity text, entity_id text, parent_entity text, parent_id text, action text, changes jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(prev, seq, (extract(epoch FROM at) * 1000000)::bigint, actor_id, actor_role, actor_label, ip, user_agent, route, entity, entity_id, parent_entity, parent_id, action, changes)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Appends one record. The actor is the transaction's `residency.actor` setting (set by the API
-- for each request, lib/audit-actor.ts) unless the caller names one (a sign-in event). Appends
-- wait for each other on one advisory lock, held to the transaction's end (its commit is the
-- last thing it does: the row triggers are deferred), so the chain never forks; the previous
-- record is then the last committed one.
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
  v_prev text;
BEGIN
  PERFORM pg_advisory_xact_lock(727035);
  SELECT l.seq, l.hash INTO v_seq, v_prev FROM audit_log l ORDER BY l.seq DESC LIMIT 1;
  v_seq := coalesce(v_seq, 0) + 1;
  INSERT INTO audit_log (seq, at, actor_id, actor_role, actor_label, ip, user_agent, route, entity, entity_id, parent_entity, parent_id, action, changes, hash)
  VALUES (v_seq, ts, a_id, a_role, a_label, a_ip, a_ua, a_route, p_entity, p_entity_id, p_parent_entity, p_parent_id, p_action, p_changes,
          audit_hash(coalesce(v_prev, ''), v_seq, ts, a_id, a_role, a_label, a_ip, a_ua, a_route, p_entity, p_entity_id, p_parent_entity, p_parent_id, p_action, p_changes));
  RETURN v_seq;
END $$;
--> statement-breakpoint
-- The row trigger of every audited table. Arguments: entity name, id column(s) (comma-separated),
-- parent entity, parent column, hidden columns ('*': every value hidden, only the fields named),
-- ignored columns (bookkeeping such as updated_at). Fires at commit (DEFERRABLE INITIALLY
-- DEFERRED), so the head's lock is held only while the transaction commits.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_cols text[] := string_to_array(TG_ARGV[1], ',');
  hidden text[] := coalesce(string_to_array(nullif(TG_ARGV[4], ''), ','), '{}');
  ignored text[] := coalesce(string_to_array(nullif(TG_ARGV[5], ''), ','), '{}');
  every_value_hidden boolean := TG_ARGV[4] = '*';
  old_row jsonb;
  new_row jsonb;
  changes jsonb;
  v_row jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - ignored; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - ignored; END IF;
  -- An update of nothing but bookkeeping (the totals each folio line moves) ends here, cheaply.
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN RETURN NULL; END IF;
  -- A reservation's first folio lines, priced from the rate in the transaction that made it, are
  -- not copied line by line: its bookings' records carry the price (nights, rate, subtotal,
  -- service charge, VAT, amount). Every line posted afterwards (a charge, a reversal, a penalty,
  -- a room added later) is.
  IF TG_TABLE_NAME = 'folio_lines' AND TG_OP = 'INSERT' AND new_row ->> 'reverses' IS NULL
     AND EXISTS (SELECT 1 FROM reservations r WHERE r.id = (new_row ->> 'reservation_id')::uuid AND r.created_at = now()) THEN
    RETURN NULL;
  END IF;
  v_row := coalesce(new_row, old_row);
  -- One statement over the fields (not a loop: this runs for every audited row written). A new
  -- record's empty fields and its id (its entity_id) say nothing; a secret shows as hidden; a
  -- long text (a template's HTML) is named by its length, not copied.
  SELECT jsonb_object_agg(f.k, jsonb_build_array(
           CASE WHEN f.o IS NULL OR f.o = 'null'::jsonb THEN f.o
                WHEN every_value_hidden OR f.k = ANY (hidden) THEN '{"hidden": true}'::jsonb
                WHEN length(f.o::text) > 2000 THEN jsonb_build_object('omitted', length(f.o::text))
                ELSE f.o END,
           CASE WHEN f.n IS NULL OR f.n = 'null'::jsonb THEN f.n
                WHEN every_value_hidden OR f.k = ANY (hidden) THEN '{"hidden": true}'::jsonb
                WHEN length(f.n::text) > 2000 THEN jsonb_build_object('omitted', length(f.n::text))
                ELSE f.n END))
    INTO changes
    FROM (SELECT e.key AS k, old_row -> e.key AS o, new_row -> e.key AS n FROM jsonb_each(v_row) AS e) AS f
   WHERE f.o IS DISTINCT FROM f.n
     AND NOT (TG_OP = 'INSERT' AND (f.n = 'null'::jsonb OR f.k = ANY (id_cols)));
  -- An update of nothing but bookkeeping (totals the folio's triggers keep) is no change.
  IF TG_OP = 'UPDATE' AND changes IS NULL THEN RETURN NULL; END IF;
  PERFORM audit_append(
    TG_ARGV[0],
    (SELECT string_agg(v_row ->> c, ':') FROM unnest(id_cols) AS c),
    nullif(TG_ARGV[2], ''),
    CASE WHEN TG_ARGV[3] = '' THEN NULL ELSE v_row ->> TG_ARGV[3] END,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    coalesce(changes, '{}'::jsonb), NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE of the log or its anchors.
CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % is refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_anchors_append_only" BEFORE UPDATE OR DELETE ON "audit_anchors" FOR EACH ROW EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_anchors_no_truncate" BEFORE TRUNCATE ON "audit_anchors" FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
-- The audited tables. Not copied: the totals the folio's triggers keep (a reservation's and a
-- booking's charged, paid, refunded, payment state, deposit due: their lines and payments are audited). Not audited: what the system derives or sends (nights sold, the
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
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "reservations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('reservation', 'id', '', '', '', 'updated_at,charged,paid,refunded');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('booking', 'id', 'reservation', 'reservation_id', '', 'updated_at,charged,paid_amount,payment_status,paid_at,deposit_due');
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
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "channel_exports" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('channel-export', 'room_id,channel', 'room', 'room_id', 'token', '');
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
