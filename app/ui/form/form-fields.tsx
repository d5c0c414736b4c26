import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import {
  CheckboxGroup,
  CheckboxInput,
  ErrorText,
  SelectInput,
  TextArea,
  TextInput,
} from "./fields";

export { controlClasses, FormError, inlineControlClasses } from "./fields";

// The portal's forms use Conform; these adapt its field metadata to the plain controls.

// biome-ignore lint/suspicious/noExplicitAny: a field of any form schema
type AnyField = FieldMetadata<any, any, string[]>;

type FieldProps = { meta: AnyField; label: string; required?: boolean; className?: string };

const initial = (meta: AnyField) =>
  typeof meta.initialValue === "string" ? meta.initialValue : undefined;
const controlOf = (meta: AnyField) => ({ id: meta.id, name: meta.name, error: meta.errors?.[0] });

export function FieldError({ meta }: { meta: AnyField }) {
  return <ErrorText id={`${meta.id}-error`} error={meta.errors?.[0]} />;
}

export function TextField({
  meta,
  type = "text",
  ...rest
}: FieldProps & {
  type?:
    | "text"
    | "email"
    | "tel"
    | "password"
    | "url"
    | "search"
    | "number"
    | "date"
    | "datetime-local";
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "defaultValue">) {
  return (
    <TextInput
      key={meta.key}
      {...controlOf(meta)}
      type={type}
      defaultValue={initial(meta)}
      {...rest}
    />
  );
}

export function TextareaField({
  meta,
  ...rest
}: FieldProps & Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue">) {
  return <TextArea key={meta.key} {...controlOf(meta)} defaultValue={initial(meta)} {...rest} />;
}

export function SelectField({
  meta,
  ...rest
}: FieldProps &
  Omit<ComponentProps<typeof SelectInput>, "id" | "name" | "error" | "defaultValue" | "layout">) {
  return (
    <SelectInput key={meta.key} {...controlOf(meta)} defaultValue={initial(meta) ?? ""} {...rest} />
  );
}

export function CheckboxField({
  meta,
  ...rest
}: { meta: AnyField; label: ReactNode; className?: string; required?: boolean } & Omit<
  ComponentProps<"input">,
  "type" | "name" | "id"
>) {
  return (
    <CheckboxInput
      key={meta.key}
      {...controlOf(meta)}
      defaultChecked={meta.initialValue === "on"}
      {...rest}
    />
  );
}

/** A list field (`z.array`) chosen with checkboxes. */
export function CheckboxGroupField({
  meta,
  ...rest
}: { meta: AnyField } & Omit<
  ComponentProps<typeof CheckboxGroup>,
  "id" | "name" | "error" | "defaultValue"
>) {
  const initialValue = meta.initialValue;
  const chosen = Array.isArray(initialValue)
    ? initialValue.filter((value): value is string => typeof value === "string")
    : typeof initialValue === "string"
      ? [initialValue]
      : [];
  return <CheckboxGroup key={meta.key} {...controlOf(meta)} defaultValue={chosen} {...rest} />;
}
