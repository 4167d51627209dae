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
-- `p->'lines'` are in order, a line's `applies_to` the position (from 1) of the line it adjusts.
CREATE FUNCTION book_reservation(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  res reservations;
  booked jsonb;
  written int;
  line_ids bigint[];
BEGIN
  INSERT INTO reservations (id, reference, user_id, language, source, created_by, company_name, company_bin, hold_until)
  SELECT x.id, x.reference, x.user_id, x.language, x.source, x.created_by, x.company_name, x.company_bin, x.hold_until
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
      rate_plan_code, cancellation_policy, deposit, deposit_due_at, created_at)
    SELECT x.id, x.transaction_id, res.id, x.user_id, x.room_id, x.room_category, x.room_number, x.check_in, x.check_out,
      x.adults, x.children, x.phone, x.address, x.airport_shuttle, x.nights, x.per_night_cost, x.subtotal, x.discount, x.coupon_id, x.coupon_code,
      x.without_vat_and_service, x.service_charge, x.vat, x.amount, x.source, x.created_by, x.is_confirmed, x.confirmed_at, x.language,
      x.rate_plan_code, x.cancellation_policy, x.deposit, x.deposit_due_at, x.created_at
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
  INSERT INTO folio_lines (id, reservation_id, booking_id, kind, charge_type, service_date, description, quantity, unit_price,
    amount, rate, applies_to, reason, posted_by)
  SELECT line_ids[x.ordinality::int], res.id, x.booking_id, x.kind, x.charge_type, x.service_date, x.description, x.quantity, x.unit_price,
    x.amount, x.rate, line_ids[x.applies_to::int], x.reason, x.posted_by
  FROM jsonb_populate_recordset(NULL::folio_lines, p->'lines') WITH ORDINALITY AS x;

  INSERT INTO outbox_mails (kind, "to", subject, html, text, template)
  SELECT x.kind, x."to", '', '', '', x.template
  FROM jsonb_populate_recordset(NULL::outbox_mails, p->'mails') x;

  RETURN jsonb_build_object('reservation', to_jsonb(res), 'bookings', booked);
END;
$$;
