/**
 * A refusal a person should read: wrong permissions, a broken rule, a conflict. Services throw
 * it; routes show `message` (on `field` when given) with `status`.
 */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = "UserFacingError";
  }
}

/** Database error codes as the texts staff see (the academy's wording; tests hold it). */
const databaseCodeMessages: Record<string, string> = {
  "42501": "Permission denied. Please check your access rights.",
  "23505": "This record already exists.",
  "23503": "Cannot complete operation due to related records.",
  "42703": "Database schema error. Please contact support.",
};

export const UNEXPECTED_ERROR = "An unexpected error occurred";

function databaseCode(error: unknown): { code: string; message: string } | null {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, message: String(candidate.message ?? "") };
    }
    current = candidate.cause;
  }
  return null;
}

/** The text to show for any error: a user-facing one as is, a database one by its code. */
export function errorMessage(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  const database = databaseCode(error);
  if (database) {
    return (
      databaseCodeMessages[database.code] ??
      `Database error (${database.code}): ${database.message}`
    );
  }
  return UNEXPECTED_ERROR;
}

export function isUniqueViolation(error: unknown) {
  return databaseCode(error)?.code === "23505";
}

/** A row is still referred to by another: a foreign key's NO ACTION (23503) or RESTRICT (23001). */
export function isStillReferenced(error: unknown) {
  const code = databaseCode(error)?.code;
  return code === "23503" || code === "23001";
}
