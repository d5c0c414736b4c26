import { logger } from "./logger.server";

/**
 * A part of a page that may fail without failing the page: its value, or, with the failure
 * logged, a null value and the `failure` text for the page to show in its place.
 */
export async function settle<T>(
  part: Promise<T>,
  failure: string,
): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    return { value: await part, error: null };
  } catch (error) {
    logger.error({ err: error }, failure);
    return { value: null, error: failure };
  }
}
