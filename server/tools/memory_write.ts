/**
 * `memory_write`: store one memory, verbatim.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { MAX_CONTENT_LENGTH, MEMORY_TYPES } from "@helix/core";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import { agentSource, type Session } from "../session.ts";
import { ADDS, memoryIdArg, scopeArg, writeLine, writeOut, writeShape } from "../shapes.ts";
import { scopeFor } from "../scopes.ts";

const DEFINITION = {
  title: "Write a memory",
  description:
    "Call when you learn something worth keeping beyond this session: a decision and its reason, a " +
    "project convention, a user preference, a working procedure, a fix for an error, who owns what. Write " +
    "one self-contained fact per call, in words that still make sense months later without this " +
    "conversation (name the project, file or tool). Pick `type`; if the fact replaces an older memory, " +
    "pass its id in `supersedes` so the old one stops being recalled as current. Do not store secrets or " +
    "raw transcripts.",
  inputSchema: {
    content: z.string().min(1).max(MAX_CONTENT_LENGTH).describe(
      "The memory, stored exactly as given.",
    ),
    type: z.enum(MEMORY_TYPES).optional().describe(
      "decision, convention, preference, procedure (steps), episode (an event), fact, entity, snippet, project, identity.",
    ),
    scope: scopeArg.optional(),
    source: z.object({
      agent: z.string().min(1).max(100).optional().describe("Your name, e.g. claude-code."),
      ref: z.string().min(1).max(500).optional().describe(
        "Where it came from: file, URL, PR, session.",
      ),
    }).optional(),
    event_at: z.string().max(40).optional().describe(
      "ISO 8601 time the event happened (episodes).",
    ),
    importance: z.number().int().min(1).max(10).optional().describe(
      "1 mundane … 10 pivotal. Default: estimated from the text.",
    ),
    tags: z.array(z.string().min(1).max(64)).max(16).optional(),
    supersedes: z.array(memoryIdArg).max(8).optional()
      .describe("Ids of memories this one replaces (they stay in history)."),
  },
  outputSchema: writeShape.shape,
  annotations: ADDS,
};

/** Registers `memory_write`. */
export function registerMemoryWrite(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_write",
    DEFINITION,
    (args) =>
      runTool("memory_write", session, log, async () => {
        const result = await session.engine.write({
          content: args.content,
          ...(args.type ? { type: args.type } : {}),
          ...(args.scope ? { scope: scopeFor(session.engine, args.scope, "write") } : {}),
          source: agentSource(session, args.source),
          ...(args.event_at ? { eventAt: args.event_at } : {}),
          ...(args.importance ? { importance: args.importance } : {}),
          ...(args.tags ? { tags: args.tags } : {}),
          ...(args.supersedes?.length ? { supersedes: args.supersedes } : {}),
        });
        return toolResult(writeLine(result), writeOut(result));
      }),
  );
}
