import { Writable } from "node:stream";
import pino, { type Level } from "pino";
import { loggerOptions } from "~/lib/infra/logger.server";

/** The app's logger configuration, writing its lines here instead of to stdout. */
export function capturedLogger(level?: Level) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split("\n"));
      done();
    },
  });
  return { logger: pino(level ? { ...loggerOptions, level } : loggerOptions, stream), lines };
}
