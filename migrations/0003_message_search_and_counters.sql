-- Inbox search: case-insensitive "contains" over name, e-mail, subject and message, served by a
-- trigram index. The expression must stay identical to messageSearchText in
-- app/features/messages/inbox.server.ts, or PostgreSQL will not use the index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS messages_search_trgm_idx ON messages USING gin (
  (full_name || ' ' || email || ' ' || coalesce(subject, '') || ' ' || coalesce(message, '')) gin_trgm_ops
);
--> statement-breakpoint
-- Exact per-status counts, kept by statement-level triggers (one update per statement, not per row).
INSERT INTO message_status_counts (status, total)
SELECT s.status, (SELECT count(*) FROM messages m WHERE m.status = s.status)
FROM unnest(enum_range(NULL::message_status)) AS s(status)
ON CONFLICT (status) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE message_status_counts c SET total = c.total - d.n
    FROM (SELECT status, count(*)::int AS n FROM old_rows GROUP BY status) d
    WHERE c.status = d.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE message_status_counts c SET total = c.total + d.n
    FROM (SELECT status, count(*)::int AS n FROM new_rows GROUP BY status) d
    WHERE c.status = d.status;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_status_counts_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER message_status_counts_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER message_status_counts_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_status_counts_apply();
