ALTER TABLE "applications" ADD COLUMN "agreed_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
-- Places priced before this migration agreed to their intake's prices as they are now (the best
-- record there is): from here on, a later change of the intake's prices leaves them as they are.
UPDATE "applications" SET "agreed_pricing" = jsonb_build_object(
	'price', "intakes"."price_kobo",
	'earlyBirdPrice', "intakes"."early_bird_price_kobo",
	'earlyBirdEndsOn', "intakes"."early_bird_ends_on",
	'payInFullDiscount', "intakes"."pay_in_full_discount_kobo"
) FROM "intakes" WHERE "intakes"."id" = "applications"."intake_id" AND "applications"."payment_plan" IS NOT NULL;
