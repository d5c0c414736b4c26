import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OutgoingMailOverview } from "~/features/outgoing-mail/outgoing-mail.server";
import { OutgoingMailList } from "~/features/outgoing-mail/outgoing-mail-list";

const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const email = (overrides: Partial<OutgoingMailOverview["emails"][number]>) => ({
  id: "0b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11",
  kind: "staff-alert" as const,
  recipients: ["desk@academy.test"],
  subject: "New inquiry",
  status: "queued" as const,
  attempts: 0,
  lastError: null,
  createdAt: at("09:00"),
  sentAt: null,
  nextTryAt: null,
  ...overrides,
});

type Emails = OutgoingMailOverview["emails"];
/** What the stub route shows; set by render() before each render. */
let shown: Emails = [];

function ShownList() {
  return (
    <OutgoingMailList
      overview={{ emails: shown, counts: { queued: 0, sent: 0, failed: 0 } }}
      limit={50}
    />
  );
}

// The list's retry forms need a data router around them.
const Stub = createRoutesStub([{ path: "/", Component: ShownList }]);

function render(emails: Emails) {
  shown = emails;
  return renderToStaticMarkup(<Stub />);
}

describe("the outgoing e-mail list", () => {
  it("shows when a waiting e-mail is tried next, and its last refusal", () => {
    const markup = render([
      email({ attempts: 2, lastError: "451 Try again later", nextTryAt: at("09:30") }),
    ]);
    expect(markup).toContain("Next try 10 Mar 2026, 10:30");
    expect(markup).toContain("Last error: 451 Try again later");
  });

  it("names what each retry button sends again", () => {
    const markup = render([
      email({ id: "1b6c1f1e-8f5e-4d36-9a63-2f1d1b8f0c11", status: "failed", kind: "reply" }),
      email({ status: "failed", kind: "password-reset" }),
    ]);
    expect(markup).toMatch(/>Retry reply<span class="sr-only"> “New inquiry”/);
    expect(markup).toMatch(/>Retry password reset<span class="sr-only">/);
  });
});
