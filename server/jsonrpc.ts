/**
 * The front door for JSON-RPC messages, before the SDK sees them: every malformed request gets
 * an answer (the SDK drops a message whose envelope it cannot parse, so a client would wait for
 * its timeout), a request too large to be useful is refused from its first and last bytes
 * without parsing it, and the SDK's schema dumps become readable `-32602 Invalid params`
 * errors. Pure: the transports (`stdio.ts`, `http.ts`) call it.
 *
 * @module
 */
import { type JSONRPCMessage, JSONRPCMessageSchema } from "./_sdk.ts";

/**
 * The largest message accepted, in bytes. Every tool argument is at most 16,384 characters,
 * so a real request stays far below; anything larger is a pasted file or a broken client.
 */
export const MAX_MESSAGE_BYTES = 1 << 20;

/** JSON-RPC 2.0 error codes. */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** A request id, or null when the request's id could not be read. */
export type RequestId = string | number | null;

/** What to do with one line of input. */
export type Admission =
  /** Hand the message to the server. */
  | { readonly message: JSONRPCMessage }
  /** Answer it here (the client sent a request the server cannot take); null: drop silently. */
  | { readonly reply: JSONRPCMessage | null };

/** A JSON-RPC error response. */
export function errorReply(id: RequestId, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage;
}

/**
 * Checks one message (a line of stdio, or an HTTP body) and says whether the server may see
 * it or what to answer instead.
 *
 * @example Usage
 * ```ts
 * import { admit } from "./jsonrpc.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(admit('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}'), {
 *   reply: { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params: params must be an object, not a string" } },
 * });
 * ```
 */
export function admit(text: string): Admission {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const start = text.trim().slice(0, 40);
    return { reply: errorReply(null, RPC.parseError, `Parse error: not JSON (${start}…)`) };
  }
  return admitValue(value);
}

/** {@linkcode admit} for a message already parsed from JSON. */
export function admitValue(value: unknown): Admission {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const what = Array.isArray(value) ? "a batch (an array)" : describe(value);
    return {
      reply: errorReply(
        null,
        RPC.invalidRequest,
        `Invalid Request: expected one object, got ${what}`,
      ),
    };
  }
  const record = value as Record<string, unknown>;
  const id = readableId(record.id);
  const isRequest = typeof record.method === "string" && id !== null;
  if ("params" in record) {
    const params = record.params;
    if (params === null || typeof params !== "object" || Array.isArray(params)) {
      const reply = errorReply(
        id,
        RPC.invalidParams,
        `Invalid params: params must be an object, not ${describe(params)}`,
      );
      return { reply: isRequest ? reply : null };
    }
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return { message: parsed.data as JSONRPCMessage };
  const reason = issuesText(parsed.error.issues);
  return {
    reply: typeof record.method === "string" && id === null && !("id" in record)
      ? null // a notification: nobody waits for an answer
      : errorReply(id, RPC.invalidRequest, `Invalid Request: ${reason}`),
  };
}

/**
 * The answer to a message over {@linkcode MAX_MESSAGE_BYTES}, read from its first and last
 * bytes only (`head`, `tail`): a tool call gets an error result the agent can read, another
 * request a JSON-RPC error; a notification, or a message whose id cannot be found, gets an
 * error with a null id.
 */
export function oversizedReply(head: string, tail: string, bytes: number): JSONRPCMessage {
  const id = findId(head, tail);
  const method = /"method"\s*:\s*"([^"\\]{1,100})"/.exec(head)?.[1];
  const mib = (bytes / (1 << 20)).toFixed(1);
  const limit = `${MAX_MESSAGE_BYTES / (1 << 20)} MiB`;
  if (method === "tools/call") {
    const tool = /"name"\s*:\s*"([\w.-]{1,64})"/.exec(head)?.[1] ?? "the tool";
    const text =
      `Cannot call ${tool}: the request is ${mib} MiB and Helix accepts at most ${limit} ` +
      "per message (a memory holds at most 16,384 characters). Store a summary, or the file's " +
      "path and the few lines that matter, instead of the whole content.";
    return {
      jsonrpc: "2.0",
      id: id ?? null,
      result: { content: [{ type: "text", text }], isError: true },
    } as unknown as JSONRPCMessage;
  }
  return errorReply(
    id ?? null,
    RPC.invalidRequest,
    `Invalid Request: the message is ${mib} MiB; the limit is ${limit}`,
  );
}

/**
 * The SDK answers a request whose params fail its schema with `-32603` and the raw zod issue
 * list as the message; this turns that into `-32602 Invalid params` with one readable line.
 * Other messages pass unchanged.
 *
 * @example Usage
 * ```ts
 * import { readableErrors } from "./jsonrpc.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dump = JSON.stringify([{ code: "invalid_type", path: ["params", "name"], message: "Invalid input: expected string, received number" }]);
 * deepEqual(readableErrors({ jsonrpc: "2.0", id: 3, error: { code: -32603, message: dump } } as never), {
 *   jsonrpc: "2.0", id: 3, error: { code: -32602, message: "Invalid params: params.name: expected string, received number" },
 * });
 * ```
 */
export function readableErrors(message: JSONRPCMessage): JSONRPCMessage {
  const error = (message as { error?: { code?: unknown; message?: unknown } }).error;
  if (!error || error.code !== RPC.internalError || typeof error.message !== "string") {
    return message;
  }
  let issues: unknown;
  try {
    issues = JSON.parse(error.message);
  } catch {
    return message;
  }
  if (!isIssueList(issues)) return message;
  return {
    ...message,
    error: { code: RPC.invalidParams, message: `Invalid params: ${issuesText(issues)}` },
  } as JSONRPCMessage;
}

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function isIssueList(value: unknown): value is Issue[] {
  return Array.isArray(value) && value.length > 0 &&
    value.every((i) =>
      typeof i === "object" && i !== null && Array.isArray((i as Issue).path) &&
      typeof (i as Issue).message === "string"
    );
}

function issuesText(issues: readonly Issue[]): string {
  return issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join(".");
    const text = issue.message.replace(/^Invalid input: /, "");
    return path ? `${path}: ${text}` : text;
  }).join("; ");
}

function readableId(id: unknown): string | number | null {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The top-level id of a message seen only by its ends: SDK clients write it last. */
function findId(head: string, tail: string): RequestId | undefined {
  const last = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*}\s*$/.exec(tail);
  const first =
    /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/
      .exec(head);
  const raw = last?.[1] ?? first?.[1];
  if (raw === undefined) return undefined;
  try {
    return readableId(JSON.parse(raw)) ?? undefined;
  } catch {
    return undefined;
  }
}
