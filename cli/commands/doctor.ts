/**
 * `helix doctor`: checks the strand, its indexes and history, the embedding model and the
 * configuration; exits 1 when something is wrong.
 *
 * @module
 */
import {
  embedderFromConfig,
  type Engine,
  type HelixConfig,
  isHelixError,
  SETTINGS,
} from "@helix/core";
import { booleanFlag, type Command, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";

/** One line of the report: a failed `error` fails the doctor, a failed `warning` does not. */
interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly severity: "error" | "warning";
  readonly detail: string;
}

export const doctor: Command = {
  name: "doctor",
  summary: "Check the strand, indexes, history, model and config; exit 1 on problems",
  usage: "helix doctor [--no-model]",
  details: `Checks, without changing anything:
  - the strand file opens, its schema version, SQLite's quick_check and the FTS5 index
  - the op log: every op's id matches its bytes, and refolding the whole log reproduces the
    tables exactly (same state hash)
  - vectors missing or stale (\`helix backfill\` computes them)
  - the embedding model loads (downloading it on first use unless HELIX_ALLOW_DOWNLOAD is off)
  - sync, when the strand syncs: alarms (a delta withheld or set aside) and what waits;
    the same for each team strand
  - where each non-default setting comes from

  --no-model   skip loading the embedding model
  --stale      also compare the files this project's memories cite with the checkout: a
               changed or vanished file marks the memory stale and lowers its confidence
               (recorded as a run: \`helix sleep --undo <run>\` reverses it)`,
  options: { "no-model": { type: "boolean" }, stale: { type: "boolean" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const checks: Check[] = [];
    let inspection: unknown = null;
    try {
      const engine = await ctx.engine();
      const report = await engine.inspect();
      inspection = report;
      checks.push(...report.checks);
      if (booleanFlag(invocation, "stale")) checks.push(await staleCheck(engine));
      const sync = syncCheck(engine);
      if (sync) checks.push(sync);
      // Every team strand's alarms too: a fork or a tampered delta there matters as much.
      for (const strand of (await ctx.workspace()).strands) {
        if (strand.team === null) continue;
        const team = syncCheck(strand.engine, `sync (team ${strand.team})`);
        if (team) checks.push(team);
      }
    } catch (error) {
      if (!isHelixError(error)) throw error;
      checks.push({ name: "strand", ok: false, severity: "error", detail: error.message });
    }
    if (!booleanFlag(invocation, "no-model")) checks.push(await modelCheck(ctx));
    const settings = configuredSettings(ctx);
    const ok = checks.every((check) => check.ok || check.severity === "warning");
    if (ctx.flags.json) {
      ctx.printJson({ ok, checks, inspection, config: { file: ctx.config.file, settings } });
      return ok ? undefined : EXIT_FAILED;
    }
    const { out } = ctx;
    ctx.print(
      checks.map((check) =>
        `${
          check.ok ? out.green("✓") : check.severity === "warning" ? out.yellow("!") : out.red("✗")
        } ${check.name.padEnd(16)} ${check.detail}`
      ).join("\n"),
    );
    ctx.print(
      `${out.dim("config")} ${ctx.config.file}${ctx.config.fileExists ? "" : " (none)"}` +
        (settings.length
          ? `\n${settings.map((s) => `  ${s.key} = ${s.value} (${s.source})`).join("\n")}`
          : out.dim("; every setting at its default")),
    );
    if (ok) return undefined;
    const problems = checks.filter((c) => !c.ok && c.severity === "error").length;
    ctx.note(out.red(`${problems} problem${problems === 1 ? "" : "s"} found.`));
    return EXIT_FAILED;
  },
};

async function modelCheck(ctx: CommandContext): Promise<Check> {
  const { config } = ctx.config;
  const embedder = embedderFromConfig(config);
  if (!embedder) {
    return {
      name: "embedding model",
      ok: true,
      severity: "error",
      detail: "none configured: recall runs on keywords, identifiers and the graph",
    };
  }
  if (!ctx.flags.json) ctx.note(ctx.err.dim(`loading ${embedder.model}…`));
  const started = ctx.io.now();
  const status = await embedder.warmup();
  const seconds = ((ctx.io.now() - started) / 1000).toFixed(1);
  if (status.state === "ready") {
    return {
      name: "embedding model",
      ok: true,
      severity: "error",
      detail: `${embedder.model} (${embedder.dimension}-d) loads in ${seconds} s`,
    };
  }
  return {
    name: "embedding model",
    ok: false,
    severity: "error",
    detail: `${embedder.model} is unavailable: ${status.error ?? status.state}`,
  };
}

/** Settings that are not at their default, with where they come from (secrets masked). */
function configuredSettings(ctx: CommandContext) {
  const { config, sources } = ctx.config;
  return (Object.keys(SETTINGS) as (keyof HelixConfig)[])
    .filter((key) => sources[key] !== "default")
    .map((key) => ({
      key: SETTINGS[key].file ?? SETTINGS[key].env,
      value: key === "openaiApiKey" || key === "mcpToken" ? "(set)" : String(config[key]),
      source: sources[key] === "env" ? `env ${SETTINGS[key].env}` : sources[key],
    }));
}

/** The `--stale` check: memories whose cited files changed since they were written. */
/** Sync's alarms, for a strand that syncs (null otherwise); local only, no network. */
function syncCheck(engine: Engine, name = "sync"): Check | null {
  const status = engine.syncStatus();
  if (!status.synced) return null;
  const waiting = `${status.unpushed} to push, ${status.pending} waiting for earlier changes`;
  if (status.alarms.length === 0) {
    return { name, ok: true, severity: "error", detail: `no alarms; ${waiting}` };
  }
  return {
    name,
    ok: false,
    severity: "error",
    detail: `${status.alarms.length} alarms (${waiting}):\n    ${
      status.alarms.map((a) => `${a.kind}: ${a.detail}`).join("\n    ")
    }`,
  };
}

async function staleCheck(engine: Engine): Promise<Check> {
  const { stale, run } = await engine.checkStale();
  if (stale.length === 0) {
    return { name: "stale", ok: true, severity: "error", detail: "cited files unchanged" };
  }
  const lines = stale.flatMap((s) =>
    s.findings.map((f) =>
      `${s.id}: ${f.path} ${f.reason === "vanished" ? "was deleted" : "changed"}`
    )
  );
  return {
    name: "stale",
    ok: false,
    severity: "error",
    detail: `${stale.length} memories cite changed files${run ? ` (run ${run})` : ""}:\n    ${
      lines.join("\n    ")
    }`,
  };
}
