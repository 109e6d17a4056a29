/**
 * `deno task mcp`: the Helix MCP server on the configured strand (default
 * `~/.helix/strands/default.db`), over stdio, or over streamable HTTP with `--http`.
 *
 * Configuration: flags → `HELIX_*` environment → `$HELIX_HOME/config.toml` → defaults.
 * Logs go to stderr; stdout carries the protocol. The embedding model loads in the
 * background after the server answers, so startup never waits for it.
 *
 * Usage: deno task mcp [--http] [--host 127.0.0.1] [--port 7437] [--strand name]
 *                      [--project id] [--log-level info]
 *
 * @module
 */
import { parseArgs } from "node:util";
import process from "node:process";
import {
  asWorkspace,
  createFileProbe,
  detectProject,
  deviceName,
  type Embedder,
  embedderFromConfig,
  type Engine,
  type HelixConfig,
  isHelixError,
  keepHomePrivate,
  llmFromConfig,
  loadConfig,
  loadDeviceKeys,
  openEngine,
  openWorkspace,
  projectRoot,
  readTeams,
  teamStrandPath,
  type Workspace,
} from "@helix/core";
import { join } from "node:path";
import { HardenedStdioTransport } from "./stdio.ts";
import { serveHttp } from "./http.ts";
import { type Activity, createActivity, readActivity } from "./activity.ts";
import { quietMoment } from "./quiet.ts";
import { startWorker, type Worker } from "./worker.ts";
import { keepTeams, type TeamKeeping } from "./team_keeper.ts";
import type { SyncLoop } from "./sync_loop.ts";
import { startSyncThread } from "./sync_host.ts";
import { DEFAULT_SYNC_INTERVAL_MS, syncTiming } from "./sync_timing.ts";
import { createLogger, type Logger } from "./log.ts";
import { createServer } from "./server.ts";
import { type HookListener, startHookListener } from "./hooks/listener.ts";

const stderr = (line: string) => Deno.stderr.writeSync(new TextEncoder().encode(line));

/** Reads flags, the environment and config.toml into one configuration. */
async function configure(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ config: HelixConfig; strandFile: string; http: boolean }> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      http: { type: "boolean", default: false },
      host: { type: "string" },
      port: { type: "string" },
      strand: { type: "string" },
      project: { type: "string" },
      "log-level": { type: "string" },
    },
    strict: true,
  });
  const flags = {
    ...(values.host !== undefined ? { mcpHost: values.host } : {}),
    ...(values.port !== undefined ? { mcpPort: values.port } : {}),
    ...(values.strand !== undefined ? { strand: values.strand } : {}),
    ...(values.project !== undefined ? { project: values.project } : {}),
    ...(values["log-level"] !== undefined ? { logLevel: values["log-level"] } : {}),
  };
  const { config, strandFile } = await loadConfig({
    flags,
    env,
    platform: Deno.build.os,
    flagNames: { mcpHost: "host", mcpPort: "port", logLevel: "log-level" },
  });
  await keepHomePrivate(config.home);
  return { config, strandFile, http: values.http ?? false };
}

async function serveStdio(
  engine: Engine,
  options: {
    projectOverride: string | null;
    cwdProject: string | null;
    log: Logger;
    activity: Activity;
    onInitialized: () => void;
  },
) {
  const { server, session } = createServer(engine, options);
  const closed = new Promise<void>((resolve) => {
    const previous = server.server.onclose;
    server.server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  await server.connect(new HardenedStdioTransport(undefined, { activity: options.activity }));
  options.log.info("serving over stdio", { project: session.project, session: session.scope });
  const stop = () => void server.close();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  // The SDK's stdio transport does not watch for the end of its input: without this, a client
  // that goes away leaves the server running, holding the strand.
  process.stdin.once("end", stop);
  await closed;
}

/**
 * Runs the server until its client goes away (stdio) or a signal arrives (HTTP), and returns
 * the exit code: 0, or what `exitCode` makes of the failure (1 unless given). `argv` are the
 * server's flags; `env` the process environment. `helix mcp` calls this too, with its table of
 * exit codes.
 */
export async function serve(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  exitCode: (error: unknown) => number = () => 1,
): Promise<number> {
  let log = createLogger("info", stderr);
  let engine: Engine | undefined;
  let worker: Worker | undefined;
  let teamKeeping: TeamKeeping | undefined;
  let syncLoop: SyncLoop | undefined;
  let hooks: HookListener | undefined;
  let closing = false;
  try {
    const { config, strandFile, http } = await configure(argv, env);
    log = createLogger(config.logLevel, stderr);
    const embedder = embedderFromConfig(config);
    const root = await projectRoot(env.INIT_CWD ?? Deno.cwd());
    const opened = openEngine({
      path: strandFile,
      embedder,
      embedPolicy: "if-ready",
      // A newly configured model: serve at once and move the strand to it in the background.
      reembed: true,
      llm: llmFromConfig(config),
      files: createFileProbe(root),
      syncKeys: await loadDeviceKeys(join(config.home, "keys"), false),
      deviceName: deviceName(env),
    });
    // Requests in flight, shared with the lifecycle thread so it works in the quiet moments.
    const activity = createActivity();
    engine = opened;
    // The team strands of teams.json beside it: tools read and write them as one memory.
    const workspace = await openTeams(opened, config, embedder, root, env, log);
    engine = workspace;
    const projectOverride = config.project;
    // `deno task --cwd <helix>` runs in the Helix checkout; INIT_CWD is where the client launched it.
    const launchDir = env.INIT_CWD ?? Deno.cwd();
    const cwdProject = await detectProject(launchDir).catch(() => null);
    // `helix hook` calls for this strand are answered here, warm (cli/hooks/warm.ts).
    if (strandFile !== ":memory:") {
      hooks = await listenForHooks(workspace, config, env, activity, log);
    }
    log.info("strand open", {
      strand: strandFile,
      embedder: embedder ? `${embedder.model} (${embedder.dimension}-d)` : "none",
      project: projectOverride ?? cwdProject,
    });
    // Once the server answers, start-up work runs in the background, a step at a time, each in
    // a quiet moment (`quiet.ts`), so a tool call never waits behind it: the lifecycle worker
    // (consolidation when due; a session that ended before this server started is due at
    // once), the team strands this machine keeps, the sync thread, and the warm-up (the vector
    // indexes, the tokenizer, the model). Tool calls meanwhile run: a search finishes loading
    // the index itself, and without the model the vector channel is skipped. With a model,
    // the warm-up comes first, so the worker embeds with it.
    const reader = readActivity(activity.buffer);
    const quiet = (quietMs: number, capMs?: number) =>
      quietMoment(reader, { quietMs, stopped: () => closing, ...(capMs ? { capMs } : {}) });
    const steps: Array<() => void> = [() => {
      worker = startWorker(opened, {
        log,
        ...(strandFile === ":memory:"
          ? {}
          : { thread: { path: strandFile, config, root, activity } }),
      });
      void worker.check();
    }];
    if (strandFile !== ":memory:") {
      teamKeeping = keepTeams(workspace, {
        log,
        thread: { config, root, activity },
        quiet: () => quiet(STEP_QUIET_MS, STEP_QUIET_CAP_MS),
        // Two sync intervals: the machine that kept it until now syncs and stops meanwhile.
        handOverMs: 2 * (syncTiming(env).intervalMs ?? DEFAULT_SYNC_INTERVAL_MS),
      });
      steps.push(() => {
        syncLoop = startSyncThread({
          path: strandFile,
          teams: workspace.strands.filter((s) => s.team !== null).map((s) => s.engine.path),
          // The lifecycle worker embeds what the personal strand pulled; what a team strand
          // pulled is embedded here, a step at a time.
          keys: join(config.home, "keys"),
          deviceName: deviceName(env),
          activity,
          log,
          onPulled: (_applied, team) => {
            if (team === undefined) void worker?.embed();
            else void embedTeam(workspace, team, log);
          },
          // Which team strands this machine keeps, said at start and after each sync.
          onKeeper: (team, keeps) => void teamKeeping?.set(team, keeps),
          ...syncTiming(env),
        });
      });
    }
    const work = async () => {
      for (const step of steps) if (await quiet(STEP_QUIET_MS, STEP_QUIET_CAP_MS)) step();
    };
    const warmup = async () => {
      // The tokenizer and indexes load in one synchronous piece each: only in a longer pause.
      if (!await quiet(WARM_QUIET_MS, embedder ? WARM_QUIET_CAP_MS : undefined)) return;
      try {
        for (const strand of workspace.strands) await strand.engine.warmup();
        const status = await embedder?.warmup();
        if (!embedder || !status) return;
        if (status.state === "ready") log.info("embedding model ready", { model: embedder.model });
        else {log.warn("embedding model unavailable; recall runs on keywords and the graph", {
            reason: status.error,
          });}
      } catch (error) {
        // A busy strand or an engine closed by shutdown: searches warm up on demand instead.
        log.warn("background warm-up failed", {
          error: isHelixError(error) ? error.code : String(error),
        });
      }
    };
    const warm = () => embedder ? warmup().then(work) : work().then(warmup);
    if (http) {
      const served = serveHttp({
        engine: workspace,
        host: config.mcpHost,
        port: config.mcpPort,
        token: config.mcpToken,
        projectOverride,
        cwdProject,
        log,
        activity,
      });
      log.info("serving over streamable HTTP", {
        url: served.url,
        auth: config.mcpToken ? "bearer" : "none",
      });
      setTimeout(() => void warm(), 0);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        Deno.addSignalListener("SIGINT", stop);
        Deno.addSignalListener("SIGTERM", stop);
      });
      await served.close();
    } else {
      // Warm up only once the client is initialized, so startup answers first.
      await serveStdio(workspace, {
        projectOverride,
        cwdProject,
        log,
        activity,
        onInitialized: () => void warm(),
      });
    }
    return 0;
  } catch (error) {
    if (isHelixError(error)) log.error(error.message, { code: error.code });
    else if (error instanceof TypeError) log.error(error.message);
    else if (error instanceof Deno.errors.AddrInUse) {
      log.error(`Cannot serve over HTTP: the port is in use (${error.message})`);
    } else {log.error("failed", {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });}
    return exitCode(error);
  } finally {
    closing = true;
    await hooks?.close();
    await syncLoop?.stop();
    await worker?.stop();
    await teamKeeping?.stop();
    engine?.close();
  }
}

/**
 * The workspace over `personal` and the team strands `teams.json` lists, each opened as the
 * personal strand is; a team whose strand file is missing is left out with a warning.
 */
async function openTeams(
  personal: Engine,
  config: HelixConfig,
  embedder: Embedder | null,
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  log: Logger,
): Promise<Workspace> {
  if (personal.path === ":memory:") return asWorkspace(personal);
  const teams = await readTeams(config.home);
  const keys = teams.teams.length ? await loadDeviceKeys(join(config.home, "keys"), false) : null;
  return openWorkspace({
    personal,
    teams,
    open: (team) => {
      const path = teamStrandPath(config.home, team.name);
      // A server on a team's strand (`--strand team-<name>`) serves it once, not as its own team.
      if (path === personal.path) return null;
      try {
        return openEngine({
          path,
          mustExist: true,
          embedder,
          embedPolicy: "if-ready",
          reembed: "defer",
          llm: llmFromConfig(config),
          files: createFileProbe(root),
          syncKeys: keys,
          deviceName: deviceName(env),
        });
      } catch (error) {
        log.warn("team strand not opened", {
          team: team.name,
          error: isHelixError(error) ? error.message : String(error),
        });
        return null;
      }
    },
  });
}

const embedding = new Set<string>();

/** Embeds what team strand `path` pulled without vectors (one run per strand at a time). */
async function embedTeam(workspace: Workspace, path: string, log: Logger): Promise<void> {
  const strand = workspace.strands.find((s) => s.engine.path === path);
  if (!strand || embedding.has(path)) return;
  embedding.add(path);
  try {
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    await strand.engine.sleep({ reason: "embed", only: "embed", pause });
  } catch (error) {
    log.warn("team strand embed failed", {
      team: strand.team,
      error: isHelixError(error) ? error.code : String(error),
    });
  } finally {
    embedding.delete(path);
  }
}

/**
 * Starts the hook listener; a failure (a read-only home, no loopback) only costs hooks their
 * warm path.
 */
async function listenForHooks(
  engine: Engine,
  config: HelixConfig,
  env: Readonly<Record<string, string | undefined>>,
  activity: Activity,
  log: Logger,
): Promise<HookListener | undefined> {
  try {
    // What a hook caller without --strand or HELIX_STRAND would open: the home's config file.
    const { HOME, USERPROFILE } = env;
    const home = await loadConfig({
      env: { HELIX_HOME: config.home, HOME, USERPROFILE },
      platform: Deno.build.os,
    });
    return await startHookListener({
      engine,
      home: config.home,
      strand: config.strand,
      defaults: { strand: home.config.strand, project: home.config.project },
      log,
      activity,
    });
  } catch (error) {
    log.warn("hooks will run without this server", { error: String(error) });
    return undefined;
  }
}

/** Quiet before each start-up step (starting a thread), and the longest wait for it, ms. */
const STEP_QUIET_MS = 20;
const STEP_QUIET_CAP_MS = 5_000;
/**
 * Quiet before the warm-up (the tokenizer alone takes ~100 ms to load): without a model it
 * waits as long as it takes, since a call that needs the tokenizer first loads it itself; with
 * one, at most the cap, so the model loads.
 */
const WARM_QUIET_MS = 1_000;
const WARM_QUIET_CAP_MS = 10_000;

if (import.meta.main) Deno.exit(await serve(Deno.args, Deno.env.toObject()));
