/**
 * The body of a chat request: the system and user messages at temperature 0, and structured
 * output (`json_schema`, or `json_object` with the schema put into the system message for
 * servers that reject it).
 *
 * @module
 */

/** What to ask: a system and a user message, and the JSON Schema the answer must follow. */
export interface ChatRequest {
  readonly system: string;
  readonly user: string;
  /** Schema name for `json_schema` (letters, digits, `_`, `-`). */
  readonly schemaName: string;
  /** JSON Schema of the answer, written for OpenAI's strict mode. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * The JSON body asking `model` for `request`, with `json_schema` output when `useSchema`.
 *
 * @example Usage
 * ```ts
 * import { requestBody } from "./chat_request.ts";
 * import { equal } from "node:assert/strict";
 *
 * const request = { system: "Be brief.", user: "ok?", schemaName: "ok", schema: { type: "object" } };
 * equal(JSON.parse(requestBody("m", request, true)).response_format.type, "json_schema");
 * equal(JSON.parse(requestBody("m", request, false)).response_format.type, "json_object");
 * ```
 */
export function requestBody(model: string, request: ChatRequest, useSchema: boolean): string {
  // Without json_schema the model only learns the shape from the prompt.
  const schemaHint = `Reply with one JSON object that matches this JSON Schema:\n` +
    JSON.stringify(request.schema);
  const system = useSchema ? request.system : `${request.system}\n\n${schemaHint}`;
  return JSON.stringify({
    model,
    temperature: 0,
    messages: [{ role: "system", content: system }, { role: "user", content: request.user }],
    "response_format": useSchema
      ? {
        type: "json_schema",
        "json_schema": { name: request.schemaName, strict: true, schema: request.schema },
      }
      : { type: "json_object" },
  });
}
