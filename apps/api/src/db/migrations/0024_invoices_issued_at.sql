-- The VAT sales register (issue 31) reads a month of invoices and credit notes by the instant
-- they were issued: [the 1st 00:00, the next 1st 00:00) at the hotel's clock. Invoices are kept
-- for years; without this index every month's register would read all of them.
CREATE INDEX IF NOT EXISTS "invoices_issued_at_idx" ON "invoices" ("issued_at");
