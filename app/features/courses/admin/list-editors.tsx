import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getTextareaProps,
} from "@conform-to/react";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { cn } from "~/ui/cn";
import { controlClasses, FieldError } from "~/ui/form/form-fields";
import type { CourseFaqInput, CourseModuleInput } from "./course-form-schema";

type FormSchema = Record<string, unknown>;
/** A list field as Conform types it from the schema's input, where any row may be missing. */
type ListField<Row, Form extends FormSchema> = FieldMetadata<
  Array<Row | undefined> | undefined,
  Form
>;
type RecordRow = Record<string, string | undefined>;

const smallButton =
  "inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium disabled:opacity-50";

function RemoveButton<Form extends FormSchema>({
  form,
  list,
  index,
  label,
}: {
  form: FormMetadata<Form>;
  list: ListField<string | RecordRow, Form>;
  index: number;
  label: string;
}) {
  return (
    <button
      {...form.remove.getButtonProps({ name: list.name, index })}
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

function AddButton<Form extends FormSchema>({
  form,
  list,
  label,
  blankRow,
}: {
  form: FormMetadata<Form>;
  list: ListField<string | RecordRow, Form>;
  label: string;
  /** The new row of a record list; a text list adds an empty text. */
  blankRow?: Record<string, string>;
}) {
  return (
    <button
      {...form.insert.getButtonProps({ name: list.name, defaultValue: blankRow })}
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
export function TextListEditor<Form extends FormSchema>({
  form,
  field,
  legend,
  itemLabel,
  placeholder,
}: {
  form: FormMetadata<Form>;
  field: ListField<string, Form>;
  legend: string;
  itemLabel: string;
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
              {...getInputProps(item, { type: "text" })}
              key={item.key}
              aria-label={`${itemLabel} ${index + 1}`}
              placeholder={placeholder}
              className={controlClasses}
            />
            {items.length > 1 ? (
              <RemoveButton
                form={form}
                list={field}
                index={index}
                label={`${itemLabel} ${index + 1}`}
              />
            ) : null}
          </div>
          <FieldError meta={item} />
        </div>
      ))}
      <div>
        <AddButton form={form} list={field} label={itemLabel.toLowerCase()} />
      </div>
    </fieldset>
  );
}

type PartSpec<Name extends string> = {
  name: Name;
  label: string;
  hint?: string;
  /** Rows of a textarea; a single-line input without it. */
  rows?: number;
};

/**
 * A list of small records (modules, FAQs): one box per entry with its parts, the same
 * keep-one-row and add/remove rules as the single-line lists.
 */
export function RecordListEditor<Form extends FormSchema>({
  form,
  field,
  spec: { legend, itemLabel, addLabel, parts },
}: {
  form: FormMetadata<Form>;
  field: ListField<RecordRow, Form>;
  spec: RecordListSpec<RecordRow>;
}) {
  const items = field.getFieldList();
  const blankRow = Object.fromEntries(parts.map((part) => [part.name, ""]));
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
                <RemoveButton form={form} list={field} index={index} label={label} />
              ) : null}
            </div>
            {parts.map((part) => {
              // Each caller types its parts by the row's schema, so every part has its field.
              const meta = fields[part.name];
              if (!meta) return null;
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
        <AddButton form={form} list={field} label={addLabel} blankRow={blankRow} />
      </div>
    </fieldset>
  );
}

/** What a list of records is called on the form, and the parts each record is edited in. */
type RecordListSpec<Row> = {
  legend: string;
  itemLabel: string;
  addLabel: string;
  parts: PartSpec<keyof Row & string>[];
};

const moduleParts: PartSpec<keyof CourseModuleInput>[] = [
  { name: "title", label: "Title" },
  { name: "description", label: "Description", rows: 2 },
  { name: "topics", label: "Topics", hint: "(one per line)", rows: 3 },
];
const faqParts: PartSpec<keyof CourseFaqInput>[] = [
  { name: "question", label: "Question" },
  { name: "answer", label: "Answer", rows: 2 },
];

export const moduleListSpec = {
  legend: "Modules",
  itemLabel: "Module",
  addLabel: "module",
  parts: moduleParts,
};
export const faqListSpec = { legend: "FAQs", itemLabel: "FAQ", addLabel: "FAQ", parts: faqParts };
