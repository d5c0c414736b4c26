import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

// Fields carry no native `required`/`minLength`: the browser's own bubbles would replace the
// spec's messages when JavaScript is off. The server answers with the same schema instead.

const baseControlClasses =
  "rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400";

/** A full-width text input, select or textarea. */
export const controlClasses = `block w-full ${baseControlClasses}`;
/** The same, sized by its content (toolbars). */
export const inlineControlClasses = `inline-block w-auto ${baseControlClasses}`;

// biome-ignore lint/suspicious/noExplicitAny: a field of any form schema
type AnyField = FieldMetadata<any, any, string[]>;

export function FieldError({ meta }: { meta: AnyField }) {
  const error = meta.errors?.[0];
  return (
    <p
      id={meta.errorId}
      className="mt-1.5 min-h-0 text-sm text-red-700 dark:text-red-400"
      aria-live="polite"
    >
      {error ?? ""}
    </p>
  );
}

function Label({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={htmlFor}
      className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
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

type FieldProps = { meta: AnyField; label: string; required?: boolean; className?: string };

const ariaFor = (meta: AnyField, required?: boolean) => ({
  "aria-required": required || undefined,
  "aria-invalid": meta.errors?.length ? true : undefined,
  "aria-describedby": meta.errors?.length ? meta.errorId : undefined,
});

export function TextField({
  meta,
  label,
  required,
  className,
  type = "text",
  ...rest
}: FieldProps & {
  type?: "text" | "email" | "tel" | "password" | "url" | "search" | "number";
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "defaultValue">) {
  const { required: _ignored, ...inputProps } = getInputProps(meta, {
    type,
    ariaAttributes: false,
  });
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <input
        {...inputProps}
        {...ariaFor(meta, required)}
        {...rest}
        key={inputProps.key}
        className={controlClasses}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  required,
  className,
  ...rest
}: FieldProps & Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue">) {
  const { required: _ignored, ...textareaProps } = getTextareaProps(meta, {
    ariaAttributes: false,
  });
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <textarea
        {...textareaProps}
        {...ariaFor(meta, required)}
        {...rest}
        key={textareaProps.key}
        className={cn(controlClasses, "min-h-32")}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  required,
  className,
  placeholder,
  options,
  labels,
  ...rest
}: FieldProps & {
  placeholder: string;
  options: readonly string[];
  /** Text shown for an option value, when it differs from the value. */
  labels?: Record<string, string>;
} & Omit<ComponentProps<"select">, "name" | "id" | "defaultValue">) {
  const { required: _ignored, ...selectProps } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <select
        {...selectProps}
        {...ariaFor(meta, required)}
        {...rest}
        key={selectProps.key}
        defaultValue={selectProps.defaultValue ?? ""}
        className={controlClasses}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export function CheckboxField({
  meta,
  label,
  className,
  required,
  ...rest
}: { meta: AnyField; label: ReactNode; className?: string; required?: boolean } & Omit<
  ComponentProps<"input">,
  "type" | "name" | "id"
>) {
  const { required: _ignored, ...inputProps } = getInputProps(meta, {
    type: "checkbox",
    ariaAttributes: false,
  });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          {...ariaFor(meta, required)}
          {...rest}
          key={inputProps.key}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={meta.id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** A form-level error (e.g. rate limit, storage failure), announced when it appears. */
export function FormError({ errors, id }: { errors: string[] | undefined; id?: string }) {
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
