ALTER TABLE "saved_replies" DROP CONSTRAINT "saved_replies_title_unique";--> statement-breakpoint
-- Titles that differ only in case get a number, oldest first kept, so the index can be built.
UPDATE "saved_replies" SET "title" = left(numbered."title", 74) || ' (' || numbered.n || ')'
FROM (
  SELECT "id", "title", row_number() OVER (PARTITION BY lower("title") ORDER BY "created_at", "id") AS n
  FROM "saved_replies"
) numbered
WHERE "saved_replies"."id" = numbered."id" AND numbered.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_title_lower_idx" ON "saved_replies" USING btree (lower("title"));
