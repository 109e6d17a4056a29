/**
 * `memory_list`: browse memories by filter, newest first, paged.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { MEMORY_TYPES, STATUSES } from "@helix/core";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import type { Session } from "../session.ts";
import { memoryLine, memoryOut, memoryShape, READS, scopeOrAllArg } from "../shapes.ts";
import { scopeFor } from "../scopes.ts";

const DEFINITION = {
  title: "List memories",
  description:
    "Call to browse rather than search: e.g. all conventions of this project, the latest episodes, or " +
    "memories in a given status (forgotten, superseded, archived, quarantined) when the user asks to review " +
    "or restore them. Newest first; pass `cursor` from the previous page to continue.",
  inputSchema: {
    scope: scopeOrAllArg,
    type: z.enum(MEMORY_TYPES).optional(),
    status: z.enum(STATUSES).default("active"),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  },
  outputSchema: { items: z.array(memoryShape), next_cursor: z.string().nullable() },
  annotations: READS,
};

/** Registers `memory_list`. */
export function registerMemoryList(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_list",
    DEFINITION,
    (args) =>
      runTool("memory_list", session, log, () => {
        const page = session.engine.list({
          ...(args.scope ? { scope: scopeFor(session.engine, args.scope, "read") } : {}),
          ...(args.type ? { types: [args.type] } : {}),
          statuses: [args.status],
          limit: args.limit,
          ...(args.cursor ? { cursor: args.cursor } : {}),
        });
        const lines = page.items.map((m, i) => `${i + 1}. ${memoryLine(m)}`);
        const more = page.nextCursor ? `\nMore: call again with cursor "${page.nextCursor}".` : "";
        return toolResult(lines.length ? lines.join("\n") + more : "No memories match.", {
          items: page.items.map(memoryOut),
          next_cursor: page.nextCursor,
        });
      }),
  );
}
