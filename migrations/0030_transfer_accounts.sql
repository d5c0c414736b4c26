ALTER TYPE "public"."payment_method" ADD VALUE 'transfer-account';--> statement-breakpoint
CREATE TABLE "account_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_reference" text NOT NULL,
	"gateway_id" text NOT NULL,
	"account_id" uuid,
	"application_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"sender_name" text,
	"sender_bank" text,
	"received_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"applied_amount_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_amount_kobo" bigint DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"settled_by" uuid,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transfers_amount_positive" CHECK ("account_transfers"."amount_kobo" > 0),
	CONSTRAINT "account_transfers_within_amount" CHECK ("account_transfers"."applied_amount_kobo" >= 0 AND "account_transfers"."refunded_amount_kobo" >= 0 AND "account_transfers"."applied_amount_kobo" + "account_transfers"."refunded_amount_kobo" <= "account_transfers"."amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "transfer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"customer_code" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"account_number" text,
	"account_name" text,
	"bank_name" text,
	"gateway_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_accounts_assigned_has_number" CHECK ("transfer_accounts"."status" <> 'assigned' OR ("transfer_accounts"."account_number" IS NOT NULL AND "transfer_accounts"."bank_name" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_account_id_transfer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."transfer_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_settled_by_admins_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_reference_unique" ON "account_transfers" USING btree ("gateway_reference");--> statement-breakpoint
CREATE INDEX "account_transfers_application_idx" ON "account_transfers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "account_transfers_to_settle_idx" ON "account_transfers" USING btree ("created_at") WHERE "account_transfers"."state" = 'to-settle';--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_accounts_email_unique" ON "transfer_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_accounts_customer_unique" ON "transfer_accounts" USING btree ("customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_accounts_number_unique" ON "transfer_accounts" USING btree ("account_number");