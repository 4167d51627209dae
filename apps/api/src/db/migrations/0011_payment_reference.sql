-- A payment's transaction reference (a bKash or Nagad TrxID, a card slip, a bank reference),
-- typed at the desk; null for payments recorded without one (issue 19). Hand-written, like
-- 0009 and 0010: a nullable column without a default rewrites no rows.
ALTER TABLE "payments" ADD COLUMN "reference" text;
