import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { UNEXPECTED_ERROR, UserFacingError } from "~/lib/errors";
import { errorsOf, formErrorsOf, formFailure, keptValueOf } from "~/lib/forms/action-reply";
import {
  failureReply,
  invalidSubmission,
  noticeReply,
  refusalReply,
} from "~/lib/forms/action-reply.server";
import { logger } from "~/lib/infra/logger.server";
import { toFormData } from "../support/form-data";

const schema = z.object({
  email: z.string().email("Enter an e-mail address"),
  password: z.string(),
});

function submissionOf(entries: Record<string, string>) {
  return parseWithZod(toFormData(entries), { schema });
}

/** What a reply built with `data()` carries: its body and status. */
const answer = (reply: { data: unknown; init: ResponseInit | null }) => ({
  status: reply.init?.status ?? 200,
  body: reply.data as ReturnType<typeof formFailure>,
  retryAfter: new Headers(reply.init?.headers).get("Retry-After"),
});

describe("action replies", () => {
  it("answers a refused submission 400 with its field errors and no notice", () => {
    const reply = answer(invalidSubmission(submissionOf({ email: "nope", password: "x" })));
    expect(reply.status).toBe(400);
    expect(reply.body.notice).toBeNull();
    expect(errorsOf(reply.body)).toEqual({ email: ["Enter an e-mail address"] });
  });

  it("puts a refusal on the field it names, else on the whole form, with its status and wait", () => {
    const submission = submissionOf({ email: "a@b.co", password: "secret" });
    const onField = answer(
      refusalReply(submission, { status: 409, message: "Taken", field: "email" }),
    );
    expect(onField.status).toBe(409);
    expect(errorsOf(onField.body)).toEqual({ email: ["Taken"] });

    const limited = refusalReply(
      submission,
      { status: 429, message: "Too many tries", retryAfterSeconds: 60 },
      { hideFields: ["password"] },
    );
    const onForm = answer(limited);
    expect(onForm).toMatchObject({ status: 429, retryAfter: "60" });
    expect(formErrorsOf(onForm.body)).toEqual(["Too many tries"]);
    expect(keptValueOf(onForm.body, "email")).toBe("a@b.co");
    expect(keptValueOf(onForm.body, "password")).toBeUndefined();
  });

  it("without a submission, shows every refusal for the whole form", () => {
    const reply = answer(
      refusalReply(null, { status: 400, message: "Pick someone active", field: "assignedTo" }),
    );
    expect(reply.body).toEqual(formFailure("Pick someone active"));
  });

  it("on a page of hidden inputs, shows only the listed fields' errors beside them, the rest once for the form", () => {
    const schema = z.object({
      intent: z.literal("notes", "Invalid request"),
      id: z.string("Failed to save notes").check(z.minLength(3, "Failed to save notes")),
      other: z.string("Failed to save notes"),
      notes: z.string("Notes are required").check(z.maxLength(3, "Notes are too long")),
    });
    const submission = parseWithZod(toFormData({ intent: "notes", id: "x", notes: "too long" }), {
      schema,
    });
    const invalid = answer(invalidSubmission(submission, { fieldsShown: ["notes"] }));
    expect(invalid.body.result.error).toEqual({
      notes: ["Notes are too long"],
      "": ["Failed to save notes"],
    });
    const valid = parseWithZod(
      toFormData({ intent: "notes", id: "abc", other: "y", notes: "ok" }),
      {
        schema,
      },
    );
    const onHiddenField = answer(
      refusalReply(
        valid,
        { status: 400, message: "Pick someone active", field: "assignedTo" },
        { fieldsShown: ["notes"] },
      ),
    );
    expect(onHiddenField.body.result.error).toEqual({ "": ["Pick someone active"] });
  });

  it("answers a thrown UserFacingError with its own status, anything else 500 and logged", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const refusal = answer(failureReply(null, new UserFacingError("Not yours", 403), "Testing"));
    expect(refusal.status).toBe(403);
    expect(formErrorsOf(refusal.body)).toEqual(["Not yours"]);
    expect(logged).not.toHaveBeenCalled();

    const defect = answer(
      failureReply(null, new Error("boom"), "Testing", {
        formMessage: ({ message, unexpected }) => (unexpected ? `Failed: ${message}` : message),
      }),
    );
    expect(defect.status).toBe(500);
    expect(formErrorsOf(defect.body)).toEqual([`Failed: ${UNEXPECTED_ERROR}`]);
    expect(logged).toHaveBeenCalledWith(expect.anything(), "Testing failed");
    logged.mockRestore();
  });

  it("answers a success that stays on the page with its notice and an emptied form", () => {
    const reply = answer(noticeReply(submissionOf({ email: "a@b.co", password: "x" }), "Sent."));
    expect(reply.status).toBe(200);
    expect(reply.body.notice).toBe("Sent.");
    expect(formErrorsOf(reply.body)).toBeUndefined();
  });
});
