-- Issue 36: the check that every booking has a folio (0017's bookings_have_folio, a deferred
-- constraint trigger) runs at commit, after the audit trail's first record has taken the chain's
-- lock, so its cost is paid once per booking with every other booking waiting. Its lookup of the
-- booking's folio lines was planned once per connection from the table's statistics; with stale
-- ones (PGlite has no autovacuum, and a server may run without it) the plan was a scan of every
-- folio line of the hotel, so each booking took longer than the one before: 150 bookings/s fell
-- to 65/s within 45 s of load in bench/bookings.ts. The index on booking_id answers it in a probe
-- whatever the statistics say.
ALTER FUNCTION bookings_have_folio() SET enable_seqscan = off;
