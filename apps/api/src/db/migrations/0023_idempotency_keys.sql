-- Issue 31: every money write accepts an Idempotency-Key. The key is written in the same
-- transaction as the money (a payment without its key, or a key without its payment, can't
-- exist); the answer is stored once the request has answered, and a repeat of the same key and
-- body gets it again instead of a second payment.
CREATE TABLE "idempotency_keys" (
  "principal_id" uuid NOT NULL,
  "key" text NOT NULL,
  "route" text NOT NULL,
  "request_hash" text NOT NULL,
  "status_code" integer,
  "response" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "completed_at" timestamp with time zone,
  CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("principal_id", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at");
