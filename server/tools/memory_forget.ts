/**
 * `memory_forget`: soft delete, recoverable from history.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import type { Session } from "../session.ts";
import { memoryIdArg, memoryLine, memoryOut, memoryShape, REMOVES } from "../shapes.ts";

// Strict: a key this tool does not take (`scope`, `limit`) would otherwise be dropped and the
// forget run on what the agent did not mean; refused, the agent learns what the tool takes.
const args = z.strictObject({
  id: memoryIdArg.optional().describe("Id of the memory to forget."),
  query: z.string().min(1).max(500).optional().describe(
    "Forget the best match of this query instead.",
  ),
}).refine((v) => (v.id === undefined) !== (v.query === undefined), {
  message: "pass exactly one of id or query",
});

const DEFINITION = {
  title: "Forget a memory",
  description:
    "Call when the user asks to forget something, or a memory is plainly wrong and has no replacement (if " +
    "it was replaced, write the new fact with `supersedes` instead). Pass the memory's `id` (preferred, from " +
    "memory_search) or a `query`, which forgets only the single best direct match. Forgotten memories leave " +
    "recall at once but stay in history and can be restored by the user.",
  inputSchema: args,
  outputSchema: { forgotten: z.array(memoryShape) },
  // Not idempotent: with `query`, each call forgets the next best match.
  annotations: REMOVES,
};

/** Registers `memory_forget`. */
export function registerMemoryForget(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_forget",
    DEFINITION,
    (input: z.infer<typeof args>) =>
      runTool("memory_forget", session, log, async () => {
        const { forgotten } = await session.engine.forget(
          input.id !== undefined ? { id: input.id } : { query: input.query!, limit: 1 },
        );
        const text = forgotten.length
          ? `Forgot ${
            forgotten.map((m) => memoryLine(m)).join("; ")
          }. It can be restored from history.`
          : input.id !== undefined
          ? `Memory ${input.id} was already forgotten.`
          : `Nothing matched "${input.query}"; nothing was forgotten.`;
        return toolResult(text, { forgotten: forgotten.map(memoryOut) });
      }),
  );
}
