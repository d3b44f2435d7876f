CREATE TABLE "payment_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_type" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"holder_encrypted" text NOT NULL,
	"masked_number" text NOT NULL,
	"masked_holder" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_virtual_accounts" (
	"payment_key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"holder" text NOT NULL,
	"amount" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"deposited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_cancellations" ADD COLUMN "refund_account_masked" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_company" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installment_months" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "easy_pay_provider" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "virtual_account_bank" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "virtual_account_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "virtual_account_holder" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "virtual_account_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_number_encrypted" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_number_masked" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_issue_number" text;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "virtual_account_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "deposit_due_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "culture_expense" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_accounts" ADD CONSTRAINT "refund_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_order_idx" ON "payment_notices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_virtual_accounts_number_key" ON "sandbox_virtual_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_virtual_accounts_order_key" ON "sandbox_virtual_accounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bookings_deposit_due_idx" ON "bookings" USING btree ("payment_deadline") WHERE "bookings"."status" = 'AWAITING_DEPOSIT';--> statement-breakpoint
CREATE INDEX "concert_seats_booking_idx" ON "concert_seats" USING btree ("booking_id") WHERE "concert_seats"."booking_id" is not null;