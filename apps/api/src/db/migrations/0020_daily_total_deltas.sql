-- The dashboard's daily totals without a hot row per day (issue 23). Until now every booking,
-- night and payment added to its days' rows of daily_totals in its own transaction (an upsert,
-- migration 0008), so all bookings arriving, staying or leaving on one day waited for each
-- other's whole transaction on that row: 5 bookings/s on one arrival day, measured.
--
-- Now the triggers append their deltas to daily_total_deltas (an insert takes no lock another
-- booking waits for); the figures are daily_totals plus the deltas, summed by day on read
-- (daily_totals_now). compact_daily_totals() folds the deltas into daily_totals now and then
-- (the API does it periodically), in one transaction, so a reader sees them before or after,
-- never twice or not at all. Numeric sums are exact: the figures are those of before.
CREATE TABLE "daily_total_deltas" (
	"day" date NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"departures" integer DEFAULT 0 NOT NULL,
	"rate_in" numeric DEFAULT 0 NOT NULL,
	"rate_out" numeric DEFAULT 0 NOT NULL,
	"received" numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The same signature as before (the triggers of 0008, 0015 and 0017 call it unchanged): one
-- row per day of the statement's deltas, appended; days whose deltas cancel out add nothing.
CREATE OR REPLACE FUNCTION add_to_daily_totals(deltas daily_totals[]) RETURNS void AS $$
BEGIN
  INSERT INTO daily_total_deltas (day, arrivals, departures, rate_in, rate_out, received)
  SELECT d.day, sum(d.arrivals), sum(d.departures), sum(d.rate_in), sum(d.rate_out), sum(d.received)
  FROM unnest(deltas) AS d
  GROUP BY d.day
  HAVING sum(d.arrivals) <> 0 OR sum(d.departures) <> 0 OR sum(d.rate_in) <> 0 OR sum(d.rate_out) <> 0 OR sum(d.received) <> 0;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The figures per day as the dashboard reads them: the compacted totals and the deltas since.
CREATE VIEW "daily_totals_now" AS
SELECT day, sum(arrivals)::integer AS arrivals, sum(departures)::integer AS departures,
  sum(rate_in) AS rate_in, sum(rate_out) AS rate_out, sum(received) AS received
FROM (
  SELECT day, arrivals, departures, rate_in, rate_out, received FROM daily_totals
  UNION ALL
  SELECT day, arrivals, departures, rate_in, rate_out, received FROM daily_total_deltas
) t
GROUP BY day;
--> statement-breakpoint
-- Folds the deltas committed so far into daily_totals (one upsert per day, in day order) and
-- answers how many days it touched. Deltas of transactions still open are not visible and stay
-- for the next time. One compaction at a time (an advisory lock; another caller returns at once),
-- so two API processes never queue on the same rows; bookings are never waited for.
CREATE FUNCTION compact_daily_totals() RETURNS integer AS $$
DECLARE
  touched integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727002) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM daily_total_deltas RETURNING *
  )
  INSERT INTO daily_totals AS t (day, arrivals, departures, rate_in, rate_out, received)
  SELECT m.day, sum(m.arrivals), sum(m.departures), sum(m.rate_in), sum(m.rate_out), sum(m.received)
  FROM moved m
  GROUP BY m.day
  ORDER BY m.day
  ON CONFLICT (day) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals,
    departures = t.departures + excluded.departures,
    rate_in = t.rate_in + excluded.rate_in,
    rate_out = t.rate_out + excluded.rate_out,
    received = t.received + excluded.received;
  GET DIAGNOSTICS touched = ROW_COUNT;
  RETURN touched;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Rebuilt from the stays, their nights and the payments (as in 0017), straight into daily_totals,
-- with no delta left. The locks keep bookings and payments written meanwhile (they append deltas)
-- from adding to totals about to be replaced: they wait, then add to the new ones.
CREATE OR REPLACE FUNCTION rebuild_daily_totals(tz text) RETURNS void AS $$
BEGIN
  LOCK TABLE daily_total_deltas IN EXCLUSIVE MODE;
  LOCK TABLE daily_totals IN EXCLUSIVE MODE;
  INSERT INTO app_meta (key, value, updated_at) VALUES ('reporting-time-zone', tz, now())
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;
  DELETE FROM daily_total_deltas;
  DELETE FROM daily_totals;
  INSERT INTO daily_totals (day, arrivals, departures, rate_in, rate_out, received)
  SELECT d.day, sum(d.arrivals), sum(d.departures), sum(d.rate_in), sum(d.rate_out), sum(d.received)
  FROM (
    SELECT x.day, x.arrivals, x.departures, x.rate_in, x.rate_out, x.received
    FROM bookings b, unnest(stay_deltas(b.check_in, b.check_out, 0, 1)) x
    WHERE b.status = 'active'
    UNION ALL
    SELECT n.day, n.arrivals, n.departures, n.rate_in, n.rate_out, n.received
    FROM bookings b, night_deltas(b.id, b.check_out, revenue_ratio(b.without_vat_and_service, b.subtotal), 1) n
    WHERE b.status = 'active'
    UNION ALL
    SELECT (p.paid_at AT TIME ZONE tz)::date, 0, 0, 0, 0, CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END
    FROM payments p
  ) d
  GROUP BY d.day
  HAVING sum(d.arrivals) <> 0 OR sum(d.departures) <> 0 OR sum(d.rate_in) <> 0 OR sum(d.rate_out) <> 0 OR sum(d.received) <> 0
  ORDER BY d.day;
END;
$$ LANGUAGE plpgsql;
