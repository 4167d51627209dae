-- Online payment (issue 33, decision 0021): sessions opened with a gateway (SSLCommerz, bKash),
-- each for one reservation and one amount; the gateway's own confirmation records one payment.
-- Mobile wallets SSLCommerz collects beside bKash and Nagad.
ALTER TYPE "payment_method" ADD VALUE IF NOT EXISTS 'rocket';
--> statement-breakpoint
ALTER TYPE "payment_method" ADD VALUE IF NOT EXISTS 'upay';
--> statement-breakpoint
CREATE TYPE "online_gateway" AS ENUM ('sslcommerz', 'bkash');
--> statement-breakpoint
CREATE TYPE "online_payment_status" AS ENUM ('pending', 'paid', 'failed', 'cancelled', 'expired', 'review', 'refunded');
--> statement-breakpoint
CREATE TABLE "online_payment_sessions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "reservation_id" uuid NOT NULL REFERENCES "reservations"("id"),
  "gateway" "online_gateway" NOT NULL,
  "pay" text NOT NULL CHECK ("pay" IN ('deposit', 'balance', 'full')),
  "amount" numeric(12, 2) NOT NULL CHECK ("amount" > 0),
  -- What the gateway knows the session by: SSLCommerz's tran_id, bKash's merchantInvoiceNumber.
  "tran_id" text NOT NULL UNIQUE,
  "status" "online_payment_status" DEFAULT 'pending' NOT NULL,
  -- The rooms are held (a new booking) or the session lapses (a payment later) at this time.
  "hold_until" timestamp with time zone NOT NULL,
  -- SSLCommerz's sessionkey, bKash's paymentID.
  "gateway_session" text,
  "redirect_url" text,
  -- The gateway's own answer that settled the session (validation, execute or query), as it came.
  "fact" jsonb,
  "payment_id" uuid,
  "failure" text,
  "created_by" uuid REFERENCES "users"("id"),
  -- Where the guest comes back to (a pay link's page); null: the reservation's confirmation.
  "return_to" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- The last time the query job asked the gateway about it.
  "checked_at" timestamp with time zone
);
--> statement-breakpoint
-- One payment under way per reservation: a second tab is refused before the gateway.
CREATE UNIQUE INDEX "online_payment_sessions_one_pending" ON "online_payment_sessions" ("reservation_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_sessions_gateway_session_key" ON "online_payment_sessions" ("gateway", "gateway_session") WHERE "gateway_session" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "online_payment_sessions_reservation_idx" ON "online_payment_sessions" ("reservation_id", "created_at");
--> statement-breakpoint
-- The query job's work: sessions still open, and those held for review.
CREATE INDEX "online_payment_sessions_open_idx" ON "online_payment_sessions" ("created_at") WHERE "status" IN ('pending', 'review');
--> statement-breakpoint
CREATE INDEX "online_payment_sessions_created_idx" ON "online_payment_sessions" ("created_at");
--> statement-breakpoint
-- A payment or refund through a gateway: which, its own reference (val_id, trxID, refund_ref_id,
-- refundTrxID) and what else it told (bank_tran_id, card type and brand, store_amount).
ALTER TABLE "payments" ADD COLUMN "gateway" "online_gateway";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_ref" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_details" jsonb;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "online_session_id" uuid REFERENCES "online_payment_sessions"("id");
--> statement-breakpoint
-- A refund through the gateway names the payment it gives back.
ALTER TABLE "payments" ADD COLUMN "refund_of" uuid REFERENCES "payments"("id");
--> statement-breakpoint
-- Recorded by the gateway's own id: any order and number of notifications make one payment.
CREATE UNIQUE INDEX "payments_gateway_ref_key" ON "payments" ("gateway", "kind", "gateway_ref") WHERE "gateway_ref" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_online_session_key" ON "payments" ("online_session_id") WHERE "kind" = 'payment' AND "online_session_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "online_payment_sessions" ADD CONSTRAINT "online_payment_sessions_payment_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id");
--> statement-breakpoint
-- A refund of an online payment through its gateway: requested, then done (a folio refund is
-- recorded) or failed with the gateway's reason.
CREATE TABLE "online_refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "payment_id" uuid NOT NULL REFERENCES "payments"("id"),
  "reservation_id" uuid NOT NULL REFERENCES "reservations"("id"),
  "amount" numeric(12, 2) NOT NULL CHECK ("amount" > 0),
  "reason" text NOT NULL,
  "state" text DEFAULT 'requested' NOT NULL CHECK ("state" IN ('requested', 'done', 'failed')),
  "gateway_ref" text,
  "failure" text,
  "refund_payment_id" uuid REFERENCES "payments"("id"),
  -- Null: refunded by the system (a payment that came after its rooms were sold).
  "requested_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "online_refunds_payment_idx" ON "online_refunds" ("payment_id");
--> statement-breakpoint
CREATE INDEX "online_refunds_open_idx" ON "online_refunds" ("created_at") WHERE "state" = 'requested';
--> statement-breakpoint
-- What arrived from a gateway or the guest's browser, and what came of it: every refusal is kept.
CREATE TABLE "online_payment_events" (
  "id" bigserial PRIMARY KEY,
  "session_id" uuid,
  "gateway" "online_gateway" NOT NULL,
  "kind" text NOT NULL,
  "accepted" boolean NOT NULL,
  "detail" jsonb,
  "remote_address" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "online_payment_events_session_idx" ON "online_payment_events" ("session_id", "id");
--> statement-breakpoint
-- A booking waiting for online payment holds its rooms until hold_until; unpaid by then its rooms
-- are let go (hold_lapsed_at), and a payment that still comes books them again if they are free.
ALTER TABLE "reservations" ADD COLUMN "hold_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hold_lapsed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "reservations_hold_idx" ON "reservations" ("hold_until") WHERE "hold_until" IS NOT NULL;
--> statement-breakpoint
-- A rate plan may ask to be paid online when booked (its deposit, or all of it).
ALTER TABLE "rate_plans" ADD COLUMN "online_payment_required" boolean DEFAULT false NOT NULL;
