/**
 * `memory_feedback`: tell Helix whether a recalled memory helped (SM-2 reinforcement).
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import type { Session } from "../session.ts";
import { ADDS, memoryIdArg, memoryOut, memoryShape } from "../shapes.ts";

/** `useful: true` counts as a good recall (4), `false` as a poor one (1). */
const QUALITY_OF_USEFUL = { true: 4, false: 1 } as const;

const args = z.object({
  id: memoryIdArg,
  useful: z.boolean().optional(),
  quality: z.number().int().min(0).max(5).optional(),
}).refine((v) => (v.useful === undefined) !== (v.quality === undefined), {
  message: "pass exactly one of useful or quality",
});

const DEFINITION = {
  title: "Give feedback on a recalled memory",
  description:
    "Call after you used (or rejected) a memory returned by memory_search or memory_context: `useful: true` " +
    "when it helped, `false` when it was irrelevant or misleading. Or give `quality` 0–5 (5 = exactly what " +
    "was needed). Helpful memories stay fresh longer; unhelpful ones fade. Do not call for memories you did " +
    "not look at.",
  inputSchema: args,
  outputSchema: { memory: memoryShape, quality: z.number() },
  annotations: ADDS,
};

/** Registers `memory_feedback`. */
export function registerMemoryFeedback(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_feedback",
    DEFINITION,
    (input: z.infer<typeof args>) =>
      runTool("memory_feedback", session, log, () => {
        const quality = input.quality ?? QUALITY_OF_USEFUL[input.useful ? "true" : "false"];
        const memory = session.engine.reinforce(input.id, quality);
        return toolResult(`Recorded feedback ${quality}/5 for ${memory.id}.`, {
          memory: memoryOut(memory),
          quality,
        });
      }),
  );
}
