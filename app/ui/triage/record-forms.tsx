import { Form, useSubmit } from "react-router";
import { type ActionReply, errorsOf, keptValueOf } from "~/lib/forms/action-reply";
import { Button, buttonClasses } from "../button";
import { controlClasses, ErrorText, SelectInput, type SelectOption } from "../form/fields";
import { IntentFields } from "../form/intent-fields";

/**
 * A select that saves one field of a record as soon as it changes, posting `intent` and the
 * record's `id` to the page's action; without JavaScript a Save button does it.
 */
export function SaveOnChangeSelect({
  id,
  intent,
  recordId,
  name,
  label,
  value,
  options,
}: {
  id: string;
  intent: string;
  recordId: string;
  name: string;
  label: string;
  value: string;
  options: SelectOption[];
}) {
  const submit = useSubmit();
  return (
    <Form method="post" preventScrollReset className="flex items-end gap-2">
      <IntentFields intent={intent} id={recordId} />
      <SelectInput
        id={id}
        name={name}
        label={label}
        layout="action"
        className="flex-1"
        defaultValue={value}
        key={value}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        options={options}
      />
      <noscript>
        <button type="submit" className={buttonClasses("outline")}>
          Save
        </button>
      </noscript>
    </Form>
  );
}

/**
 * The staff-only notes on a record, posted with intent 'notes' and the record's `id`. Refused
 * notes (the page action's `reply`) come back as typed, with the reason under them.
 */
export function AdminNotesForm({
  id,
  recordId,
  notes,
  maxLength,
  reply,
}: {
  id: string;
  recordId: string;
  notes: string | null;
  maxLength: number;
  reply: ActionReply | null | undefined;
}) {
  const error = errorsOf(reply).notes?.[0];
  const shown = (error && keptValueOf(reply, "notes")) ?? notes ?? "";
  return (
    <Form method="post" preventScrollReset className="grid gap-2">
      <IntentFields intent="notes" id={recordId} />
      <label htmlFor={id} className="text-sm font-medium">
        Admin notes
      </label>
      <textarea
        id={id}
        name="notes"
        key={shown}
        defaultValue={shown}
        rows={4}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={controlClasses}
        placeholder="Visible to staff only"
      />
      <ErrorText id={`${id}-error`} error={error} />
      <div>
        <Button type="submit" variant="outline" size="sm">
          Save Notes
        </Button>
      </div>
    </Form>
  );
}
