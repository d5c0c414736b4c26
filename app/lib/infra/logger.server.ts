import { AsyncLocalStorage } from "node:async_hooks";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino, { type LoggerOptions } from "pino";

/** The request being answered, so that every line logged while answering it carries its id. */
export const requestContext = new AsyncLocalStorage<{ id: string }>();

/**
 * The one logger: JSON lines on stdout (pino-pretty in development). Lines never hold personal
 * data: requests are logged by server/request-log.server.ts with their path only, and
 * errors through `serializeError`, which keeps no values from queries or the database.
 */
export const loggerOptions: LoggerOptions = {
  level: process.env.LOG_LEVEL ?? "info",
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const request = requestContext.getStore();
    return request ? { reqId: request.id } : {};
  },
  serializers: { err: serializeError },
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'req.headers["x-forwarded-for"]',
      'res.headers["set-cookie"]',
    ],
    censor: "[redacted]",
  },
  transport:
    process.env.NODE_ENV === "development"
      ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } }
      : undefined,
};

export const logger = pino(loggerOptions);

export type SafeError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  stack?: string;
  cause?: SafeError;
};

// A PostgreSQL error (pg or PGlite) carries a five-character SQLSTATE code; its message may
// quote a value ('invalid input syntax for type uuid: "…"') and its `detail` always does.
const SQLSTATE = /^[0-9A-Z]{5}$/;
const quoted = /"[^"]*"|'[^']*'/g;

/**
 * The fields of an error that may be logged: its type, a message without the values it was
 * given, the SQLSTATE code and constraint, and the stack frames (without the message). Drizzle's
 * failed-query error keeps the query (placeholders, not values) and drops its `params`.
 */
function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: "(not an Error)" };
  const fields = error as Error & { code?: unknown; constraint?: unknown };
  const code = typeof fields.code === "string" ? fields.code : undefined;
  let message = error.message;
  if (error instanceof DrizzleQueryError) message = `Failed query: ${error.query}`;
  else if (code && SQLSTATE.test(code)) message = message.replace(quoted, '"…"');
  const frames = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  return {
    type: error.name,
    message,
    ...(code ? { code } : {}),
    ...(typeof fields.constraint === "string" ? { constraint: fields.constraint } : {}),
    ...(frames ? { stack: frames } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}
