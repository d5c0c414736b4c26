-- A paid place of a cancelled intake may move to another intake of the course (a transfer,
-- decision 0052): the place is given back to the old intake and taken in the new one, whose
-- CHECK intakes_places_within_seats still refuses overselling. Before, any move was refused.
CREATE OR REPLACE FUNCTION applications_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_takes boolean := TG_OP <> 'INSERT' AND OLD.status IN ('offered', 'accepted', 'enrolled');
  new_takes boolean := TG_OP <> 'DELETE' AND NEW.status IN ('offered', 'accepted', 'enrolled');
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.intake_id <> NEW.intake_id THEN
    IF old_takes THEN
      UPDATE "intakes" SET "places_taken" = "places_taken" - 1 WHERE "id" = OLD.intake_id;
    END IF;
    IF new_takes THEN
      UPDATE "intakes" SET "places_taken" = "places_taken" + 1 WHERE "id" = NEW.intake_id;
    END IF;
  ELSIF old_takes AND NOT new_takes THEN
    UPDATE "intakes" SET "places_taken" = "places_taken" - 1 WHERE "id" = OLD.intake_id;
  ELSIF new_takes AND NOT old_takes THEN
    UPDATE "intakes" SET "places_taken" = "places_taken" + 1 WHERE "id" = NEW.intake_id;
  END IF;
  RETURN NULL;
END
$$;
