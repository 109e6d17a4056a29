/**
 * Every import from the MCP TypeScript SDK goes through here.
 *
 * The SDK's `"./*"` export maps a subpath like `types.js` to the declaration file
 * `types.js.d.ts`, which does not exist, so under Deno every deep import is typed `any`
 * (modelcontextprotocol/typescript-sdk#2701). The extension-less subpath resolves to the
 * real `.d.ts`, so each import below names it with `@ts-types`. Remove this shim once the
 * SDK ships explicit `./*.js` exports.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/mcp"
export { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/shared/transport"
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
export { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export {
  type CallToolResult,
  isInitializeRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  McpError,
  RootsListChangedNotificationSchema,
  type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
// @ts-types="@modelcontextprotocol/sdk/server/requestBody"
export {
  readRequestBody,
  requestBodyTooLargeMessage,
} from "@modelcontextprotocol/sdk/server/requestBody.js";
// @ts-types="@modelcontextprotocol/sdk/shared/uriTemplate"
export type { Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
