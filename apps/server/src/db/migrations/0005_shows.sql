CREATE TABLE "shows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"max_tickets_per_show" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "show_id" integer;--> statement-breakpoint
-- Issue 26: every concert made before shows existed becomes a show of one performance, with the
-- concert's own id, so show ids and concert ids agree for all of them.
INSERT INTO "shows" ("id", "seller_id", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
  SELECT "id", "seller_id", "created_at", "updated_at" FROM "concerts";--> statement-breakpoint
UPDATE "concerts" SET "show_id" = "id";--> statement-breakpoint
SELECT setval('shows_id_seq', coalesce((SELECT max("id") FROM "shows"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "concerts" ALTER COLUMN "show_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shows_seller_idx" ON "shows" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concerts_show_idx" ON "concerts" USING btree ("show_id","concert_date","start_time");