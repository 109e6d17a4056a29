/**
 * `createServer(engine)`: one MCP server for one client session — the eight tools, the
 * resources and the session-start prompt over the shared engine, with the session's project
 * taken from `HELIX_PROJECT`, else the client's workspace roots, else the working folder.
 * Log events of info and above also reach the client as MCP log messages (the `logging`
 * capability; the client's `logging/setLevel` filters them). Transports are wired elsewhere
 * (`main.ts`, `http.ts`).
 *
 * @module
 */
import { McpServer } from "./_sdk.ts";
import { RootsListChangedNotificationSchema } from "./_sdk.ts";
import type { Engine } from "@helix/core";
import { type Logger, silentLogger } from "./log.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources } from "./resources.ts";
import { registerRulesResources } from "./rules_resources.ts";
import { createSession, type Session } from "./session.ts";
import { registerMemoryContext } from "./tools/memory_context.ts";
import { registerMemoryFeedback } from "./tools/memory_feedback.ts";
import { registerMemoryForget } from "./tools/memory_forget.ts";
import { registerMemoryList } from "./tools/memory_list.ts";
import { registerMemoryNote } from "./tools/memory_note.ts";
import { registerMemoryRelate } from "./tools/memory_relate.ts";
import { registerMemorySearch } from "./tools/memory_search.ts";
import { registerMemoryWrite } from "./tools/memory_write.ts";

/** This server's version, reported to clients. */
export const SERVER_VERSION = "0.1.0";

/** What every client is told about Helix on connect. */
export const INSTRUCTIONS =
  "Helix is your long-term memory for this user and project. At the start of a session or task, call " +
  "memory_context. Before answering questions about past decisions, conventions, preferences, errors or how " +
  "things are done here, call memory_search. When you learn something durable (a decision and why, a convention, " +
  "a preference, a working fix, who owns what), call memory_write (or memory_note for the user's own words). " +
  "After using a recalled memory, call memory_feedback. Never store secrets.";

/** Options of {@linkcode createServer}. */
export interface ServerOptions {
  /** Session id; the `session:` scope of this client. @default random UUID */
  sessionId?: string;
  /** `HELIX_PROJECT`: wins over roots and the working folder. */
  projectOverride?: string | null;
  /** The project of the server's working folder. */
  cwdProject?: string | null;
  /** Where logs go (stderr in production). */
  log?: Logger;
  /** Current time, for the session's start. @default Date.now */
  now?: () => number;
  /** Called once the client has initialized the session (e.g. to start background warm-up). */
  onInitialized?: () => void;
}

const CLIENT_LEVEL = { info: "info", warn: "warning", error: "error" } as const;

/**
 * `log`, with its info, warn and error events also sent to `server`'s client as MCP log
 * messages (debug stays local: it is per-call timing). Sending never throws: a closed or
 * not-yet-connected session just drops the message.
 */
function withClientLog(log: Logger, server: McpServer): Logger {
  const forward =
    (at: keyof typeof CLIENT_LEVEL) => (message: string, fields?: Record<string, unknown>) => {
      log[at](message, fields);
      if (!server.isConnected()) return;
      server.server.sendLoggingMessage(
        { level: CLIENT_LEVEL[at], logger: "helix", data: { message, ...fields } },
        server.server.transport?.sessionId,
      ).catch(() => {});
    };
  return {
    debug: (message, fields) => log.debug(message, fields),
    info: forward("info"),
    warn: forward("warn"),
    error: forward("error"),
  };
}

/** Creates the MCP server for one session over `engine`. */
export function createServer(
  engine: Engine,
  options: ServerOptions = {},
): { server: McpServer; session: Session } {
  const server = new McpServer(
    { name: "helix", title: "Helix memory", version: SERVER_VERSION },
    { instructions: INSTRUCTIONS, capabilities: { logging: {} } },
  );
  const log = withClientLog(options.log ?? silentLogger, server);
  const session = createSession({
    engine,
    id: options.sessionId ?? crypto.randomUUID(),
    projectOverride: options.projectOverride ?? null,
    cwdProject: options.cwdProject ?? null,
    log,
    now: options.now ?? Date.now,
  });
  registerMemoryContext(server, session, log);
  registerMemorySearch(server, session, log);
  registerMemoryWrite(server, session, log);
  registerMemoryNote(server, session, log);
  registerMemoryForget(server, session, log);
  registerMemoryList(server, session, log);
  registerMemoryRelate(server, session, log);
  registerMemoryFeedback(server, session, log);
  registerResources(server, session, SERVER_VERSION);
  registerRulesResources(server, session);
  registerPrompts(server, session);

  const client = () => {
    const version = server.server.getClientVersion();
    return version ? `${version.name} ${version.version}` : undefined;
  };
  const refreshRoots = async () => {
    try {
      const { roots } = await server.server.listRoots();
      await session.adoptRoots(roots.map((root) => root.uri));
    } catch (error) {
      log.warn("could not read the client's roots", { error: String(error) });
    }
  };
  server.server.oninitialized = () => {
    log.info("session started", {
      session: session.scope,
      client: client(),
      project: session.project,
    });
    if (server.server.getClientCapabilities()?.roots) void refreshRoots();
    options.onInitialized?.();
  };
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, refreshRoots);
  server.server.onclose = () => {
    session.end(client());
    log.info("session ended", { session: session.scope });
  };
  return { server, session };
}
