/**
 * `memory_relate`: link two memories with a typed, weighted edge.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { RELATIONS } from "@helix/core";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import { agentSource, type Session } from "../session.ts";
import { edgeOut, edgeShape, memoryIdArg, UPSERTS } from "../shapes.ts";

const DEFINITION = {
  title: "Relate two memories",
  description:
    "Call after writing memories that belong together so recall can follow the link: a decision and its " +
    "project (has_decision), a service and its owner (owns), a fix derived from an incident (derives), two " +
    "facts that conflict (contradicts). Use ids from memory_write or memory_search. Relating the same pair " +
    "again only updates the weight.",
  inputSchema: {
    from_id: memoryIdArg,
    to_id: memoryIdArg,
    relation: z.enum(RELATIONS),
    weight: z.number().min(0).max(1).default(1).describe("Strength of the link, 0–1."),
  },
  outputSchema: { edge: edgeShape },
  annotations: UPSERTS,
};

/** Registers `memory_relate`. */
export function registerMemoryRelate(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_relate",
    DEFINITION,
    (args) =>
      runTool("memory_relate", session, log, () => {
        const edge = session.engine.relate({
          from: args.from_id,
          to: args.to_id,
          relation: args.relation,
          weight: args.weight,
          source: agentSource(session),
        });
        return toolResult(`Linked ${edge.from} —${edge.relation}→ ${edge.to} (${edge.id}).`, {
          edge: edgeOut(edge),
        });
      }),
  );
}
