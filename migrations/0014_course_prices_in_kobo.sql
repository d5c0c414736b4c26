-- Money is whole kobo everywhere (the unit Paystack uses): course prices move from whole Naira
-- to kobo, in bigint, since ₦100,000,000 is 10,000,000,000 kobo, beyond an integer.
ALTER TABLE "courses" DROP CONSTRAINT "courses_price_non_negative";--> statement-breakpoint
ALTER TABLE "courses" RENAME COLUMN "price" TO "price_kobo";--> statement-breakpoint
ALTER TABLE "courses" RENAME COLUMN "original_price" TO "original_price_kobo";--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "price_kobo" SET DATA TYPE bigint USING "price_kobo"::bigint * 100;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "original_price_kobo" SET DATA TYPE bigint USING "original_price_kobo"::bigint * 100;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_price_non_negative" CHECK ("courses"."price_kobo" >= 0 AND "courses"."original_price_kobo" >= 0);
--> statement-breakpoint
-- The course history keeps the values it recorded: its price changes move to kobo as well.
UPDATE "course_changes" SET "changes" = jsonb_set("changes", '{price}', jsonb_build_object(
  'from', ("changes"->'price'->>'from')::bigint * 100,
  'to', ("changes"->'price'->>'to')::bigint * 100))
WHERE "changes" ? 'price';--> statement-breakpoint
UPDATE "course_changes" SET "changes" = jsonb_set("changes", '{originalPrice}', jsonb_build_object(
  'from', ("changes"->'originalPrice'->>'from')::bigint * 100,
  'to', ("changes"->'originalPrice'->>'to')::bigint * 100))
WHERE "changes" ? 'originalPrice';
