-- Reports take each night's own price (issue 21): a stay's room revenue on a night is what that
-- night was sold at (booking_nights.room_price, less the stay's coupon in proportion), no longer
-- the stay's amount spread evenly over its nights. daily_totals keeps its shape: rate_in on a
-- night and rate_out on the day after, whose running sum is that night's revenue.
--
-- A stay's arrivals and departures still come from the bookings triggers (stay_deltas, now
-- without revenue); its revenue comes from its nights, by the triggers below. Only nights before
-- the stay's check-out count (an early check-out stops the nights it did not stay).
CREATE OR REPLACE FUNCTION stay_deltas(check_in date, check_out date, room_revenue numeric, sign integer) RETURNS daily_totals[] AS $$
  SELECT ARRAY[
    ROW(check_in, sign, 0, 0, 0, 0)::daily_totals,
    ROW(check_out, 0, sign, 0, 0, 0)::daily_totals
  ]
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The revenue deltas of one stay's nights: each night before `check_out` at its room price,
-- times `ratio` (the share the coupon left: room charge after discount / subtotal).
CREATE FUNCTION night_deltas(booking uuid, check_out date, ratio numeric, sign integer) RETURNS SETOF daily_totals AS $$
  SELECT ROW(n.night, 0, 0, sign * n.room_price * ratio, 0, 0)::daily_totals
  FROM booking_nights n WHERE n.booking_id = booking AND n.night < check_out
  UNION ALL
  SELECT ROW(n.night + 1, 0, 0, 0, sign * n.room_price * ratio, 0)::daily_totals
  FROM booking_nights n WHERE n.booking_id = booking AND n.night < check_out
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE FUNCTION revenue_ratio(discounted numeric, subtotal numeric) RETURNS numeric AS $$
  SELECT CASE WHEN subtotal > 0 THEN discounted / subtotal ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A booking's status, check-out or amounts changed: its nights' revenue off as it was, on as it is.
CREATE FUNCTION bookings_night_revenue() RETURNS trigger AS $$
BEGIN
  PERFORM add_to_daily_totals(ARRAY(
    WITH changed AS (
      SELECT o.id, o.status AS old_status, o.check_out AS old_out, revenue_ratio(o.without_vat_and_service, o.subtotal) AS old_ratio,
             n.status AS new_status, n.check_out AS new_out, revenue_ratio(n.without_vat_and_service, n.subtotal) AS new_ratio
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status, o.check_out, o.without_vat_and_service, o.subtotal) IS DISTINCT FROM (n.status, n.check_out, n.without_vat_and_service, n.subtotal)
    )
    SELECT d FROM changed c, night_deltas(c.id, c.old_out, c.old_ratio, -1) d WHERE c.old_status = 'active'
    UNION ALL
    SELECT d FROM changed c, night_deltas(c.id, c.new_out, c.new_ratio, 1) d WHERE c.new_status = 'active'));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_night_revenue_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_night_revenue();
--> statement-breakpoint
-- Nights written (with their booking, or a price the desk overrode): their revenue, when their
-- stay is active. (A booking is never deleted; its nights go only with it.)
CREATE FUNCTION booking_nights_revenue() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT d FROM old_rows o JOIN bookings b ON b.id = o.booking_id,
        LATERAL (SELECT ROW(o.night, 0, 0, -o.room_price * revenue_ratio(b.without_vat_and_service, b.subtotal), 0, 0)::daily_totals AS d
                 UNION ALL SELECT ROW(o.night + 1, 0, 0, 0, -o.room_price * revenue_ratio(b.without_vat_and_service, b.subtotal), 0)::daily_totals) x
      WHERE b.status = 'active' AND o.night < b.check_out));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT d FROM new_rows n JOIN bookings b ON b.id = n.booking_id,
        LATERAL (SELECT ROW(n.night, 0, 0, n.room_price * revenue_ratio(b.without_vat_and_service, b.subtotal), 0, 0)::daily_totals AS d
                 UNION ALL SELECT ROW(n.night + 1, 0, 0, 0, n.room_price * revenue_ratio(b.without_vat_and_service, b.subtotal), 0)::daily_totals) x
      WHERE b.status = 'active' AND n.night < b.check_out));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER booking_nights_revenue_insert AFTER INSERT ON booking_nights
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_revenue();
--> statement-breakpoint
CREATE TRIGGER booking_nights_revenue_update AFTER UPDATE ON booking_nights
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_revenue();
--> statement-breakpoint
CREATE TRIGGER booking_nights_revenue_delete AFTER DELETE ON booking_nights
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_revenue();
--> statement-breakpoint
-- Rebuilt from the stays (arrivals, departures), their nights (revenue) and the payments.
CREATE OR REPLACE FUNCTION rebuild_daily_totals(tz text) RETURNS void AS $$
BEGIN
  LOCK TABLE daily_totals IN EXCLUSIVE MODE;
  INSERT INTO app_meta (key, value, updated_at) VALUES ('reporting-time-zone', tz, now())
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;
  DELETE FROM daily_totals;
  PERFORM add_to_daily_totals(ARRAY(
    SELECT d FROM bookings b, unnest(stay_deltas(b.check_in, b.check_out, 0, 1)) d
    WHERE b.status = 'active'
    UNION ALL
    SELECT d FROM bookings b, night_deltas(b.id, b.check_out, revenue_ratio(b.without_vat_and_service, b.subtotal), 1) d
    WHERE b.status = 'active'
    UNION ALL
    SELECT ROW((p.paid_at AT TIME ZONE tz)::date, 0, 0, 0, 0, p.amount)::daily_totals
    FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.status <> 'cancelled'));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT rebuild_daily_totals(reporting_time_zone());
