/**
 * One JSON-answering request to an OpenAI-compatible `POST /chat/completions` endpoint
 * (OpenAI, Ollama, LM Studio, vLLM, ...), for the optional LLM extractor.
 *
 * This module owns the request body, structured output (`json_schema`, falling back to
 * `json_object` for servers that reject it), the per-attempt deadline, retries of 429 and 5xx
 * honouring `Retry-After` within a shared wait allowance, reading `usage`, and turning every
 * failure into a value (never a throw) whose message never contains the API key or the
 * prompt.
 *
 * @module
 */
import { describeError, HelixError } from "../errors.ts";
import { type ChatRequest, requestBody } from "./chat_request.ts";
import { estimateTokens, readCompletion, retryAfterMs } from "./completion.ts";

/** Options for {@linkcode createChatClient}. */
export interface ChatClientOptions {
  /** API base URL, e.g. `"http://localhost:11434/v1"`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  /** Model name sent with each request. */
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given and not empty. */
  readonly apiKey?: string | undefined;
  /** Deadline per attempt in ms, including reading the body. */
  readonly timeoutMs: number;
  /** Retries after a 429 or 5xx answer. */
  readonly maxRetries: number;
  /** Fetch implementation. */
  readonly fetch: typeof fetch;
  /** Current time in epoch ms (to read a `Retry-After` given as an HTTP date). */
  readonly now: () => number;
  /** Waits `ms`. @default {setTimeout} */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** How one {@linkcode ChatClient.complete} call ended. Tokens count toward the budget either way. */
export type ChatOutcome =
  | { readonly ok: true; readonly content: string; readonly tokens: number }
  | { readonly ok: false; readonly error: HelixError; readonly tokens: number };

/** How long all retries of one extractor call may wait in total; shared across its requests. */
export interface WaitAllowance {
  remainingMs: number;
}

/** Sends chat requests; see {@linkcode createChatClient}. */
export interface ChatClient {
  /** Asks once (plus retries); resolves, never rejects. */
  complete(request: ChatRequest, allowance: WaitAllowance): Promise<ChatOutcome>;
  /** HTTP requests sent so far, retries included. */
  readonly requests: number;
}

/** Default wait before retrying when the server gives no `Retry-After`, doubled per attempt. */
const BACKOFF_MS = 250;
/** Longest slice of an error body kept in error details. */
const MAX_ERROR_BODY_CHARS = 300;

/**
 * Creates a client for `${baseUrl}/chat/completions`. Requests ask for `temperature: 0` and
 * structured output; the first 400/422 answer to a `json_schema` request is retried once with
 * `json_object` (the schema then goes into the system message), and once that works the
 * client stays on `json_object`.
 *
 * @example Usage
 * ```ts
 * import { createChatClient } from "./chat.ts";
 * import { equal } from "node:assert/strict";
 *
 * const client = createChatClient({
 *   baseUrl: "http://localhost:11434/v1",
 *   model: "llama3.2",
 *   timeoutMs: 1_000,
 *   maxRetries: 0,
 *   now: () => 0,
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       choices: [{ message: { role: "assistant", content: '{"ok":true}' } }],
 *       usage: { prompt_tokens: 20, completion_tokens: 5 },
 *     })),
 * });
 * const outcome = await client.complete(
 *   { system: "Reply in JSON.", user: "ok?", schemaName: "ok", schema: { type: "object" } },
 *   { remainingMs: 5_000 },
 * );
 * equal(outcome.ok && outcome.content, '{"ok":true}');
 * equal(outcome.tokens, 25);
 * ```
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const { model, apiKey, timeoutMs, maxRetries, now } = options;
  const fetchImpl = options.fetch;
  const sleep = options.sleep ??
    ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let structured = true;
  let requests = 0;

  const redact = (text: string) =>
    apiKey !== undefined && apiKey.length >= 6 ? text.replaceAll(apiKey, "[redacted]") : text;
  const failure = (reason: string, details: Record<string, unknown> = {}, cause?: unknown) =>
    new HelixError(
      "embedder_unavailable",
      redact(`Cannot ask model ${model} at ${url}: ${reason}`),
      { details: { model, url, ...details }, ...(cause === undefined ? {} : { cause }) },
    );

  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  if (apiKey !== undefined && apiKey !== "") headers.set("authorization", `Bearer ${apiKey}`);

  type Attempt =
    | { kind: "ok"; content: string; tokens: number }
    | { kind: "status"; status: number; retryAfter: number | undefined; text: string }
    | { kind: "failed"; error: HelixError; tokens: number };

  async function attempt(payload: string): Promise<Attempt> {
    requests++;
    const signal = AbortSignal.timeout(timeoutMs);
    let text: string;
    let status: number;
    try {
      const response = await fetchImpl(url, { method: "POST", headers, body: payload, signal });
      status = response.status;
      text = await response.text();
      if (!response.ok) {
        return {
          kind: "status",
          status,
          retryAfter: retryAfterMs(response.headers.get("retry-after"), now()),
          text,
        };
      }
    } catch (error) {
      if (signal.aborted) {
        // The server may have done the work: charge the prompt so the budget stays honest.
        const reason = `no response within ${timeoutMs} ms`;
        return { kind: "failed", error: failure(reason), tokens: estimateTokens(payload.length) };
      }
      return { kind: "failed", error: failure(describeError(error), {}, error), tokens: 0 };
    }
    const reply = readCompletion(text, estimateTokens(payload.length + text.length));
    if (reply.ok) return { kind: "ok", content: reply.content, tokens: reply.tokens };
    const details = reply.status ? { status } : {};
    return { kind: "failed", error: failure(reply.reason, details), tokens: reply.tokens };
  }

  return {
    get requests() {
      return requests;
    },
    async complete(request, allowance) {
      let useSchema = structured;
      let retries = 0;
      let fellBack = false;
      while (true) {
        const result = await attempt(requestBody(model, request, useSchema));
        if (result.kind === "ok") {
          if (fellBack) structured = false;
          return { ok: true, content: result.content, tokens: result.tokens };
        }
        if (result.kind === "failed") {
          return { ok: false, error: result.error, tokens: result.tokens };
        }
        const { status } = result;
        if (useSchema && (status === 400 || status === 422) && !fellBack) {
          useSchema = false;
          fellBack = true;
          continue;
        }
        const error = failure(`HTTP ${status}`, {
          status,
          body: redact(result.text.slice(0, MAX_ERROR_BODY_CHARS)),
        });
        if ((status !== 429 && status < 500) || retries >= maxRetries) {
          return { ok: false, error, tokens: 0 };
        }
        const wait = result.retryAfter ?? BACKOFF_MS * 2 ** retries;
        if (wait > allowance.remainingMs) return { ok: false, error, tokens: 0 };
        allowance.remainingMs -= wait;
        retries++;
        if (wait > 0) await sleep(wait);
      }
    },
  };
}
