import { type ReactNode, Suspense } from "react";
import { useNavigation } from "react-router";
import { Spinner } from "../spinner";

const panel = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/**
 * A triage page (the inbox, the admissions queue): its toolbar, the list, and the open record
 * beside it on a wide screen. On a phone an open record comes first and the toolbar and list
 * step aside; the record's close link leads back to them. A record's detail loaded on demand
 * (`lazyPart`) shows a spinner in its place while its code arrives.
 */
export function TriageLayout({
  toolbar,
  listLabel,
  list,
  detail,
}: {
  toolbar: ReactNode;
  listLabel: string;
  list: ReactNode;
  /** The open record: its section's id (where opening it scrolls to) and label. */
  detail: { id: string; label: string; content: ReactNode } | null;
}) {
  const navigation = useNavigation();
  const open = detail !== null;
  return (
    <>
      <div className={open ? "max-md:hidden" : undefined}>{toolbar}</div>
      <div
        className={
          open
            ? "grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]"
            : undefined
        }
      >
        <section
          aria-label={listLabel}
          aria-busy={navigation.state === "loading"}
          className={`${panel} ${open ? "max-xl:hidden" : ""}`}
        >
          {list}
        </section>
        {detail ? (
          <section id={detail.id} aria-label={detail.label} className={`scroll-mt-20 ${panel}`}>
            <Suspense fallback={<Spinner label="Loading the details" className="m-6" />}>
              {detail.content}
            </Suspense>
          </section>
        ) : null}
      </div>
    </>
  );
}

/** Below a triage list: how many there are, and the pages. */
export function TriageListFooter({ count, pages }: { count: ReactNode; pages: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
      <p className="text-slate-600 dark:text-slate-300">{count}</p>
      {pages}
    </div>
  );
}
