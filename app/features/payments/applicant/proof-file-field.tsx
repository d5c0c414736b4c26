import { useId, useState } from "react";
import { chosenFileProblem, uploadRules } from "~/lib/forms/upload-rules";

/**
 * The proof of transfer's file field. With JavaScript a file the server would refuse (too
 * large, a HEIC photo, not a picture or PDF) is caught when chosen, before it costs the applicant
 * their data; without it, the server's answer says the same.
 */
export function ProofFileField({ name }: { name: string }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="font-semibold text-slate-900">
        Proof of transfer (photo or PDF, up to {uploadRules.proof.sizeLabel})
      </label>
      <input
        id={id}
        type="file"
        name={name}
        required
        accept={uploadRules.proof.types.join(",")}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-problem`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const found = file ? chosenFileProblem("proof", file) : null;
          setProblem(found);
          if (found) event.currentTarget.value = "";
        }}
        className="w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-brand-800"
      />
      <p id={`${id}-problem`} role="alert" className="text-sm font-semibold text-red-800">
        {problem ?? ""}
      </p>
    </div>
  );
}
