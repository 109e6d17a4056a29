/**
 * What a command runs with: the resolved configuration (and where each value came from),
 * the engine opened on first use, the terminal, and the global flags.
 *
 * @module
 */
import {
  createFileProbe,
  detectProject,
  deviceName,
  type Embedder,
  embedderFromConfig,
  type Engine,
  isHelixError,
  llmFromConfig,
  type LoadedConfig,
  openEngine,
  openWorkspace,
  projectRoot,
  readTeams,
  teamStrandPath,
  type Workspace,
} from "@helix/core";
import { syncKeys } from "./keys.ts";
import { createStyle, type Io, type Style } from "./output.ts";

/** Flags every command understands. */
export interface GlobalFlags {
  readonly json: boolean;
  readonly debug: boolean;
  readonly color: boolean;
}

/** What a command gets. */
export interface CommandContext {
  readonly io: Io;
  readonly flags: GlobalFlags;
  /** The process environment as `run` received it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Configuration, its sources and the strand file it points at. */
  readonly config: LoadedConfig;
  /** Styles for stdout and stderr (colour only where it is a terminal). */
  readonly out: Style;
  readonly err: Style;
  /**
   * The engine over the configured strand, opened on first call. Read commands refuse a
   * missing strand (`not_found`, "run helix init"); `create` makes it; `lexical` opens it with
   * no embedding model (writes wait for `helix backfill` or a server for their vectors);
   * `path` opens another strand file than the configured one (a team's), closing the engine
   * opened before on another file.
   */
  engine(
    options?: {
      create?: boolean;
      reembed?: boolean;
      sync?: boolean;
      lexical?: boolean;
      path?: string;
    },
  ): Promise<Engine>;
  /**
   * The workspace: the engine of {@linkcode CommandContext.engine} (same options) and the team
   * strands `teams.json` lists, as one memory (`docs/teams.md`). Without teams it is the engine.
   */
  workspace(
    options?: { create?: boolean; sync?: boolean; lexical?: boolean },
  ): Promise<Workspace>;
  /** The project scope the engine defaults to (configured, else detected from the cwd). */
  project(): Promise<string | null>;
  /** Writes a line (or lines) to stdout. */
  print(text: string): void;
  /** Writes `value` as JSON to stdout. */
  printJson(value: unknown): void;
  /** Notes for the user on stderr (never part of `--json` output). */
  note(text: string): void;
  /**
   * Asks a yes/no question on the terminal: true only for "y"/"yes". False when there is no
   * terminal to ask on, so scripts must pass `--yes` explicitly.
   */
  confirm(question: string): Promise<boolean>;
}

/** A context and the cleanup `run` calls when the command ends. */
export function createContext(
  io: Io,
  flags: GlobalFlags,
  env: Readonly<Record<string, string | undefined>>,
  config: LoadedConfig,
): CommandContext & { close(): void } {
  const colorOk = flags.color && env.NO_COLOR === undefined && env.TERM !== "dumb";
  let engine: Engine | undefined;
  let enginePath: string | undefined;
  let workspace: Workspace | undefined;
  let embedder: Embedder | null | undefined;
  let project: Promise<string | null> | undefined;
  const context: CommandContext & { close(): void } = {
    io,
    flags,
    env,
    config,
    out: createStyle(colorOk && io.stdoutIsTty),
    err: createStyle(colorOk && io.stderrIsTty),
    async engine(options = {}) {
      const path = options.path ?? config.strandFile;
      if (engine && enginePath === path) return engine;
      // Another strand file (a team's): what was open on the other one closes first.
      workspace?.close();
      workspace = undefined;
      engine?.close();
      engine = undefined;
      enginePath = path;
      engine = await open(path, options, await context.project());
      return engine;
    },
    async workspace(options = {}) {
      if (workspace) return workspace;
      const personal = await context.engine(options);
      const teams = await readTeams(config.config.home);
      const files: Record<string, Engine> = {};
      for (const team of teams.teams) {
        // A team's strand is made by `helix team create/join`, never by a write.
        const path = teamStrandPath(config.config.home, team.name);
        // `--strand team-<name>` reads that strand alone: it is not added to itself.
        if (path === config.strandFile) continue;
        try {
          files[team.name] = await open(path, { ...options, create: false }, null);
        } catch (error) {
          if (!isHelixError(error, "not_found")) throw error;
          context.note(`(team ${team.name}: its strand file is missing; run helix team join)`);
        }
      }
      workspace = openWorkspace({ personal, teams, open: files });
      return workspace;
    },
    project() {
      project ??= config.config.project !== null
        ? Promise.resolve(config.config.project)
        : detectProject(io.cwd).catch(() => null);
      return project;
    },
    print(text) {
      io.stdout(text.endsWith("\n") ? text : `${text}\n`);
    },
    printJson(value) {
      io.stdout(`${JSON.stringify(value, null, 2)}\n`);
    },
    note(text) {
      io.stderr(text.endsWith("\n") ? text : `${text}\n`);
    },
    async confirm(question) {
      const answer = await io.prompt(`${question} [y/N] `);
      return answer !== null && /^(y|yes)$/i.test(answer.trim());
    },
    close() {
      workspace?.close();
      engine?.close();
      engine = undefined;
      workspace = undefined;
    },
  };
  /** An engine over the strand at `path`, opened as commands open theirs. */
  const open = async (
    path: string,
    options: { create?: boolean; reembed?: boolean; sync?: boolean; lexical?: boolean },
    project: string | null,
  ): Promise<Engine> => {
    // `lexical`: no embedder at all (agent hooks never load a model; recall runs on BM25).
    embedder ??= options.lexical ? null : embedderFromConfig(config.config);
    const keys = await syncKeys(config.config.home, options.sync ?? false);
    return openEngine({
      path,
      syncKeys: keys,
      deviceName: deviceName(env),
      embedder,
      project,
      mustExist: !options.create,
      // A newly configured model never locks the strand: until `helix reembed` (or a server)
      // moves it, commands run with the re-embedding pending and recall without vectors.
      reembed: options.reembed ? true : "defer",
      llm: llmFromConfig(config.config),
      files: createFileProbe(await projectRoot(io.cwd)),
    });
  };
  return context;
}
