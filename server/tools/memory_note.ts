/**
 * `memory_note`: the low-friction "remember this".
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { MAX_CONTENT_LENGTH } from "@helix/core";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import { agentSource, type Session } from "../session.ts";
import { ADDS, memoryLine, writeOut, writeShape } from "../shapes.ts";

const DEFINITION = {
  title: "Note something to remember",
  description:
    "Call when the user says 'remember …', 'note that …', 'from now on …', or states a preference or rule " +
    "in passing, and you do not want to classify it yourself: pass their words (made self-contained, e.g. " +
    "resolve 'it' and 'here'). Stored in the current project. Use memory_write instead when you know the type.",
  inputSchema: {
    text: z.string().min(1).max(MAX_CONTENT_LENGTH).describe("What to remember."),
  },
  outputSchema: { notes: z.array(writeShape) },
  annotations: ADDS,
};

/** Registers `memory_note`. */
export function registerMemoryNote(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_note",
    DEFINITION,
    ({ text }) =>
      runTool("memory_note", session, log, async () => {
        const result = await session.engine.write({
          content: text,
          source: agentSource(session, { extractor: "note" }),
        });
        return toolResult(`Noted ${memoryLine(result.memory)}.`, { notes: [writeOut(result)] });
      }),
  );
}
