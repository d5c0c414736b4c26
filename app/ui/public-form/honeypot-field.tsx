import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

/** Invisible to people (and to screen readers); form-filling bots tend to complete it. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
