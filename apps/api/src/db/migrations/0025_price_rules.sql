-- Issue 31: "Why this price" names what set a night's price ("Eid season", "Friday and Saturday").
-- A day keeps the edit that set its price: the name the admin gave it in English and Bengali and the
-- weekdays it was limited to ({"name": {"en", "bn"} | null, "weekdays": [5, 6] | null}); null for a
-- day whose price was set before this, or that sets no price of its own.
ALTER TABLE "rate_days" ADD COLUMN IF NOT EXISTS "price_rule" jsonb;
