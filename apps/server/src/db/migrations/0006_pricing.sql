CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"booking_fee_per_seat" integer DEFAULT 2000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"concert_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer NOT NULL,
	"grade_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"total_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"once_per_account" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."used_count" >= 0 and "promo_codes"."used_count" <= "promo_codes"."total_uses")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promo_code_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"discount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"payment_key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_key" text NOT NULL,
	"amount" integer NOT NULL,
	"transaction_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"concert_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer NOT NULL,
	"grade_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"quota" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"proof_required" boolean DEFAULT false NOT NULL,
	"companion_allowed" boolean DEFAULT false NOT NULL,
	"early_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_quota_check" CHECK ("ticket_types"."quota" is null or "ticket_types"."used_count" <= "ticket_types"."quota"),
	CONSTRAINT "ticket_types_used_check" CHECK ("ticket_types"."used_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "status" text DEFAULT 'DONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "booking_fee_kept" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "requested_by" text DEFAULT 'BUYER' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "grade_price" integer;--> statement-breakpoint
-- Issue 27: every ticket sold before discounts existed was sold at its grade's price.
UPDATE "tickets" SET "grade_price" = "price";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "grade_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "type_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "code_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ticket_type_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ticket_type_name" text DEFAULT '일반' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "proof_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "companion_of_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "cancel_deadline_days" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_concert_id_concerts_id_fk" FOREIGN KEY ("concert_id") REFERENCES "public"."concerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_concert_id_concerts_id_fk" FOREIGN KEY ("concert_id") REFERENCES "public"."concerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_concert_code_key" ON "promo_codes" USING btree ("concert_id","code") WHERE "promo_codes"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_booking_key" ON "promo_redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_user_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "ticket_types_concert_idx" ON "ticket_types" USING btree ("concert_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cancellations_idempotency_key" ON "payment_cancellations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_cancellations_requested_idx" ON "payment_cancellations" USING btree ("last_attempt_at") WHERE "payment_cancellations"."status" = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "tickets_type_idx" ON "tickets" USING btree ("ticket_type_id");