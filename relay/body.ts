/**
 * Reads a request body up to a limit without ever holding more: a declared `Content-Length`
 * over the limit is refused before reading, and the streamed bytes are counted as they come
 * (a chunked or lying sender is cut off at the first chunk past the limit). The result is its
 * own exact buffer (stream chunks may be views into larger ones).
 *
 * @module
 */
import { badRequest, tooLarge } from "./errors.ts";

/** The body of `request`, at most `limit` bytes; a typed 413 past it. */
export async function readLimitedBody(
  request: Request,
  limit: number,
  what: string,
): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) throw badRequest("Bad Content-Length");
    if (length > limit) throw tooLarge(what, limit);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(what, limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
