/**
 * `helix status`: where the strand is, what it holds, which model it is pinned to.
 *
 * @module
 */
import type { Command } from "../command.ts";
import { count, table } from "../output.ts";

export const status: Command = {
  name: "status",
  summary: "Show the strand: counts by type and status, model, last change",
  usage: "helix status",
  details: `Prints the strand file, its ids, the embedding model it is pinned to, how many
memories it holds by type and by status, edges, ops, vectors still to compute, the project the
current folder maps to, and when it last changed; each team strand this machine is in, with
its memories, the projects shared with it and its last pull. An import or merge that was interrupted (or is
running in another process) is listed with how far it got: running it again finishes it.`,
  options: {},
  async run(_invocation, ctx) {
    const engine = await ctx.engine();
    const stats = engine.stats();
    const project = await ctx.project();
    const lifecycle = engine.lifecycle();
    const lastConsolidation = lifecycle.lastRunAt === null
      ? null
      : new Date(lifecycle.lastRunAt).toISOString();
    const workspace = await ctx.workspace();
    const teams = workspace.strands.flatMap((strand) => {
      if (strand.team === null) return [];
      const synced = strand.engine.syncStatus();
      return [{
        name: strand.team,
        memories: strand.engine.stats().memories,
        shares: Object.entries(workspace.teams.shares)
          .filter(([, team]) => team === strand.team).map(([shared]) => shared),
        pulledAt: synced.pulledAt === null ? null : new Date(synced.pulledAt).toISOString(),
      }];
    });
    const result = {
      ...stats,
      project,
      embedder: ctx.config.config.embedder,
      lastConsolidation,
      consolidationDue: lifecycle.due,
      teams,
    };
    if (ctx.flags.json) return ctx.printJson(result);
    const { out } = ctx;
    const counts = (byKey: Readonly<Record<string, number>>) =>
      Object.entries(byKey).map(([key, n]) => `${key} ${count(n)}`).join(", ") || "none";
    ctx.print(
      table([
        ["strand", out.bold(stats.path)],
        ["strand id", stats.strandId],
        ["device id", stats.deviceId],
        ["schema", String(stats.schemaVersion)],
        [
          "embeddings",
          `${stats.embedding.model} (${stats.embedding.dimension}-d), embedder ${ctx.config.config.embedder}${
            stats.embedding.state.startsWith("re-embedding")
              ? out.yellow(` (${stats.embedding.state} pending: helix reembed)`)
              : ""
          }`,
        ],
        ["project here", project ?? "none (memories go to global)"],
        ["memories", `${count(stats.memories)}`],
        ["  by type", counts(stats.byType)],
        ["  by status", counts(stats.byStatus)],
        ["edges", count(stats.edges)],
        ["ops", count(stats.ops)],
        [
          "vectors",
          `${count(stats.vectors)}${
            stats.missingVectors ? out.yellow(` (${count(stats.missingVectors)} to compute)`) : ""
          }`,
        ],
        ["last change", stats.lastOpAt ?? "never"],
        [
          "durability",
          stats.durability === "full"
            ? "full: each write is on disk before it is acknowledged"
            : "normal: the last writes may be lost on power loss",
        ],
        [
          "last consolidation",
          `${lastConsolidation ?? "never"}${
            lifecycle.due ? out.yellow(` (due: ${lifecycle.due.replaceAll("_", " ")})`) : ""
          }`,
        ],
        ...teams.map((team): [string, string] => [
          `team ${team.name}`,
          `${count(team.memories)} memories; shares ${team.shares.join(", ") || "no project"}; ` +
          `last pulled ${team.pulledAt ?? "never"}`,
        ]),
        ...stats.unfinished.map((run): [string, string] => [
          `unfinished ${run.kind}`,
          out.yellow(
            `${run.label}: ${count(run.done)} of ${count(run.total)} ${
              run.kind === "import" ? "records" : "ops"
            } written (started ${
              new Date(run.startedAt).toISOString()
            }); run the same ${run.kind} again to finish it`,
          ),
        ]),
      ], 400),
    );
  },
};
