-- The rate calendar (issue 21, decision 0012): rate plans per room type, one row per plan and day
-- for prices and stay rules, the log of every edit, and the nights each booking was sold at.
CREATE TYPE "rate_meal" AS ENUM ('none', 'breakfast');
--> statement-breakpoint
CREATE TYPE "cancel_penalty" AS ENUM ('first_night', 'percent', 'whole_stay', 'non_refundable');
--> statement-breakpoint
-- What a room type's rate includes; each guest beyond pays the night's extra adult or child price.
ALTER TABLE "room_categories" ADD COLUMN "included_adults" integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE "room_categories" ADD COLUMN "included_children" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Taka a room adds to (or takes off) its type's nightly rate: a view, a floor.
ALTER TABLE "rooms" ADD COLUMN "supplement" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- No price changes on the day of the migration: each room keeps its price as offer price + supplement.
UPDATE "rooms" r SET "supplement" = r."price" - c."offer_price" FROM "room_categories" c WHERE c."name" = r."category";
--> statement-breakpoint
CREATE TABLE "rate_plans" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "category_id" uuid NOT NULL REFERENCES "room_categories"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "name_en" text NOT NULL,
  "name_bn" text NOT NULL,
  "meal" "rate_meal" DEFAULT 'none' NOT NULL,
  -- Per person and night, when the plan includes a meal.
  "meal_price" numeric(12, 2) DEFAULT 0 NOT NULL,
  -- A derived plan follows its parent's price, changed by a percentage and/or an amount.
  "parent_id" uuid REFERENCES "rate_plans"("id"),
  "derive_percent" numeric(7, 2) DEFAULT 0 NOT NULL,
  "derive_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
  -- False: the desk sells it (walk-ins), guests never see it.
  "online" boolean DEFAULT true NOT NULL,
  "coupons_allowed" boolean DEFAULT true NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  -- Free cancellation until this many hours before the check-in time (null: GUEST_CANCEL_HOURS).
  "cancel_free_hours" integer,
  "cancel_penalty" "cancel_penalty" DEFAULT 'first_night' NOT NULL,
  "cancel_penalty_percent" numeric(5, 2),
  "sort_order" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rate_plans_not_self_parent" CHECK ("parent_id" IS NULL OR "parent_id" <> "id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_category_code_key" ON "rate_plans" ("category_id", "code");
--> statement-breakpoint
-- One row per plan and day; a null value is "not set on this day" (decision 0012).
CREATE TABLE "rate_days" (
  "plan_id" uuid NOT NULL REFERENCES "rate_plans"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "price" numeric(12, 2),
  "extra_adult" numeric(12, 2),
  "extra_child" numeric(12, 2),
  "min_stay" integer,
  "max_stay" integer,
  "closed_to_arrival" boolean,
  "closed_to_departure" boolean,
  "stop_sell" boolean,
  PRIMARY KEY ("plan_id", "day")
);
--> statement-breakpoint
CREATE TABLE "rate_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "plan_id" uuid NOT NULL REFERENCES "rate_plans"("id") ON DELETE CASCADE,
  "from_day" date NOT NULL,
  "to_day" date NOT NULL,
  "weekdays" integer[],
  -- What was asked (the bulk edit's fields), and per changed day its values before and after.
  "change" jsonb NOT NULL,
  "days" integer NOT NULL,
  "before" jsonb NOT NULL,
  "after" jsonb NOT NULL,
  "changed_by" uuid REFERENCES "users"("id"),
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_changes_plan_idx" ON "rate_changes" ("plan_id", "changed_at" DESC);
--> statement-breakpoint
-- Every room type starts with a Standard plan at its offer price (no rate rows: the offer price).
INSERT INTO "rate_plans" ("category_id", "code", "name_en", "name_bn")
SELECT "id", 'STD', 'Standard', 'সাধারণ রেট' FROM "room_categories";
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rate_plan_code" text DEFAULT 'STD' NOT NULL;
--> statement-breakpoint
-- The plan's cancellation policy when booked: a later change of the plan never changes it.
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb;
--> statement-breakpoint
-- What a cancellation cost the guest under that policy, recorded when cancelled.
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee" numeric(12, 2);
--> statement-breakpoint
-- Each night as sold: never changed by a rate edit; staff overrides carry their reason.
CREATE TABLE "booking_nights" (
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "night" date NOT NULL,
  "plan_code" text NOT NULL,
  "room_price" numeric(12, 2) NOT NULL,
  "extra_adults" numeric(12, 2) DEFAULT 0 NOT NULL,
  "extra_children" numeric(12, 2) DEFAULT 0 NOT NULL,
  "meals" numeric(12, 2) DEFAULT 0 NOT NULL,
  "override_reason" text,
  PRIMARY KEY ("booking_id", "night")
);
--> statement-breakpoint
-- Existing bookings keep their amounts, written as nightly lines of their per-night cost.
INSERT INTO "booking_nights" ("booking_id", "night", "plan_code", "room_price")
SELECT b."id", (b."check_in" + n)::date, 'STD', b."per_night_cost"
FROM "bookings" b, generate_series(0, b."nights" - 1) AS n;
