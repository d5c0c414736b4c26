CREATE TABLE "discount_code_intakes" (
	"code_id" uuid NOT NULL,
	"intake_id" uuid NOT NULL,
	CONSTRAINT "discount_code_intakes_code_id_intake_id_pk" PRIMARY KEY("code_id","intake_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent" integer,
	"amount_kobo" bigint,
	"all_intakes" boolean DEFAULT true NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"use_limit" integer,
	"per_person_limit" integer DEFAULT 1 NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_one_reduction" CHECK (("discount_codes"."percent" IS NULL) <> ("discount_codes"."amount_kobo" IS NULL)),
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" IS NULL OR "discount_codes"."percent" BETWEEN 1 AND 100),
	CONSTRAINT "discount_codes_amount_positive" CHECK ("discount_codes"."amount_kobo" IS NULL OR "discount_codes"."amount_kobo" > 0),
	CONSTRAINT "discount_codes_use_limit_positive" CHECK ("discount_codes"."use_limit" IS NULL OR "discount_codes"."use_limit" > 0),
	CONSTRAINT "discount_codes_per_person_positive" CHECK ("discount_codes"."per_person_limit" > 0),
	CONSTRAINT "discount_codes_dates_in_order" CHECK ("discount_codes"."valid_from" IS NULL OR "discount_codes"."valid_until" IS NULL OR "discount_codes"."valid_from" <= "discount_codes"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"percent" integer,
	"amount_kobo" bigint,
	"reason" text NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholarships_one_reduction" CHECK (("scholarships"."percent" IS NULL) <> ("scholarships"."amount_kobo" IS NULL)),
	CONSTRAINT "scholarships_percent_range" CHECK ("scholarships"."percent" IS NULL OR "scholarships"."percent" BETWEEN 1 AND 100),
	CONSTRAINT "scholarships_amount_positive" CHECK ("scholarships"."amount_kobo" IS NULL OR "scholarships"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "discount_code_intakes" ADD CONSTRAINT "discount_code_intakes_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_intakes" ADD CONSTRAINT "discount_code_intakes_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_granted_by_admins_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id") WHERE "discount_redemptions"."redeemed_at" IS NOT NULL;