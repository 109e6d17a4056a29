/**
 * MCP SDK client-side imports for the end-to-end tests, typed through the extension-less
 * subpaths (see server/_sdk.ts for why).
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/client/index"
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/inMemory"
export { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
export { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
export { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export {
  type CallToolResult,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";

/** Tool results' `structuredContent`, loosely typed for assertions. */
// deno-lint-ignore no-explicit-any
export type Structured = Record<string, any>;

/** The tools the server must list, sorted: the published surface the tests hold it to. */
export const EXPECTED_TOOLS: readonly string[] = [
  "memory_context",
  "memory_feedback",
  "memory_forget",
  "memory_list",
  "memory_note",
  "memory_relate",
  "memory_search",
  "memory_write",
];
