import Braces from "lucide-react/icons/braces";
import { applicationPlaceholders, replyPlaceholders } from "./placeholders";

/** The placeholders a saved reply may use, and what each becomes in a reply. */
export function PlaceholderHelp() {
  return (
    <section
      aria-labelledby="placeholder-help-title"
      className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800 dark:border-sky-900 dark:bg-sky-950/40 dark:text-slate-200"
    >
      <h2 id="placeholder-help-title" className="flex items-center gap-2 font-semibold">
        <Braces aria-hidden="true" className="h-4 w-4" />
        Placeholders
      </h2>
      <p className="mt-1">
        Write these in a reply's text; inserting the reply into an answer fills them in from the
        visitor's message and the course it names. One the message has no value for (a course when
        it names none) stays as written, and the reply asks you to fill it in before sending. A
        decline e-mail on the Students page fills the application's placeholders as it is sent.
      </p>
      <dl className="mt-3 grid gap-2">
        {[...replyPlaceholders, ...applicationPlaceholders].map((placeholder) => (
          <div key={placeholder.name} className="grid gap-0.5">
            <dt>
              <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs dark:bg-slate-900">
                {`{${placeholder.name}}`}
              </code>
            </dt>
            <dd>{placeholder.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
