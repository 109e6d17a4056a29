/**
 * `memory_context`: the packed block an agent loads at session start or on a task switch.
 *
 * @module
 */
import { z } from "zod";
import type { LabelledMemory } from "@helix/core";
import type { McpServer } from "../_sdk.ts";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import type { Session } from "../session.ts";
import { READS, scopeArg } from "../shapes.ts";
import { scopeFor } from "../scopes.ts";

const DEFINITION = {
  title: "Load memory context",
  description:
    "Call at the start of a session and whenever the task changes, before planning: returns what Helix " +
    "remembers for this project as one compact block — the user's profile and preferences first, then " +
    "conventions and procedures, then what is relevant to `query` (or the most important recent memories " +
    "without one) — packed to fit `budget_tokens`. Put the block in your working context; use memory_search " +
    "for specific questions later.",
  inputSchema: {
    budget_tokens: z.number().int().min(64).max(32_000).default(1_500)
      .describe("Most tokens the block may take (counted with a real tokenizer)."),
    query: z.string().max(2_000).optional().describe(
      "The task at hand, to pick relevant memories.",
    ),
    scope: scopeArg.optional(),
  },
  outputSchema: {
    text: z.string(),
    tokens: z.number(),
    budget_tokens: z.number(),
    tokenizer: z.string(),
    hash: z.string(),
    items: z.array(z.object({
      id: z.string(),
      section: z.string(),
      tokens: z.number(),
      strand: z.string().optional(),
      member: z.string().optional(),
    })),
    cut: z.array(
      z.object({ id: z.string(), section: z.string(), tokens: z.number(), reason: z.string() }),
    ),
  },
  annotations: READS,
};

/** Registers `memory_context`. */
export function registerMemoryContext(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_context",
    DEFINITION,
    ({ budget_tokens, query, scope }) =>
      runTool("memory_context", session, log, async () => {
        const pack = await session.engine.context({
          budgetTokens: budget_tokens,
          ...(query?.trim() ? { query } : {}),
          ...(scope ? { scope: scopeFor(session.engine, scope, "write") } : {}),
        });
        const text = pack.items.length
          ? pack.text
          : `${pack.text}\n\n(No memories yet for this scope.)`;
        return toolResult(text, {
          text: pack.text,
          tokens: pack.tokens,
          budget_tokens: pack.budgetTokens,
          tokenizer: pack.tokenizer,
          hash: pack.hash,
          items: pack.items.map((i) => {
            const m: LabelledMemory | undefined = pack.memories.find((m) => m.id === i.id);
            return {
              ...i,
              ...(m?.strand !== undefined ? { strand: m.strand } : {}),
              ...(m?.member !== undefined ? { member: m.member } : {}),
            };
          }),
          cut: pack.cut.map((c) => ({ ...c })),
        });
      }),
  );
}
