-- The per-status counters, applied as one net change per status and with the counter rows
-- locked in a fixed order: two transactions moving messages between the same statuses in
-- opposite directions can no longer deadlock, and changes that keep every status (priority,
-- notes, assignment) touch no counter at all.
CREATE OR REPLACE FUNCTION message_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(status, n) INTO changes
    FROM (SELECT status, count(*)::int AS n FROM new_rows GROUP BY status) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(status, -n) INTO changes
    FROM (SELECT status, count(*)::int AS n FROM old_rows GROUP BY status) d;
  ELSE
    SELECT jsonb_object_agg(status, n) INTO changes
    FROM (
      SELECT status, sum(n)::int AS n FROM (
        SELECT status, -count(*) AS n FROM old_rows GROUP BY status
        UNION ALL
        SELECT status, count(*) AS n FROM new_rows GROUP BY status
      ) moved GROUP BY status HAVING sum(n) <> 0
    ) d;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM message_status_counts
    WHERE status::text IN (SELECT jsonb_object_keys(changes))
    ORDER BY status FOR UPDATE;
  UPDATE message_status_counts c
    SET total = c.total + (changes ->> c.status::text)::int
    WHERE changes ? c.status::text;
  RETURN NULL;
END;
$$;
