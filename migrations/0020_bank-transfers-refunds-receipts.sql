ALTER TYPE "public"."payment_status" ADD VALUE 'proof-sent';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'rejected';--> statement-breakpoint
CREATE TABLE "bank_account" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_account_single_row" CHECK ("bank_account"."id"),
	CONSTRAINT "bank_account_nuban" CHECK ("bank_account"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_id" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "reminded_ahead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "reminded_on_day_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_account" ADD CONSTRAINT "bank_account_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_amount_kobo" >= 0 AND "payments"."refunded_amount_kobo" <= "payments"."amount_kobo");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proof_has_file" CHECK ("payments"."status"::text <> 'proof-sent' OR "payments"."proof_key" IS NOT NULL);