import { Form } from "react-router";
import { lagosInputFromInstant } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { errorsFor } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { CheckboxGroup, SelectInput, TextArea, TextInput } from "~/ui/form/fields";
import { IntentFields } from "~/ui/form/intent-fields";
import type { ListedSession } from "../sessions.server";
import { type TimetablePattern, weekdays } from "../timetable-pattern";

/*
 * The timetable page's forms, each a plain post that works without JavaScript: build from a
 * pattern, add one session, edit or cancel one (inside a <details> on its row), and reminders.
 * A reply's field errors show on the form that was sent (its intent and id).
 */

export type TutorChoice = { id: string; name: string };

const tutorOptions = (tutors: TutorChoice[]) =>
  tutors.map((tutor) => ({ value: tutor.id, label: tutor.name }));

/** Where and who, the same on every session form. */
function PlaceFields({
  prefix,
  errors,
  tutors,
  defaults,
}: {
  prefix: string;
  errors: Record<string, string | undefined>;
  tutors: TutorChoice[];
  defaults: { place?: string | null; onlineUrl?: string | null; tutorId?: string | null };
}) {
  return (
    <>
      <TextInput
        id={`${prefix}-place`}
        name="place"
        label="Place"
        defaultValue={defaults.place ?? ""}
        error={errors.place}
        placeholder="Room 2, 14 Admiralty Way, Lekki"
      />
      <TextInput
        id={`${prefix}-online`}
        name="onlineUrl"
        label="Online link"
        type="url"
        defaultValue={defaults.onlineUrl ?? ""}
        error={errors.onlineUrl}
        placeholder="https://meet.google.com/…"
      />
      <SelectInput
        id={`${prefix}-tutor`}
        name="tutorId"
        label="Tutor"
        placeholder="No tutor set"
        options={tutorOptions(tutors)}
        defaultValue={defaults.tutorId ?? ""}
        error={errors.tutorId}
      />
    </>
  );
}

function TimeFields({
  prefix,
  errors,
  defaults,
}: {
  prefix: string;
  errors: Record<string, string | undefined>;
  defaults: { startTime?: string; endTime?: string };
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextInput
        id={`${prefix}-start`}
        name="startTime"
        label="Starts"
        type="time"
        required
        defaultValue={defaults.startTime ?? ""}
        error={errors.startTime}
      />
      <TextInput
        id={`${prefix}-end`}
        name="endTime"
        label="Ends"
        type="time"
        required
        defaultValue={defaults.endTime ?? ""}
        error={errors.endTime}
      />
    </div>
  );
}

const formGrid = "grid gap-4 sm:grid-cols-2";

/** Builds every session of the intake from weekdays and hours between two dates. */
export function BuildTimetableForm({
  defaults,
  tutors,
  reply,
  placeDefault,
}: {
  defaults: Partial<TimetablePattern>;
  tutors: TutorChoice[];
  reply: ActionReply | null | undefined;
  placeDefault: string | null;
}) {
  const errors = errorsFor(reply, "build");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="build" />
      <CheckboxGroup
        id="build-days"
        name="days"
        legend="Days"
        hint="Filled in from the intake's class times where they could be read."
        options={weekdays.map((day) => ({ value: String(day.day), label: day.long }))}
        defaultValue={(defaults.days ?? []).map(String)}
        error={errors.days}
      />
      <TimeFields prefix="build" errors={errors} defaults={defaults} />
      <div className={formGrid}>
        <TextInput
          id="build-from"
          name="from"
          label="First date"
          type="date"
          required
          defaultValue={defaults.from ?? ""}
          error={errors.from}
        />
        <TextInput
          id="build-until"
          name="until"
          label="Last date"
          type="date"
          required
          defaultValue={defaults.until ?? ""}
          error={errors.until}
        />
        <TextInput
          id="build-title"
          name="titlePrefix"
          label="Sessions are called"
          defaultValue="Session"
          error={errors.titlePrefix}
        />
        <PlaceFields
          prefix="build"
          errors={errors}
          tutors={tutors}
          defaults={{ place: placeDefault }}
        />
      </div>
      <div>
        <Button type="submit">Build timetable</Button>
      </div>
    </Form>
  );
}

const lagosDate = (at: Date | string) => lagosInputFromInstant(at).slice(0, 10);
const lagosTime = (at: Date | string) => lagosInputFromInstant(at).slice(11, 16);

/** One session's fields: add (no session) or edit. */
export function SessionForm({
  session,
  tutors,
  reply,
}: {
  session: ListedSession | null;
  tutors: TutorChoice[];
  reply: ActionReply | null | undefined;
}) {
  const intent = session ? "update" : "add";
  const prefix = session ? `edit-${session.id}` : "add";
  const errors = errorsFor(reply, intent, session?.id);
  return (
    <Form method="post" className="mt-3 grid gap-4">
      {session ? (
        <IntentFields intent="update" id={session.id} />
      ) : (
        <input type="hidden" name="intent" value="add" />
      )}
      <div className={formGrid}>
        <TextInput
          id={`${prefix}-title`}
          name="title"
          label="Title"
          required
          defaultValue={session?.title ?? ""}
          error={errors.title}
        />
        <TextInput
          id={`${prefix}-date`}
          name="date"
          label="Date"
          type="date"
          required
          defaultValue={session ? lagosDate(session.startsAt) : ""}
          error={errors.date}
        />
      </div>
      <TimeFields
        prefix={prefix}
        errors={errors}
        defaults={
          session
            ? { startTime: lagosTime(session.startsAt), endTime: lagosTime(session.endsAt) }
            : {}
        }
      />
      <div className={formGrid}>
        <PlaceFields prefix={prefix} errors={errors} tutors={tutors} defaults={session ?? {}} />
      </div>
      {session ? (
        <TextArea
          id={`${prefix}-notice`}
          name="notice"
          label="What to tell the students if it moves (optional)"
          rows={2}
          error={errors.notice}
        />
      ) : null}
      <div>
        <Button type="submit">{session ? "Save session" : "Add session"}</Button>
      </div>
    </Form>
  );
}

/** Cancels one session, with the words the students read. */
export function CancelSessionForm({
  session,
  reply,
}: {
  session: ListedSession;
  reply: ActionReply | null | undefined;
}) {
  const errors = errorsFor(reply, "cancel", session.id);
  return (
    <Form method="post" className="mt-3 grid gap-3">
      <IntentFields intent="cancel" id={session.id} />
      <TextArea
        id={`cancel-${session.id}-notice`}
        name="notice"
        label="What to tell the students"
        required
        rows={2}
        placeholder="Public holiday: no class. We catch up on Saturday."
        error={errors.notice}
      />
      <div>
        <Button type="submit" variant="danger">
          Cancel this session and tell the students
        </Button>
      </div>
    </Form>
  );
}

/** When reminders go, and what to bring to the first session. */
export function ReminderSettingsForm({
  settings,
  reply,
}: {
  settings: { reminderHoursBefore: number | null; firstSessionNote: string | null };
  reply: ActionReply | null | undefined;
}) {
  const errors = errorsFor(reply, "settings");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="settings" />
      <TextInput
        id="settings-hours"
        name="reminderHoursBefore"
        label="Remind students this many hours before each session (empty: no reminder)"
        type="number"
        inputMode="numeric"
        min={1}
        max={72}
        defaultValue={settings.reminderHoursBefore ?? ""}
        error={errors.reminderHoursBefore}
      />
      <TextArea
        id="settings-note"
        name="firstSessionNote"
        label="What to bring to the first session (sent the day before)"
        rows={3}
        defaultValue={settings.firstSessionNote ?? ""}
        error={errors.firstSessionNote}
      />
      <div>
        <Button type="submit" variant="outline">
          Save reminders
        </Button>
      </div>
    </Form>
  );
}
