import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Course, CourseChange } from "~/db/schema";
import { courseCategories, courseLevels } from "~/db/schema/values";
import { FileField } from "~/features/uploads/file-field";
import { UploadProgress } from "~/features/uploads/upload-progress";
import { useUploadProgress } from "~/features/uploads/use-upload-progress";
import { formatDateTime } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { slugify } from "~/lib/text/slug";
import {
  FieldError,
  FormError,
  SelectField,
  TextareaField,
  TextField,
} from "~/ui/form/form-fields";
import { ModalActions } from "~/ui/form/modal-actions";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { LabelledSection } from "~/ui/labelled-section";
import { Modal } from "~/ui/modal";
import {
  courseFormats,
  courseFormDefaults,
  courseFormSchema,
  courseLanguages,
} from "./course-form-schema";
import { IconPicker } from "./icon-picker";
import { faqListSpec, moduleListSpec, RecordListEditor, TextListEditor } from "./list-editors";

const actionLabels: Record<CourseChange["action"], string> = {
  created: "created the course",
  updated: "changed",
  activated: "activated the course",
  deactivated: "deactivated the course",
  deleted: "deleted the course",
};

function History({ changes }: { changes: CourseChange[] }) {
  if (!changes.length) return null;
  return (
    <LabelledSection
      id="course-history"
      title="History"
      level={3}
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
      headingClassName="font-semibold"
    >
      <ul className="mt-2 grid gap-1.5">
        {changes.map((change) => (
          <li key={change.id}>
            <span className="font-medium">{change.actorName ?? "Someone"}</span>{" "}
            {actionLabels[change.action]}
            {change.action === "updated" ? ` ${Object.keys(change.changes).join(", ")}` : ""}
            <span className="text-slate-600 dark:text-slate-400">
              {" "}
              · {formatDateTime(change.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-4">
      <h3 className="border-b border-slate-200 pb-1 text-base font-bold dark:border-slate-700">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The course's choices, by the section they stand in. */
const choiceFields = {
  basics: [
    {
      name: "category",
      label: "Category",
      required: true,
      placeholder: "Select a category",
      options: courseCategories,
    },
    { name: "level", label: "Level", placeholder: "Select a level", options: courseLevels },
    {
      name: "difficulty",
      label: "Difficulty",
      placeholder: "Select a difficulty",
      options: courseLevels,
    },
  ],
  details: [
    {
      name: "language",
      label: "Language",
      placeholder: "Select a language",
      options: courseLanguages,
    },
    { name: "format", label: "Format", placeholder: "Select a format", options: courseFormats },
  ],
} as const;

/** The course's numbers: prices as typed, in whole Naira (kept in kobo), lessons, and a rating to a tenth. */
const numberFields = [
  { name: "price", label: "Price (₦)", step: 1000, inputMode: "numeric" },
  { name: "originalPrice", label: "Original price (₦)", step: 1000, inputMode: "numeric" },
  { name: "lessons", label: "Lessons", step: 1, inputMode: "numeric" },
  { name: "rating", label: "Rating (0-5)", step: 0.1, max: 5, inputMode: "decimal" },
] as const;

/** The create/edit modal, with every course field. */
export function CourseFormModal({
  course,
  changes,
  actionReply,
  closeHref,
  onClose,
}: {
  course: Course | null;
  changes: CourseChange[];
  actionReply: ActionReply | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const creating = !course;
  const defaults = courseFormDefaults(course);
  const { form, fields } = useSchemaForm(courseFormSchema, {
    id: `course-form-${course?.id ?? "new"}`,
    reply: actionReply,
    defaultValue: defaults,
  });
  // While creating, the slug follows the title until someone edits the slug itself.
  const [slugTouched, setSlugTouched] = useState(!creating);
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== null;
  const uploading = useUploadProgress().phase !== "idle";

  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size="xl"
      title={creating ? "Add Course" : "Edit Course"}
      description={creating ? "New courses start with the defaults below." : course.title}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid gap-8"
      >
        <input type="hidden" name="intent" value={creating ? "create" : "update"} />
        {course ? <input type="hidden" name="id" value={course.id} /> : null}
        <FormError errors={form.errors} id={form.errorId} />

        <Section title="Basics">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={fields.title}
              label="Course title"
              required
              onChange={(event) => {
                if (!slugTouched)
                  form.update({
                    name: fields.slug.name,
                    value: slugify(event.currentTarget.value),
                  });
              }}
            />
            <TextField
              meta={fields.slug}
              label="Slug"
              required
              onInput={() => setSlugTouched(true)}
            />
          </div>
          <TextareaField meta={fields.description} label="Description" required rows={4} />
          <div className="grid gap-4 sm:grid-cols-3">
            {choiceFields.basics.map(({ name, ...choice }) => (
              <SelectField key={name} meta={fields[name]} {...choice} />
            ))}
          </div>
          <IconPicker name={fields.icon.name} defaultValue={defaults.icon} />
        </Section>

        <Section title="Price and figures">
          <div className="grid gap-4 sm:grid-cols-4">
            {numberFields.map(({ name, ...number }) => (
              <TextField key={name} meta={fields[name]} type="number" min={0} {...number} />
            ))}
          </div>
        </Section>

        <Section title="Details">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.duration} label="Duration" placeholder="e.g. 12 weeks" />
            <TextField
              meta={fields.certification}
              label="Certificate"
              placeholder="e.g. Certificate of completion"
            />
            {choiceFields.details.map(({ name, ...choice }) => (
              <SelectField key={name} meta={fields[name]} {...choice} />
            ))}
            <TextField
              meta={fields.schedule}
              label="Schedule"
              placeholder="e.g. Weekdays 6pm-9pm WAT"
            />
            <TextField
              meta={fields.classSize}
              label="Class size"
              placeholder="e.g. 5-10 students"
            />
            <TextField meta={fields.location} label="Location" />
            <TextField
              meta={fields.deliveryMethod}
              label="Delivery method"
              placeholder="e.g. Live classes on Zoom"
            />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
              Subtitles
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {courseLanguages.map((language) => (
                <label key={language} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.subtitles.name}
                    value={language}
                    defaultChecked={defaults.subtitles.includes(language)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {language}
                </label>
              ))}
            </div>
            <FieldError meta={fields.subtitles} />
          </fieldset>
        </Section>

        <Section title="Image and brochure">
          <div className="grid gap-4 sm:grid-cols-2">
            <FileField
              kind="image"
              name="imageFile"
              label="Course image"
              current={course?.image ?? null}
              errors={actionReply?.result.error?.imageFile ?? undefined}
            />
            <FileField
              kind="brochure"
              name="brochureFile"
              label="Brochure (PDF)"
              current={course?.brochureUrl ?? null}
              errors={actionReply?.result.error?.brochureFile ?? undefined}
            />
          </div>
        </Section>

        <Section title="What students get">
          <div className="grid gap-6 sm:grid-cols-2">
            <TextListEditor
              form={form}
              field={fields.learningOutcomes}
              legend="Learning outcomes"
              itemLabel="Outcome"
            />
            <TextListEditor
              form={form}
              field={fields.prerequisites}
              legend="Prerequisites"
              itemLabel="Prerequisite"
            />
            <TextListEditor form={form} field={fields.skills} legend="Skills" itemLabel="Skill" />
          </div>
          <RecordListEditor form={form} field={fields.modules} spec={moduleListSpec} />
          <RecordListEditor form={form} field={fields.faqs} spec={faqListSpec} />
        </Section>

        <Section title="Visibility">
          <label className="flex items-center gap-3 text-sm">
            <input
              {...getInputProps(fields.isActive, { type: "checkbox" })}
              key={fields.isActive.key}
              className="h-5 w-5 accent-brand-700"
            />
            Active: shown on the public website
          </label>
        </Section>

        {course ? <History changes={changes} /> : null}

        {/* While files are sent, 'Cancel upload' is the one way to stop: not a second 'Cancel'. */}
        <ModalActions
          className="sticky bottom-0 -mx-5 -mb-4 flex-wrap border-t border-slate-200 bg-white px-5 py-4 dark:border-slate-700 dark:bg-slate-900"
          closeHref={closeHref}
          busy={submitting}
          label={creating ? "Create Course" : "Save Changes"}
          hideCancel={uploading}
        >
          <UploadProgress />
        </ModalActions>
      </Form>
    </Modal>
  );
}
