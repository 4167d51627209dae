-- Issue 36: a reservation is written by one call of this function, not by a statement for each
-- table: the reservation, its rooms' bookings, their nights, their folio lines and the mails
-- (their template's type, language and values; the outbox worker renders them after commit).
-- The API locks the rooms, prices the stay and resolves the guest first, in the same
-- transaction; ids are drawn by the API, references too.
--
-- A reference already in use (a reservation's, or a booking's transaction id) raises RSR01: the
-- API draws new ones and runs the transaction again. A night already taken is refused by the
-- bookings' overlap constraint (23P01) as before. The triggers of each table run as they did.
-- Each table's columns are listed here: those the booking writes; the rest take their defaults.
-- The totals the folio lines make are written with the rows (the reservation's charge, each
-- booking's charge and payment state: folio_lines_add_to_totals' rules with nothing paid), and
-- the lines' trigger is told so for that one insert.
--
-- A booking priced from the availability index's copy of the rate calendar (no read of the
-- rates in its transaction) names the calendar's number, pricing_version: any change of a room
-- type, a plan or a day's rate adds one, in the changing transaction; the index reads it before
-- it loads the calendar. A booking priced on another number is refused (RSP01) and the API
-- prices it again from the tables.
CREATE TABLE "pricing_version" (
  "only" boolean PRIMARY KEY DEFAULT true CHECK ("only"),
  "n" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "pricing_version" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION bump_pricing_version() RETURNS trigger AS $$
BEGIN
  UPDATE pricing_version SET n = n + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "pricing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
--> statement-breakpoint
CREATE TRIGGER "pricing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rate_plans" FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
--> statement-breakpoint
CREATE TRIGGER "pricing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rate_days" FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
--> statement-breakpoint
-- `p->'lines'` are in order, a line's `applies_to` the position (from 1) of the line it adjusts.
CREATE FUNCTION book_reservation(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  res reservations;
  booked jsonb;
  written int;
  line_ids bigint[];
  total numeric;
BEGIN
  IF p->'pricing_version' IS NOT NULL AND jsonb_typeof(p->'pricing_version') = 'number'
     AND (p->>'pricing_version')::bigint IS DISTINCT FROM (SELECT n FROM pricing_version) THEN
    RAISE EXCEPTION 'priced on rates % that changed since', p->>'pricing_version' USING ERRCODE = 'RSP01';
  END IF;
  SELECT coalesce(sum((l->>'amount')::numeric), 0) INTO total FROM jsonb_array_elements(p->'lines') l;

  INSERT INTO reservations (id, reference, user_id, language, source, created_by, company_name, company_bin, hold_until, charged)
  SELECT x.id, x.reference, x.user_id, x.language, x.source, x.created_by, x.company_name, x.company_bin, x.hold_until, total
  FROM jsonb_populate_record(NULL::reservations, p->'reservation') x
  ON CONFLICT (reference) DO NOTHING
  RETURNING * INTO res;
  IF res.id IS NULL THEN
    RAISE EXCEPTION 'reference % is taken', p->'reservation'->>'reference' USING ERRCODE = 'RSR01';
  END IF;

  WITH ins AS (
    INSERT INTO bookings (id, transaction_id, reservation_id, user_id, room_id, room_category, room_number, check_in, check_out,
      adults, children, phone, address, airport_shuttle, nights, per_night_cost, subtotal, discount, coupon_id, coupon_code,
      without_vat_and_service, service_charge, vat, amount, source, created_by, is_confirmed, confirmed_at, language,
      rate_plan_code, cancellation_policy, deposit, deposit_due_at, created_at, charged, payment_status, paid_at)
    SELECT x.id, x.transaction_id, res.id, x.user_id, x.room_id, x.room_category, x.room_number, x.check_in, x.check_out,
      x.adults, x.children, x.phone, x.address, x.airport_shuttle, x.nights, x.per_night_cost, x.subtotal, x.discount, x.coupon_id, x.coupon_code,
      x.without_vat_and_service, x.service_charge, x.vat, x.amount, x.source, x.created_by, x.is_confirmed, x.confirmed_at, x.language,
      x.rate_plan_code, x.cancellation_policy, x.deposit, x.deposit_due_at, x.created_at,
      (SELECT coalesce(sum((l->>'amount')::numeric), 0) FROM jsonb_array_elements(p->'lines') l WHERE (l->>'booking_id')::uuid = x.id),
      -- A new booking is active: 'Paid' from the start only when the reservation charges nothing.
      CASE WHEN total <= 0 THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END,
      CASE WHEN total <= 0 THEN x.created_at END
    FROM jsonb_populate_recordset(NULL::bookings, p->'bookings') x
    ON CONFLICT (transaction_id) DO NOTHING
    RETURNING *
  )
  SELECT count(*), coalesce(jsonb_agg(to_jsonb(ins)), '[]'::jsonb) INTO written, booked FROM ins;
  IF written < jsonb_array_length(p->'bookings') THEN
    RAISE EXCEPTION 'a transaction id of reservation % is taken', res.reference USING ERRCODE = 'RSR01';
  END IF;

  INSERT INTO booking_nights (booking_id, night, plan_code, room_price, extra_adults, extra_children, meals)
  SELECT x.booking_id, x.night, x.plan_code, x.room_price, x.extra_adults, x.extra_children, x.meals
  FROM jsonb_populate_recordset(NULL::booking_nights, p->'nights') x;

  -- The lines' ids drawn first, in order, so that an adjustment can name the line it adjusts in
  -- the same statement (the foreign key is checked at its end): one insert, one run of the
  -- totals trigger.
  SELECT array_agg(nextval('folio_lines_id_seq') ORDER BY g) INTO line_ids FROM generate_series(1, jsonb_array_length(p->'lines')) g;
  PERFORM set_config('residency.folio_totals_written', 'on', true);
  INSERT INTO folio_lines (id, reservation_id, booking_id, kind, charge_type, service_date, description, quantity, unit_price,
    amount, rate, applies_to, reason, posted_by)
  SELECT line_ids[x.ordinality::int], res.id, x.booking_id, x.kind, x.charge_type, x.service_date, x.description, x.quantity, x.unit_price,
    x.amount, x.rate, line_ids[x.applies_to::int], x.reason, x.posted_by
  FROM jsonb_populate_recordset(NULL::folio_lines, p->'lines') WITH ORDINALITY AS x;

  PERFORM set_config('residency.folio_totals_written', '', true);

  INSERT INTO outbox_mails (kind, "to", subject, html, text, template)
  SELECT x.kind, x."to", '', '', '', x.template
  FROM jsonb_populate_recordset(NULL::outbox_mails, p->'mails') x;

  RETURN jsonb_build_object('reservation', to_jsonb(res), 'bookings', booked);
END;
$$;
