CREATE TYPE "public"."payment_method" AS ENUM('paystack', 'bank-transfer', 'manual');--> statement-breakpoint
CREATE TYPE "public"."payment_plan_kind" AS ENUM('full', 'two-instalments', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('started', 'paid', 'failed', 'abandoned', 'flagged');--> statement-breakpoint
CREATE SEQUENCE "public"."payment_receipt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_application_number_unique" UNIQUE("application_id","number"),
	CONSTRAINT "instalments_amount_positive" CHECK ("instalments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"application_id" uuid NOT NULL,
	"instalment_id" uuid NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" "payment_status" DEFAULT 'started' NOT NULL,
	"gateway_id" text,
	"received_amount_kobo" bigint,
	"received_currency" text,
	"flag_reason" text,
	"paid_at" timestamp with time zone,
	"receipt_number" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_kobo" > 0),
	CONSTRAINT "payments_paid_has_receipt" CHECK ("payments"."status" <> 'paid' OR ("payments"."paid_at" IS NOT NULL AND "payments"."receipt_number" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "payment_plan" "payment_plan_kind";--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "payment_plans" "payment_plan_kind"[] DEFAULT '{full}'::payment_plan_kind[] NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "pay_in_full_discount_kobo" bigint;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instalments_unpaid_due_idx" ON "instalments" USING btree ("due_on") WHERE "instalments"."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payments_started_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'started';