import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getTextareaProps,
} from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import { cn } from "~/ui/cn";
import { controlClasses, FieldError } from "~/ui/form-fields";

// biome-ignore lint/suspicious/noExplicitAny: editors work on any form
type AnyForm = FormMetadata<any, string[]>;
// biome-ignore lint/suspicious/noExplicitAny: a list field of any form
type ListField<T> = FieldMetadata<T, any, string[]>;

const smallButton =
  "inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium disabled:opacity-50";

function RemoveButton({
  form,
  name,
  index,
  label,
}: {
  form: AnyForm;
  name: string;
  index: number;
  label: string;
}) {
  return (
    <button
      {...form.remove.getButtonProps({ name, index })}
      className={cn(
        smallButton,
        "shrink-0 self-start text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800",
      )}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Remove {label}</span>
    </button>
  );
}

function AddButton({
  form,
  name,
  label,
  defaultValue,
}: {
  form: AnyForm;
  name: string;
  label: string;
  defaultValue?: unknown;
}) {
  return (
    <button
      {...form.insert.getButtonProps({ name, defaultValue: defaultValue as never })}
      className={cn(
        smallButton,
        "text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800",
      )}
    >
      <Plus aria-hidden="true" className="h-4 w-4" />
      Add {label}
    </button>
  );
}

/**
 * A list of single-line entries. It always keeps one row; remove shows only when there are
 * more. With JavaScript off, add and remove still work: they submit the form, and the server
 * answers with the changed list.
 */
export function TextListEditor({
  form,
  field,
  legend,
  itemLabel,
  type = "text",
  placeholder,
}: {
  form: AnyForm;
  field: ListField<string[]>;
  legend: string;
  itemLabel: string;
  type?: "text" | "date";
  placeholder?: string;
}) {
  const items = field.getFieldList();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
      </legend>
      {items.map((item, index) => (
        <div key={item.key}>
          <div className="flex gap-2">
            <input
              {...getInputProps(item, { type })}
              key={item.key}
              aria-label={`${itemLabel} ${index + 1}`}
              placeholder={placeholder}
              className={controlClasses}
            />
            {items.length > 1 ? (
              <RemoveButton
                form={form}
                name={field.name}
                index={index}
                label={`${itemLabel} ${index + 1}`}
              />
            ) : null}
          </div>
          <FieldError meta={item} />
        </div>
      ))}
      <div>
        <AddButton form={form} name={field.name} label={itemLabel.toLowerCase()} />
      </div>
    </fieldset>
  );
}

type PartSpec = {
  name: string;
  label: string;
  hint?: string;
  /** Rows of a textarea; a single-line input without it. */
  rows?: number;
};

/**
 * A list of small records (modules, FAQs): one box per entry with its parts, the same
 * keep-one-row and add/remove rules as the single-line lists.
 */
function RecordListEditor({
  form,
  field,
  legend,
  itemLabel,
  addLabel,
  parts,
}: {
  form: AnyForm;
  field: ListField<Record<string, string>[]>;
  legend: string;
  itemLabel: string;
  addLabel: string;
  parts: PartSpec[];
}) {
  const items = field.getFieldList();
  const blank = Object.fromEntries(parts.map((part) => [part.name, ""]));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
      </legend>
      {items.map((item, index) => {
        const fields = item.getFieldset();
        const label = `${itemLabel} ${index + 1}`;
        return (
          <div
            key={item.key}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold">{label}</p>
              {items.length > 1 ? (
                <RemoveButton form={form} name={field.name} index={index} label={label} />
              ) : null}
            </div>
            {parts.map((part) => {
              const meta = fields[part.name] as ListField<string>;
              return (
                <div key={part.name}>
                  <label htmlFor={meta.id} className="text-sm">
                    <span className="sr-only">{label} </span>
                    {part.label}
                    {part.hint ? (
                      <span className="text-slate-600 dark:text-slate-400"> {part.hint}</span>
                    ) : null}
                  </label>
                  {part.rows ? (
                    <textarea
                      {...getTextareaProps(meta)}
                      key={meta.key}
                      rows={part.rows}
                      className={controlClasses}
                    />
                  ) : (
                    <input
                      {...getInputProps(meta, { type: "text" })}
                      key={meta.key}
                      className={controlClasses}
                    />
                  )}
                  <FieldError meta={meta} />
                </div>
              );
            })}
          </div>
        );
      })}
      <div>
        <AddButton form={form} name={field.name} label={addLabel} defaultValue={blank} />
      </div>
    </fieldset>
  );
}

const moduleParts: PartSpec[] = [
  { name: "title", label: "Title" },
  { name: "description", label: "Description", rows: 2 },
  { name: "topics", label: "Topics", hint: "(one per line)", rows: 3 },
];
const faqParts: PartSpec[] = [
  { name: "question", label: "Question" },
  { name: "answer", label: "Answer", rows: 2 },
];

export function ModulesEditor({
  form,
  field,
}: {
  form: AnyForm;
  field: ListField<Record<string, string>[]>;
}) {
  return (
    <RecordListEditor
      form={form}
      field={field}
      legend="Modules"
      itemLabel="Module"
      addLabel="module"
      parts={moduleParts}
    />
  );
}

export function FaqsEditor({
  form,
  field,
}: {
  form: AnyForm;
  field: ListField<Record<string, string>[]>;
}) {
  return (
    <RecordListEditor
      form={form}
      field={field}
      legend="FAQs"
      itemLabel="FAQ"
      addLabel="FAQ"
      parts={faqParts}
    />
  );
}
