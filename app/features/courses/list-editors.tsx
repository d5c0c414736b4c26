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

type ModuleShape = { title: string; description: string; topics: string };
type FaqShape = { question: string; answer: string };

export function ModulesEditor({ form, field }: { form: AnyForm; field: ListField<ModuleShape[]> }) {
  const modules = field.getFieldList();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        Modules
      </legend>
      {modules.map((module, index) => {
        const parts = module.getFieldset();
        return (
          <div
            key={module.key}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold">Module {index + 1}</p>
              {modules.length > 1 ? (
                <RemoveButton
                  form={form}
                  name={field.name}
                  index={index}
                  label={`module ${index + 1}`}
                />
              ) : null}
            </div>
            <div>
              <label htmlFor={parts.title.id} className="text-sm">
                <span className="sr-only">Module {index + 1} </span>
                Title
              </label>
              <input
                {...getInputProps(parts.title, { type: "text" })}
                key={parts.title.key}
                className={controlClasses}
              />
              <FieldError meta={parts.title} />
            </div>
            <div>
              <label htmlFor={parts.description.id} className="text-sm">
                <span className="sr-only">Module {index + 1} </span>
                Description
              </label>
              <textarea
                {...getTextareaProps(parts.description)}
                key={parts.description.key}
                rows={2}
                className={controlClasses}
              />
              <FieldError meta={parts.description} />
            </div>
            <div>
              <label htmlFor={parts.topics.id} className="text-sm">
                <span className="sr-only">Module {index + 1} </span>
                Topics <span className="text-slate-600 dark:text-slate-400">(one per line)</span>
              </label>
              <textarea
                {...getTextareaProps(parts.topics)}
                key={parts.topics.key}
                rows={3}
                className={controlClasses}
              />
              <FieldError meta={parts.topics} />
            </div>
          </div>
        );
      })}
      <div>
        <AddButton
          form={form}
          name={field.name}
          label="module"
          defaultValue={{ title: "", description: "", topics: "" }}
        />
      </div>
    </fieldset>
  );
}

export function FaqsEditor({ form, field }: { form: AnyForm; field: ListField<FaqShape[]> }) {
  const faqs = field.getFieldList();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        FAQs
      </legend>
      {faqs.map((faq, index) => {
        const parts = faq.getFieldset();
        return (
          <div
            key={faq.key}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold">FAQ {index + 1}</p>
              {faqs.length > 1 ? (
                <RemoveButton
                  form={form}
                  name={field.name}
                  index={index}
                  label={`FAQ ${index + 1}`}
                />
              ) : null}
            </div>
            <div>
              <label htmlFor={parts.question.id} className="text-sm">
                <span className="sr-only">FAQ {index + 1} </span>
                Question
              </label>
              <input
                {...getInputProps(parts.question, { type: "text" })}
                key={parts.question.key}
                className={controlClasses}
              />
              <FieldError meta={parts.question} />
            </div>
            <div>
              <label htmlFor={parts.answer.id} className="text-sm">
                <span className="sr-only">FAQ {index + 1} </span>
                Answer
              </label>
              <textarea
                {...getTextareaProps(parts.answer)}
                key={parts.answer.key}
                rows={2}
                className={controlClasses}
              />
              <FieldError meta={parts.answer} />
            </div>
          </div>
        );
      })}
      <div>
        <AddButton
          form={form}
          name={field.name}
          label="FAQ"
          defaultValue={{ question: "", answer: "" }}
        />
      </div>
    </fieldset>
  );
}
