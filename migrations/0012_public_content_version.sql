CREATE TABLE "public_content_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_content_version_one_row" CHECK ("public_content_version"."id")
);
--> statement-breakpoint
INSERT INTO "public_content_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- Any statement that inserts, changes or deletes courses moves the number on, in its own
-- transaction: a page rendered from the old courses is never kept under the new number.
CREATE OR REPLACE FUNCTION public_content_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_content_version" SET "version" = "version" + 1 WHERE "id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER public_content_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION public_content_version_bump();
