import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ReplyPromiseFigures } from "~/features/messages/inbox/reply-promise-card";
import type { ReplyClockFigures } from "~/features/messages/reply-clock.server";
import { nounFor } from "~/lib/format/plural";

/** What the stub route shows; set by render() before each render. */
let figures: ReplyClockFigures;
const ShownFigures = () => <ReplyPromiseFigures figures={figures} />;
const Stub = createRoutesStub([{ path: "/", Component: ShownFigures }]);

function render(judged: number) {
  figures = {
    overdue: 0,
    overdueCapped: false,
    dueSoon: 0,
    answeredInTimeShare: judged ? 1 : null,
    judged,
    medianFirstReplyMinutes: null,
  };
  return renderToStaticMarkup(<Stub />);
}

describe("the dashboard's 24-hour promise card", () => {
  it("counts the judged messages with the noun for their number", () => {
    expect(render(1)).toContain("Of 1 message, last 30 days");
    expect(render(0)).toContain("Of 0 messages, last 30 days");
    expect(render(1204)).toContain("Of 1,204 messages, last 30 days");
  });
});

describe("nounFor", () => {
  it("is singular for one only", () => {
    expect(nounFor(1, "message")).toBe("message");
    expect(nounFor(0, "message")).toBe("messages");
    expect(nounFor(2, "inquiry", "inquiries")).toBe("inquiries");
    expect(nounFor(1.5, "hour")).toBe("hours");
  });
});
