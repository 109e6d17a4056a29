/**
 * `memory_search`: hybrid recall, best first, with the full trace on request.
 *
 * @module
 */
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { MEMORY_TYPES } from "@helix/core";
import type { Logger } from "../log.ts";
import { runTool, toolResult } from "../results.ts";
import type { Session } from "../session.ts";
import { contestedNote, hitOut, hitShape, memoryLine, READS, scopeOrAllArg } from "../shapes.ts";
import { scopeFor } from "../scopes.ts";

const DEFINITION = {
  title: "Search memory",
  description:
    "Call before answering or acting whenever past decisions, conventions, preferences, procedures, " +
    "earlier incidents, people or project facts could matter — e.g. 'how do we deploy', 'why did we pick X', " +
    "an error message, a file path or command. Finds memories by meaning, keywords and exact identifiers, " +
    "best first, from this project and global memory only. Superseded or forgotten facts are left out; an " +
    "identifier only archived memories carry finds them, marked archived. A result another memory " +
    "contradicts says so (an open flag the user has not settled): do not treat either side as certain. Pass " +
    "`as_of` (ISO date) to ask what was true then. Set `explain` to see why each result was found. " +
    "A project shared with a team is searched in the team's memory too: such results name the team " +
    "strand and the member who wrote them.",
  inputSchema: {
    query: z.string().min(1).max(2_000).describe(
      "What you need to know, in words, or an identifier/path/error.",
    ),
    limit: z.number().int().min(1).max(50).default(8),
    scope: scopeOrAllArg.describe(
      'Scope to search (plus global). "all" searches every project: only when the user asks.',
    ),
    types: z.array(z.enum(MEMORY_TYPES)).min(1).max(10).optional().describe(
      "Only these memory types.",
    ),
    as_of: z.string().max(40).optional().describe(
      "ISO 8601 date: recall what was valid at that time.",
    ),
    include_archived: z.boolean().default(false).describe(
      "Also search archived (faded) memories.",
    ),
    explain: z.boolean().default(false).describe(
      "Include each result's channels, ranks, scores and graph path.",
    ),
  },
  outputSchema: {
    results: z.array(hitShape),
    scopes: z.union([z.literal("all"), z.array(z.string())]),
    as_of: z.string().nullable(),
    channels: z.record(z.string(), z.string()),
    skipped_terms: z.array(z.object({ word: z.string(), documents: z.number() })),
  },
  annotations: READS,
};

/** Registers `memory_search`. */
export function registerMemorySearch(server: McpServer, session: Session, log: Logger): void {
  server.registerTool(
    "memory_search",
    DEFINITION,
    (args) =>
      runTool("memory_search", session, log, async () => {
        const result = await session.engine.search({
          query: args.query,
          limit: args.limit,
          ...(args.scope ? { scope: scopeFor(session.engine, args.scope, "read") } : {}),
          ...(args.types ? { types: args.types } : {}),
          ...(args.as_of ? { asOf: args.as_of } : {}),
          includeArchived: args.include_archived,
        });
        const lines = result.hits.map((hit, i) => {
          const why = args.explain
            ? `, via ${Object.keys(hit.explanation.channels).join("+")}${
              hit.explanation.graphPath ? ` from ${hit.explanation.graphPath.nodes[0]}` : ""
            }`
            : "";
          const { archivedFallback, matchedTokens } = hit.explanation;
          const only = archivedFallback
            ? `, found only in archived memories by ${matchedTokens?.join(", ")}`
            : "";
          return `${i + 1}. ${
            memoryLine(
              {
                ...hit.memory,
                ...(hit.strand !== undefined ? { strand: hit.strand } : {}),
                ...(hit.member !== undefined ? { member: hit.member } : {}),
              },
              `, score ${hit.score.toFixed(2)}${only}${why}${contestedNote(hit.contradicts)}`,
            )
          }`;
        });
        const text = lines.length
          ? lines.join("\n")
          : `No memories match "${args.query}" in ${
            result.scopes === "all" ? "any scope" : result.scopes.join(", ")
          }. Nothing is known about this yet; consider memory_write once you learn it.`;
        return toolResult(text, {
          results: result.hits.map((hit) => hitOut(hit, args.explain)),
          scopes: result.scopes === "all" ? "all" : [...result.scopes],
          as_of: result.asOf ? result.at : null,
          channels: { ...result.channels },
          skipped_terms: result.skippedTerms.map((t) => ({ ...t })),
        });
      }),
  );
}
