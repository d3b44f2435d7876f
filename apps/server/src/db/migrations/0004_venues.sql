CREATE TABLE "venues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"layout" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concert_seats" ADD COLUMN "block" text;--> statement-breakpoint
ALTER TABLE "concert_seats" ADD COLUMN "tags" text;--> statement-breakpoint
ALTER TABLE "concert_seats" ADD COLUMN "companion_of_seat_id" integer;--> statement-breakpoint
ALTER TABLE "concert_seats" ADD COLUMN "standing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "venue_id" integer;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "seat_layout" jsonb;--> statement-breakpoint
ALTER TABLE "seat_grades" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "seat_grades" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venues_seller_idx" ON "venues" USING btree ("seller_id","updated_at");--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;