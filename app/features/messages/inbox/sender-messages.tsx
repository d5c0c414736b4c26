import History from "lucide-react/icons/rotate-ccw-clock";
import { Link } from "react-router";
import { DateTime } from "~/ui/date-time";
import { LabelledSection } from "~/ui/labelled-section";
import { capitalize } from "./message-badges";
import type { SenderMessages as Linked } from "./sender-messages.server";

const count = (value: number) => value.toLocaleString("en-NG");
const messagesWord = (value: number) => (value === 1 ? "message" : "messages");

/** '3 earlier messages from this person · 1 later', or 'More than 1,000 …' past the count cap. */
export function senderMessagesHeading({ earlier, later, capped, countCap }: Linked): string {
  if (capped) return `More than ${count(countCap)} other messages from this person`;
  if (!earlier) return `${count(later)} later ${messagesWord(later)} from this person`;
  const head = `${count(earlier)} earlier ${messagesWord(earlier)} from this person`;
  return later ? `${head} · ${count(later)} later` : head;
}

/** Links to the other messages of the same sender (same e-mail or phone), newest first. */
export function SenderMessages({
  linked,
  hrefFor,
}: {
  linked: Linked;
  hrefFor: (id: string) => string;
}) {
  if (!linked.messages.length) return null;
  return (
    <LabelledSection
      id="sender-messages-heading"
      level={3}
      title={
        <>
          <History aria-hidden="true" className="h-4 w-4" />
          {senderMessagesHeading(linked)}
        </>
      }
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      headingClassName="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white"
    >
      <ul className="mt-2 grid gap-1 text-sm">
        {linked.messages.map((item) => (
          <li key={item.id}>
            <Link
              to={hrefFor(item.id)}
              preventScrollReset
              className="text-brand-800 underline dark:text-brand-300"
            >
              {item.subject ?? item.courseInterest ?? item.inquiryType ?? "(no subject)"}
            </Link>{" "}
            <span className="text-slate-600 dark:text-slate-400">
              · {item.isEarlier ? "earlier" : "later"} · <DateTime at={item.createdAt} /> ·{" "}
              {capitalize(item.status)}
            </span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
