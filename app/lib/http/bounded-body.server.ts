/** The body was longer than the caller allows: reading stopped there. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer was larger than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * A response's body, read to at most `maxBytes`: refused by its Content-Length when that says
 * more, else cut off (and the stream cancelled) once more has arrived. An answer from outside
 * never grows memory past the bound, whatever it declares.
 */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}
