-- Issue 36: a booking's folio lines keep the reservation's totals by adding what they post, not by
-- summing the whole folio again (refresh_reservation_totals scanned the folio and re-planned its
-- window query on each of the booking's two inserts: 1.2 ms of PostgreSQL a call, a quarter of a
-- booking's time there). The sum is exact: `charged` is kept by this trigger alone.
--
-- The shortcut holds while the reservation has no money on it (paid = refunded = 0): then no
-- booking has a share of any payment, and a booking is 'Paid' exactly when the reservation
-- charges nothing in all and the room is still sold (0017's rules with paid = refunded = 0).
-- A folio with money on it (a charge posted after a payment) is summed again as before.
CREATE FUNCTION folio_lines_add_to_totals() RETURNS trigger AS $$
DECLARE
  with_money uuid[];
BEGIN
  -- book_reservation (0036) writes a new reservation's totals with its rows and says so for the
  -- one insert of its lines: nothing to add.
  IF current_setting('residency.folio_totals_written', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(r.id) INTO with_money
  FROM reservations r
  WHERE r.id IN (SELECT reservation_id FROM new_rows) AND (r.paid <> 0 OR r.refunded <> 0);
  IF with_money IS NOT NULL THEN
    PERFORM refresh_reservation_totals(with_money);
  END IF;
  with_money := coalesce(with_money, '{}');

  UPDATE reservations r SET charged = r.charged + d.amount
  FROM (SELECT reservation_id, sum(amount) AS amount FROM new_rows GROUP BY reservation_id) d
  WHERE r.id = d.reservation_id AND d.amount <> 0 AND NOT (r.id = ANY (with_money));

  UPDATE bookings b
  SET charged = s.charged,
      paid_amount = 0,
      payment_status = CASE WHEN s.settled THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END,
      paid_at = CASE WHEN s.settled THEN coalesce(
        (SELECT max(p.paid_at) FROM payments p WHERE p.reservation_id = s.reservation_id AND p.kind = 'payment'), b.paid_at, b.created_at) ELSE NULL END
  FROM (
    SELECT bb.id, bb.reservation_id,
      bb.charged + coalesce((SELECT sum(n.amount) FROM new_rows n WHERE n.booking_id = bb.id), 0) AS charged,
      r.charged <= 0 AND bb.status = 'active' AS settled
    FROM bookings bb JOIN reservations r ON r.id = bb.reservation_id
    WHERE bb.reservation_id IN (SELECT reservation_id FROM new_rows) AND NOT (r.id = ANY (with_money))
  ) s
  WHERE b.id = s.id
    AND (b.charged, b.paid_amount, b.payment_status) IS DISTINCT FROM (s.charged, 0, CASE WHEN s.settled THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER folio_lines_totals_insert ON folio_lines;
--> statement-breakpoint
CREATE TRIGGER folio_lines_totals_insert AFTER INSERT ON folio_lines
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION folio_lines_add_to_totals();
