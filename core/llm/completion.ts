/**
 * Reading a chat completion: its answer text and the tokens it cost (the reported usage, else
 * an estimate), or why it cannot be used (not a completion, empty, refused); and how long a
 * `Retry-After` header asks to wait.
 *
 * @module
 */
import { z } from "zod";

const completionSchema = z.object({
  choices: z.array(z.object({
    message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
  })).min(1),
  usage: z.object({
    "prompt_tokens": z.number().nonnegative().nullish(),
    "completion_tokens": z.number().nonnegative().nullish(),
    "total_tokens": z.number().nonnegative().nullish(),
  }).nullish(),
});

/** Rough token count of text when the server reports no usage: characters / 4. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** A completion read: the answer and its tokens, or why it is unusable (and the tokens charged). */
export type CompletionReply =
  | { readonly ok: true; readonly content: string; readonly tokens: number }
  | {
    readonly ok: false;
    readonly reason: string;
    readonly tokens: number;
    /** Whether the HTTP status belongs in the error's details. */
    readonly status: boolean;
  };

/**
 * Reads the body of a successful completion; `estimate` is charged when it reports no usage.
 *
 * @example Usage
 * ```ts
 * import { readCompletion } from "./completion.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const body = { choices: [{ message: { content: "{}" } }], usage: { total_tokens: 9 } };
 * deepEqual(readCompletion(JSON.stringify(body), 50), { ok: true, content: "{}", tokens: 9 });
 * deepEqual(readCompletion("nope", 50), {
 *   ok: false,
 *   reason: "response is not a chat completion",
 *   tokens: 0,
 *   status: false,
 * });
 * ```
 */
export function readCompletion(text: string, estimate: number): CompletionReply {
  let parsed: z.infer<typeof completionSchema>;
  try {
    parsed = completionSchema.parse(JSON.parse(text));
  } catch {
    return { ok: false, reason: "response is not a chat completion", tokens: 0, status: false };
  }
  const usage = parsed.usage;
  const reported = (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0) ||
    (usage?.total_tokens ?? 0);
  const tokens = reported > 0 ? Math.ceil(reported) : estimate;
  const message = parsed.choices[0]!.message;
  if (typeof message.content !== "string" || message.content.trim() === "") {
    const reason = message.refusal ? "the model refused" : "the answer is empty";
    return { ok: false, reason, tokens, status: true };
  }
  return { ok: true, content: message.content, tokens };
}

/**
 * Milliseconds a `Retry-After` header asks to wait (seconds, fractions accepted, or an HTTP
 * date), or undefined when absent or unreadable.
 *
 * @example Usage
 * ```ts
 * import { retryAfterMs } from "./completion.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(retryAfterMs("2", 0), 2_000);
 * equal(retryAfterMs("Thu, 01 Jan 1970 00:00:03 GMT", 1_000), 2_000);
 * equal(retryAfterMs(null, 0), undefined);
 * ```
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.round(Number(text) * 1_000);
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}
