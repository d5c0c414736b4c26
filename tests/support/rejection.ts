import { expect } from "vitest";
import { UserFacingError } from "~/lib/errors";

/** What `promise` rejects with; the test fails when it resolves. */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the call to fail, but it succeeded");
}

/** The UserFacingError a call is refused with. */
export async function refusal(promise: PromiseLike<unknown>): Promise<UserFacingError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}
