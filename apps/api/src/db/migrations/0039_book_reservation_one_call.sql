-- Issue 36: a booking in one round trip. The new reservation's one call (0036) now also takes
-- the request's author and the rooms as the API read them from the availability index, and
-- locks and checks the rooms itself: a guest's booking is then this one statement, sent without
-- BEGIN and COMMIT (a statement on its own is a transaction of its own). Without `rooms` (the API
-- read them under their lock already) and without `actor` (set by the API's BEGIN) it works as
-- before.
CREATE OR REPLACE FUNCTION book_reservation(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  res reservations;
  booked jsonb;
  written int;
  line_ids bigint[];
  total numeric;
BEGIN
  -- The request's author for the audit trail, when this call is the whole transaction (the API
  -- sends no BEGIN then): local to it, as the API's own setting is.
  IF p ? 'actor' THEN
    PERFORM set_config('residency.actor', p->>'actor', true);
  END IF;
  -- The rooms as the API read them from the availability index: locked here, in id order (the
  -- order every writer locks rooms in), and refused (RSM01) when one is gone, out of service, or
  -- not the type, supplement, number or beds it was priced and checked on. The API then reads
  -- the rooms again, under their lock, and prices and checks the stay on them.
  IF p ? 'rooms' THEN
    PERFORM 1 FROM rooms r WHERE r.id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(p->'rooms') x) ORDER BY r.id FOR NO KEY UPDATE;
    IF EXISTS (
      SELECT 1 FROM jsonb_array_elements(p->'rooms') x LEFT JOIN rooms r ON r.id = (x->>'id')::uuid AND r.deleted_at IS NULL
      WHERE r.id IS NULL OR r.status IN ('maintenance', 'unavailable') OR r.category <> x->>'category' OR r.room_number <> x->>'room_number'
         OR r.supplement <> (x->>'supplement')::numeric OR r.beds_and_bedding IS DISTINCT FROM x->'beds'
    ) THEN
      RAISE EXCEPTION 'rooms changed since the index read them' USING ERRCODE = 'RSM01';
    END IF;
  END IF;
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
