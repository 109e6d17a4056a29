/**
 * Workspace search latency (docs/teams.md): a personal strand of 10^4 synthetic memories with
 * one team strand beside it (the searched project shared with the team), against the personal
 * strand alone. Search p50/p95 over the same queries, all channels, the synthetic embedder.
 *
 * Usage: deno task bench:workspace [--personal 10000] [--team 2000] [--queries 200] [--write]
 * `--write` records bench/RESULTS-workspace.md.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { type Engine, openEngine, openWorkspace } from "../core/mod.ts";
import { log, MACHINE_LINE, time } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

const { values } = parseArgs({
  options: {
    personal: { type: "string", default: "10000" },
    team: { type: "string", default: "2000" },
    queries: { type: "string", default: "200" },
    write: { type: "boolean", default: false },
  },
});
const personalSize = Number(values.personal);
const teamSize = Number(values.team);
const queries = Number(values.queries);

async function seed(engine: Engine, size: number, offset: number, scope?: string) {
  const gen = synthetic();
  for (let done = 0; done < size; done += 5_000) {
    const n = Math.min(5_000, size - done);
    await engine.writeMany(
      Array.from({ length: n }, (_, i) => {
        const memory = gen.memory(offset + done + i);
        return scope ? { ...memory, scope } : memory;
      }),
    );
  }
}

const dir = await Deno.makeTempDir({ prefix: "helix-bench-workspace-" });
try {
  const embedder = syntheticEmbedder();
  const personal = openEngine({ path: join(dir, "personal.db"), embedder, project: "p3" });
  const team = openEngine({ path: join(dir, "team-acme.db"), embedder });
  log(`seeding ${personalSize} personal, ${teamSize} team memories…`);
  await seed(personal, personalSize, 0);
  await seed(team, teamSize, 5_000_000, "project:p3");
  const workspace = openWorkspace({
    personal,
    teams: { teams: [{ name: "acme", strand: "team-acme" }], shares: { p3: "acme" } },
    open: { acme: team },
  });
  const gen = synthetic();
  const query = (i: number) => gen.query(1_000 + Math.abs(i));
  const alone = await time(queries, (i) => personal.search({ query: query(i) }));
  log(`personal alone: p50 ${alone.p50} ms, p95 ${alone.p95} ms`);
  const teamView = workspace.strands[1]!.engine;
  const teamAlone = await time(queries, (i) => teamView.search({ query: query(i) }));
  log(`team strand alone: p50 ${teamAlone.p50} ms, p95 ${teamAlone.p95} ms`);
  const fused = await time(queries, (i) => workspace.search({ query: query(i) }));
  log(`workspace (personal + team): p50 ${fused.p50} ms, p95 ${fused.p95} ms`);
  const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
  log(`load average ${load}`);
  workspace.close();
  if (values.write) {
    const text = `# Workspace search (personal strand + one team strand)

\`deno task bench:workspace\` (bench/workspace.ts), ${new Date().toISOString().slice(0, 10)},
${MACHINE_LINE}; load average at the end ${load} (the machine is shared: other sessions were
running). A personal strand of ${personalSize} synthetic memories (11 scopes) searched from
project p3, alone and with a team strand of ${teamSize} memories of p3 beside it (p3 shared
with the team): each strand searched, then fused by reciprocal rank and labelled (the team's
hits with their member). ${queries} queries, all channels, synthetic embedder.

| search                       | p50 ms | p95 ms | mean ms |
| ---------------------------- | -----: | -----: | ------: |
| personal strand alone        | ${alone.p50} | ${alone.p95} | ${alone.mean} |
| team strand alone            | ${teamAlone.p50} | ${teamAlone.p95} | ${teamAlone.mean} |
| workspace (personal + team)  | ${fused.p50} | ${fused.p95} | ${fused.mean} |

The fused search costs about the sum of the strands' searches, which run one after the other on
one thread (each strand has its own SQLite file, indexes and caches; searched alternately, as the
workspace does, each was slower than alone in a profile taken at load 8: 16.6 + 17.0 ms against 30.0 ms for the
workspace). Fusing and labelling add little: naming the team hits' members (creators, roster)
took 0.3 ms per search in that profile.
`;
    await Deno.writeTextFile(new URL("./RESULTS-workspace.md", import.meta.url), text);
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
