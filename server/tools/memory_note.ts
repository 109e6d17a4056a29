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
import { ADDS, writeLine, writeOut, writeShape } from "../shapes.ts";

const DEFINITION = {
  title: "Note something to remember",
  description:
    "Call when the user says 'remember …', 'note that …', 'from now on …', or states a preference or rule " +
    "in passing, and you do not want to classify it yourself: pass their words (made self-contained, e.g. " +
    "resolve 'it' and 'here'). Helix splits it into typed memories in the current project, merging with what it " +
    "already knows. Use memory_write instead to store one memory verbatim with a type you choose.",
  inputSchema: {
    text: z.string().min(1).max(MAX_CONTENT_LENGTH).describe("What to remember."),
    previous_assistant: z.string().max(MAX_CONTENT_LENGTH).optional().describe(
      "Your turn just before, when the text answers it (e.g. you asked 'when?', they said 'next April').",
    ),
    explicit: z.boolean().default(true).describe(
      "false when you noticed it yourself rather than the user asking: Helix then keeps it only if it looks durable.",
    ),
  },
  outputSchema: { notes: z.array(writeShape) },
  annotations: ADDS,
};

/** Registers `memory_note`. */
export function registerMemoryNote(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_note",
    DEFINITION,
    ({ text, previous_assistant, explicit }) =>
      runTool("memory_note", session, log, async () => {
        const { agent, ref } = agentSource(session);
        const result = await session.engine.note({
          text,
          explicit,
          ...(previous_assistant ? { previousAssistant: previous_assistant } : {}),
          source: { origin: "agent-ingested", ...(agent ? { agent } : {}), ref },
        });
        const summary = result.written.length
          ? result.written.map(writeLine).join("\n")
          : `Not stored: ${result.gate.reason}.`;
        return toolResult(summary, { notes: result.written.map(writeOut) });
      }),
  );
}
