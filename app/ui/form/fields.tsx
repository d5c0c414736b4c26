import { type ComponentProps, Fragment, type ReactNode } from "react";
import { cn } from "../cn";

// Plain form controls with a label and a message slot. They carry no native `required` or
// `minLength`: the browser's own bubbles would replace the forms' worded messages when JavaScript
// is off. The server answers with the same schema instead; `aria-required` tells assistive tech.

const baseControlClasses =
  "rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400";

/** A full-width text input, select or textarea. */
export const controlClasses = `block w-full ${baseControlClasses}`;
/** The same, sized by its content (toolbars). */
export const inlineControlClasses = `inline-block w-auto ${baseControlClasses}`;

export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400" aria-live="polite">
      {error ?? ""}
    </p>
  );
}

/** A control's label; `hidden` keeps it for screen readers only (a toolbar's filters). */
function Label({
  htmlFor,
  required,
  hidden,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={htmlFor}
      className={
        hidden ? "sr-only" : "mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      }
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );
}

export type ControlProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  className?: string;
};

const errorIdOf = (id: string) => `${id}-error`;

function aria(id: string, error: string | undefined, required: boolean | undefined) {
  return {
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorIdOf(id) : undefined,
  } as const;
}

/** A control under its label, with the message slot below. */
function LabelledField({
  id,
  label,
  error,
  required,
  className,
  children,
}: Omit<ControlProps, "name" | "label"> & { label: ReactNode; children: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      <ErrorText id={errorIdOf(id)} error={error} />
    </div>
  );
}

/**
 * A labelled control's props, split: what its label and message slot take, and what the control
 * element takes (its id and name, the aria of its error and requiredness, and the rest).
 */
function splitControlProps<Rest extends object>({
  id,
  name,
  label,
  error,
  required,
  className,
  ...rest
}: Omit<ControlProps, "name" | "label"> & { name?: string; label: ReactNode } & Rest) {
  return {
    field: { id, label, error, required, className },
    control: { id, name, ...aria(id, error, required), ...rest },
  };
}

export function TextInput({
  type = "text",
  ...props
}: ControlProps & Omit<ComponentProps<"input">, "id" | "name" | "required">) {
  const { field, control } = splitControlProps(props);
  return (
    <LabelledField {...field}>
      <input type={type} {...control} className={controlClasses} />
    </LabelledField>
  );
}

/** A public form's e-mail address, asked the same way on every form that needs one. */
export function EmailAddressInput(
  props: Omit<
    ComponentProps<typeof TextInput>,
    "label" | "type" | "required" | "autoComplete" | "placeholder"
  >,
) {
  return (
    <TextInput
      {...props}
      label="Email Address"
      type="email"
      required
      autoComplete="email"
      placeholder="you@example.com"
    />
  );
}

export function TextArea(
  props: ControlProps & Omit<ComponentProps<"textarea">, "id" | "name" | "required">,
) {
  const { field, control } = splitControlProps(props);
  return (
    <LabelledField {...field}>
      <textarea {...control} className={cn(controlClasses, "min-h-32")} />
    </LabelledField>
  );
}

/** A choice of a select: a value shown as is, or a value with its own text. */
export type SelectOption = string | { value: string; label: string };
/** Choices under a heading of their own (an `<optgroup>`): the intakes of one course. */
export type SelectGroup = { group: string; options: readonly SelectOption[] };

const optionOf = (option: SelectOption) =>
  typeof option === "string" ? { value: option, label: option } : option;

function optionElement(choice: SelectOption) {
  const option = optionOf(choice);
  return (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
}

/**
 * Where a select stands:
 * - "field": in a form the server checks; label above, message slot below (the default).
 * - "filter": in a toolbar; the label is read by screen readers only, and there is no message
 *   slot (every choice is valid).
 * - "action": a choice used at once (saved on change, inserted, a report period); label above,
 *   no message slot.
 */
export type SelectLayout = "field" | "filter" | "action";

/**
 * The one select: a label, the choices from a list (`placeholder` first, with the empty value),
 * and in a form its error described through `aria-describedby`. `compact` sizes it by its
 * content, in small text, its label and select set straight into the row around them (a
 * bulk-action row), so `className` has no wrapper to go to.
 */
export function SelectInput({
  placeholder,
  options,
  layout = "field",
  compact = false,
  ...props
}: Omit<ControlProps, "name"> & {
  /** Left out for a select the page reads itself, not a form. */
  name?: string;
  placeholder?: string;
  options: readonly (SelectOption | SelectGroup)[];
  layout?: SelectLayout;
  compact?: boolean;
} & Omit<ComponentProps<"select">, "id" | "name" | "required">) {
  const { field, control } = splitControlProps(props);
  const select = (
    <select
      {...control}
      className={compact ? cn(inlineControlClasses, "py-1.5 text-sm") : controlClasses}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) =>
        typeof option === "object" && "group" in option ? (
          <optgroup key={`group:${option.group}`} label={option.group}>
            {option.options.map(optionElement)}
          </optgroup>
        ) : (
          optionElement(option)
        ),
      )}
    </select>
  );
  if (layout === "field") {
    return <LabelledField {...field}>{select}</LabelledField>;
  }
  const hidden = layout === "filter";
  const Wrapper = compact ? Fragment : "div";
  return (
    <Wrapper {...(compact ? {} : { className: field.className })}>
      <Label htmlFor={field.id} required={field.required} hidden={hidden}>
        {field.label}
      </Label>
      {select}
    </Wrapper>
  );
}

export function CheckboxInput(
  props: Omit<ControlProps, "label"> & { label: ReactNode } & Omit<
      ComponentProps<"input">,
      "id" | "name" | "type" | "required"
    >,
) {
  const { field, control } = splitControlProps(props);
  return (
    <div className={field.className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          {...control}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={field.id} className="text-sm text-slate-800 dark:text-slate-200">
          {field.label}
        </label>
      </div>
      <ErrorText id={errorIdOf(field.id)} error={field.error} />
    </div>
  );
}

/** Several choices under one name: a fieldset of checkboxes with its legend and one error. */
export function CheckboxGroup({
  id,
  name,
  legend,
  hint,
  options,
  defaultValue,
  error,
  className,
}: {
  id: string;
  name: string;
  legend: string;
  hint?: string;
  options: { value: string; label: string }[];
  defaultValue: string[];
  error: string | undefined;
  className?: string;
}) {
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorIdOf(id) : null].filter(Boolean);
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
      </legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => (
          <div key={option.value} className="flex items-start gap-3">
            <input
              type="checkbox"
              id={`${id}-${index}`}
              name={name}
              value={option.value}
              defaultChecked={defaultValue.includes(option.value)}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            <label
              htmlFor={`${id}-${index}`}
              className="text-sm text-slate-800 dark:text-slate-200"
            >
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <ErrorText id={errorIdOf(id)} error={error} />
    </fieldset>
  );
}

/** A form-level error (e.g. rate limit, storage failure), announced when it appears. */
export function FormError({ errors, id }: { errors: string[] | undefined | null; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {errors[0]}
    </div>
  );
}
