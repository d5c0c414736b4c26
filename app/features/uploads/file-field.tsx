import { useId, useState } from "react";
import { chosenFileProblem, uploadRules } from "~/lib/forms/upload-rules";
import { controlClasses } from "~/ui/form/form-fields";

// The browser's early check, for a quick message; the server decides by the file's content.
export function FileField({
  kind,
  name,
  label,
  current,
  errors,
}: {
  kind: "image" | "brochure";
  name: string;
  label: string;
  current: string | null;
  errors: string[] | undefined;
}) {
  const id = useId();
  const rule = uploadRules[kind];
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? errors?.[0];
  const removeName = kind === "image" ? "removeImage" : "removeBrochure";
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
      </label>
      {current && kind === "image" ? (
        <img
          src={current}
          alt="Current course cover"
          width={240}
          height={160}
          className="mb-2 aspect-[3/2] w-40 rounded-md object-cover"
        />
      ) : null}
      {current && kind === "brochure" ? (
        <a
          href={current}
          className="mb-2 block text-sm font-medium text-brand-800 underline dark:text-brand-300"
        >
          Current brochure
        </a>
      ) : null}
      <input
        id={id}
        type="file"
        name={name}
        accept={rule.types.join(",")}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const message = file ? chosenFileProblem(kind, file) : null;
          setClientError(message);
          if (message) event.currentTarget.value = "";
        }}
        className={`${controlClasses} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-brand-800`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {kind === "image" ? "JPEG, PNG or WebP, up to 5MB." : "PDF, up to 10MB."}
      </p>
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {error ?? ""}
      </p>
      {current ? (
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="checkbox" name={removeName} className="h-4 w-4 accent-brand-700" />
          Remove the current {kind}
        </label>
      ) : null}
    </div>
  );
}
