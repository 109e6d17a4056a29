/**
 * One MCP session's view of the strand: which project it works in (from `HELIX_PROJECT`,
 * else the client's roots, else the server's working folder), its `session:` scope, and
 * whether it did anything worth recording when it ends.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { asWorkspace, detectProject, type Engine, type Workspace } from "@helix/core";
import type { Logger } from "./log.ts";

/** How the session's project was decided. */
export type ProjectSource = "override" | "roots" | "cwd" | "none";

/** Mutable state of one MCP session. */
export interface Session {
  /**
   * The workspace as this session sees it (its project and session scopes by default): the
   * personal strand and the team strands, or the one strand it was given.
   */
  readonly engine: Workspace;
  /** `project:<id>` or null (global only). */
  readonly project: string | null;
  /** Where `project` came from. */
  readonly projectSource: ProjectSource;
  /** `session:<id>`. */
  readonly scope: string;
  /** When the session started (ms). */
  readonly startedAt: number;
  /** Marks that a tool ran, so the session's end is recorded. */
  touch(): void;
  /**
   * Re-derives the project from the client's workspace roots (file:// URIs). When calls
   * overlap, the latest one decides.
   */
  adoptRoots(uris: readonly string[]): Promise<void>;
  /** Records the end of the session (once) if any tool ran. */
  end(client?: string): void;
}

/** Options of {@linkcode createSession}. */
export interface SessionOptions {
  /** The strand's engine or the workspace (any view; this session makes its own). */
  engine: Engine | Workspace;
  /** Session id (random per connection, or the HTTP transport's). */
  id: string;
  /** `HELIX_PROJECT` when set: wins over roots and the working folder. */
  projectOverride: string | null;
  /** The project of the server's working folder, detected at start. */
  cwdProject: string | null;
  log: Logger;
  now: () => number;
  /** Finds the project of a folder. @default detectProject from core */
  detect?: (dir: string, options: { allowFolderName: boolean }) => Promise<string | null>;
}

/** Where a memory an agent writes in `session` came from: `ref` defaults to the session. */
export function agentSource(
  session: Pick<Session, "scope">,
  from: { agent?: string | undefined; ref?: string | undefined; extractor?: string } = {},
): { origin: "agent-ingested"; agent?: string; ref: string; extractor?: string } {
  return {
    origin: "agent-ingested",
    ...(from.agent ? { agent: from.agent } : {}),
    ...(from.extractor ? { extractor: from.extractor } : {}),
    ref: from.ref ?? session.scope,
  };
}

/** Creates a session; the project can still change when the client's roots arrive. */
export function createSession(options: SessionOptions): Session {
  const { log } = options;
  let project = options.projectOverride ?? options.cwdProject;
  let projectSource: ProjectSource = options.projectOverride
    ? "override"
    : options.cwdProject
    ? "cwd"
    : "none";
  const sessionScope = `session:${options.id}`;
  const workspace = asWorkspace(options.engine);
  let engine = workspace.withContext({ project, session: sessionScope });
  let active = false;
  let ended = false;
  let rootsCalls = 0;
  const detect = options.detect ?? detectProject;
  const startedAt = options.now();
  return {
    get engine() {
      return engine;
    },
    get project() {
      return project;
    },
    get projectSource() {
      return projectSource;
    },
    scope: sessionScope,
    startedAt,
    touch() {
      active = true;
    },
    async adoptRoots(uris) {
      if (options.projectOverride) return;
      const call = ++rootsCalls;
      for (const uri of uris) {
        if (!uri.startsWith("file:")) continue;
        let path: string;
        try {
          path = fileURLToPath(uri);
        } catch {
          continue;
        }
        const found = await detect(path, { allowFolderName: true }).catch(() => null);
        if (call !== rootsCalls) return; // a later call (newer roots) decides
        if (found) {
          project = found;
          projectSource = "roots";
          engine = workspace.withContext({ project, session: sessionScope });
          log.info("project from client roots", { project });
          return;
        }
      }
    },
    end(client) {
      if (ended || !active) return;
      ended = true;
      try {
        engine.recordSessionEnd({
          session: options.id,
          ...(project ? { project } : {}),
          ...(client ? { client } : {}),
          startedAt,
        });
      } catch (error) {
        log.warn("could not record the session end", { error: String(error) });
      }
    },
  };
}
