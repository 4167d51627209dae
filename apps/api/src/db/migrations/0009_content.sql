-- Blogs, gallery items and hero slides (issue 10). Hand-written: the `language` type exists since 0007.
CREATE TYPE "public"."gallery_category" AS ENUM('room', 'hotel', 'dining', 'event', 'others');--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" "language" DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" "gallery_category" NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hero_slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"cta_primary" jsonb,
	"cta_secondary" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"locale" "language" DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blogs_locale_created_idx" ON "blogs" USING btree ("locale","created_at");--> statement-breakpoint
CREATE INDEX "blogs_title_idx" ON "blogs" USING btree ("title");--> statement-breakpoint
CREATE INDEX "gallery_items_category_created_idx" ON "gallery_items" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "hero_slides_locale_order_idx" ON "hero_slides" USING btree ("locale","sort_order","created_at");
