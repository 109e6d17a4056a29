/**
 * The MCP clients `helix connect` knows: where each keeps its MCP configuration, in which
 * format, and the entry shape it expects for a stdio server. Each client cites the page it was
 * checked against. Pure: home, cwd, platform and environment arrive as arguments.
 *
 * @module
 */
import { posix, win32 } from "node:path";

/** A supported client's id. */
export type ClientId = "claude" | "cursor" | "vscode" | "windsurf" | "codex" | "gemini" | "copilot";

/** Where a configuration applies: every project of this user, or one project (`cwd`). */
export type Scope = "user" | "project";

/** How Helix is launched: the stdio command the client runs. */
export interface ServerSpec {
  /** The server's name in the client's configuration. @default {"helix"} */
  readonly name?: string;
  /** The executable, e.g. `"helix"` or `"deno"`. */
  readonly command: string;
  /** Its arguments, e.g. `["mcp"]`. */
  readonly args: readonly string[];
  /** Environment variables the client sets for the server. */
  readonly env?: Readonly<Record<string, string>>;
}

/** The machine facts a path depends on. */
export interface Environment {
  /** The user's home directory. */
  readonly home: string;
  /** The project directory (used for project scope). */
  readonly cwd: string;
  /** `Deno.build.os` or `process.platform`: "linux", "darwin", "windows"/"win32", … */
  readonly platform: string;
  /** Environment variables some clients use to move their configuration (CODEX_HOME, …). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What Helix knows about one client. */
export interface ClientInfo {
  readonly id: ClientId;
  /** Display name. */
  readonly name: string;
  /** Names accepted on the command line (lower case), the id first. */
  readonly aliases: readonly string[];
  /** Scopes Helix can write, the default first. */
  readonly scopes: readonly [Scope, ...Scope[]];
  /** File format. */
  readonly format: "json" | "toml";
  /** The documentation the locations and shapes below were checked against. */
  readonly docs: readonly string[];
}

/** Every supported client, in the order `helix connect --help` lists them. */
export const CLIENTS: readonly ClientInfo[] = [
  {
    id: "claude",
    name: "Claude Code",
    aliases: ["claude", "claude-code"],
    scopes: ["user", "project"],
    format: "json",
    docs: [
      "https://code.claude.com/docs/en/mcp",
      "https://github.com/anthropics/claude-code/issues/4193",
    ],
  },
  {
    id: "cursor",
    name: "Cursor",
    aliases: ["cursor"],
    scopes: ["user", "project"],
    format: "json",
    docs: ["https://cursor.com/docs/context/mcp"],
  },
  {
    id: "vscode",
    name: "VS Code",
    aliases: ["vscode", "code", "vs-code", "visual-studio-code"],
    scopes: ["project", "user"],
    format: "json",
    docs: [
      "https://code.visualstudio.com/docs/copilot/reference/mcp-configuration",
      "https://code.visualstudio.com/docs/getstarted/settings#_settings-file-locations",
    ],
  },
  {
    id: "windsurf",
    name: "Windsurf",
    aliases: ["windsurf"],
    scopes: ["user"],
    format: "json",
    docs: ["https://docs.windsurf.com/windsurf/cascade/mcp"],
  },
  {
    id: "codex",
    name: "Codex CLI",
    aliases: ["codex", "codex-cli", "openai-codex"],
    scopes: ["user", "project"],
    format: "toml",
    docs: [
      "https://developers.openai.com/codex/mcp",
      "https://developers.openai.com/codex/config-reference",
    ],
  },
  {
    id: "gemini",
    name: "Gemini CLI",
    aliases: ["gemini", "gemini-cli"],
    scopes: ["user", "project"],
    format: "json",
    docs: [
      "https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md",
      "https://geminicli.com/docs/cli/configuration",
    ],
  },
  {
    id: "copilot",
    name: "GitHub Copilot CLI",
    aliases: ["copilot", "copilot-cli", "github-copilot", "github-copilot-cli"],
    scopes: ["user", "project"],
    format: "json",
    docs: [
      "https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers",
    ],
  },
];

/**
 * The client a command-line name refers to (case-insensitive, by id or alias).
 *
 * @example Usage
 * ```ts
 * import { findClient } from "./clients.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(findClient("Claude-Code")?.id, "claude");
 * equal(findClient("code")?.id, "vscode");
 * equal(findClient("zed"), undefined);
 * ```
 */
export function findClient(name: string): ClientInfo | undefined {
  const wanted = name.trim().toLowerCase();
  return CLIENTS.find((client) => client.aliases.includes(wanted));
}

/** Where a client's servers live inside its file, and how Helix's entry looks there. */
export interface ClientTarget {
  /** Absolute path of the configuration file. */
  readonly file: string;
  /** Key path of the servers table, e.g. `["mcpServers"]` or `["mcp_servers"]`. */
  readonly serversPath: readonly string[];
  /** Helix's entry, in the key order written for a new entry. */
  readonly entry: Readonly<Record<string, unknown>>;
  /** Keys set only when the existing entry lacks them (the user may have narrowed them). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Whether the client's parser accepts comments and trailing commas (JSON only). */
  readonly comments: boolean;
  /** Things the user should know, from the client's docs. */
  readonly notes: readonly string[];
}

/**
 * Where and how `client` keeps an MCP server in `scope`. Throws a `RangeError` for a scope the
 * client does not have (check `ClientInfo.scopes` first).
 *
 * @example Usage
 * ```ts
 * import { clientTarget } from "./clients.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const where = { home: "/home/ada", cwd: "/src/app", platform: "linux" };
 * const target = clientTarget("cursor", "project", where, { command: "helix", args: ["mcp"] });
 * equal(target.file, "/src/app/.cursor/mcp.json");
 * deepEqual(target.entry, { command: "helix", args: ["mcp"] });
 * ```
 */
export function clientTarget(
  client: ClientId,
  scope: Scope,
  where: Environment,
  server: ServerSpec,
): ClientTarget {
  const windows = where.platform === "windows" || where.platform === "win32";
  const { join, isAbsolute } = windows ? win32 : posix;
  const envDir = (name: string): string | undefined => {
    const value = where.env?.[name];
    return value && isAbsolute(value) ? value : undefined;
  };
  const stdio = { command: server.command, args: [...server.args] };
  const withEnv = server.env && Object.keys(server.env).length > 0
    ? { env: { ...server.env } }
    : {};
  const user = scope === "user";
  const only = (scopes: Scope): void => {
    if (scope !== scopes) throw new RangeError(`${client} has no ${scope} scope`);
  };

  switch (client) {
    case "claude":
      // code.claude.com/docs/en/mcp: user scope is the top-level "mcpServers" of ~/.claude.json
      // (issue #4193 confirms the file); project scope is .mcp.json at the project root.
      // `claude mcp add` writes {type, command, args, env}. CLAUDE_CONFIG_DIR moves
      // .claude.json into that directory (issue #48448).
      return {
        file: user
          ? join(envDir("CLAUDE_CONFIG_DIR") ?? where.home, ".claude.json")
          : join(where.cwd, ".mcp.json"),
        serversPath: ["mcpServers"],
        entry: { type: "stdio", ...stdio, env: { ...server.env } },
        defaults: {},
        comments: false, // Claude Code rejects comments (issue #83190)
        notes: user
          ? [
            "Claude Code rewrites this file while it runs: connect while it is closed, then check `claude mcp list`.",
          ]
          : ["Claude Code asks each user to approve servers from .mcp.json on first use."],
      };
    case "cursor":
      // cursor.com/docs/context/mcp: ~/.cursor/mcp.json (global) and <project>/.cursor/mcp.json,
      // "mcpServers" entries {command, args, env}; the type is inferred from the fields.
      return {
        file: join(user ? where.home : where.cwd, ".cursor", "mcp.json"),
        serversPath: ["mcpServers"],
        entry: { ...stdio, ...withEnv },
        defaults: {},
        comments: false, // not documented either way
        notes: [],
      };
    case "vscode":
      // code.visualstudio.com/docs/copilot/reference/mcp-configuration: .vscode/mcp.json in the
      // workspace or mcp.json in the user profile, top-level "servers", stdio entries
      // {type: "stdio", command, args, env}. The default profile's folder is the user settings
      // folder (…/settings#_settings-file-locations); other profiles keep theirs under
      // User/profiles/<id>/, which Helix does not guess.
      return {
        file: user
          ? join(vscodeUserDir(where, windows, join, envDir), "mcp.json")
          : join(where.cwd, ".vscode", "mcp.json"),
        serversPath: ["servers"],
        entry: { type: "stdio", ...stdio, ...withEnv },
        defaults: {},
        comments: true, // VS Code reads its JSON configuration files as JSONC
        notes: user
          ? ["This is the default profile's mcp.json; other profiles have their own."]
          : [],
      };
    case "windsurf":
      // docs.windsurf.com/windsurf/cascade/mcp: ~/.codeium/windsurf/mcp_config.json, the same
      // "mcpServers" schema as Claude Desktop; no project file.
      only("user");
      return {
        file: join(where.home, ".codeium", "windsurf", "mcp_config.json"),
        serversPath: ["mcpServers"],
        entry: { ...stdio, ...withEnv },
        defaults: {},
        comments: false,
        notes: ["Press refresh in Cascade's MCP panel to load the server."],
      };
    case "codex":
      // developers.openai.com/codex/mcp and config-reference: [mcp_servers.<name>] tables with
      // command, args, env in ~/.codex/config.toml ($CODEX_HOME), or .codex/config.toml in a
      // trusted project.
      return {
        file: user
          ? join(envDir("CODEX_HOME") ?? join(where.home, ".codex"), "config.toml")
          : join(where.cwd, ".codex", "config.toml"),
        serversPath: ["mcp_servers"],
        entry: { ...stdio, ...withEnv },
        defaults: {},
        comments: false,
        notes: user ? [] : ["Codex reads .codex/config.toml only in projects you trust."],
      };
    case "gemini":
      // gemini-cli docs/tools/mcp-server.md: "mcpServers" in ~/.gemini/settings.json or
      // <project>/.gemini/settings.json, entries {command, args, env, cwd, timeout, trust, …}.
      // settings.json may hold comments (google-gemini/gemini-cli#422). GEMINI_CLI_HOME
      // replaces the home directory (packages/core/src/utils/paths.ts).
      return {
        file: join(
          user ? envDir("GEMINI_CLI_HOME") ?? where.home : where.cwd,
          ".gemini",
          "settings.json",
        ),
        serversPath: ["mcpServers"],
        entry: { ...stdio, ...withEnv },
        defaults: {},
        comments: true,
        notes: [],
      };
    case "copilot":
      // docs.github.com …/copilot-cli/customize-copilot/add-mcp-servers: ~/.copilot/mcp-config.json
      // with {type: "local", command, args, env, tools: ["*"]}; "stdio" is the same type. VS Code's
      // MCP reference names $COPILOT_HOME/mcp-config.json and the portable .mcp.json at the
      // project root, which Claude Code also reads: there Helix writes Claude's shape.
      if (!user) {
        return { ...clientTarget("claude", "project", where, server), notes: COPILOT_PROJECT };
      }
      return {
        file: join(envDir("COPILOT_HOME") ?? join(where.home, ".copilot"), "mcp-config.json"),
        serversPath: ["mcpServers"],
        entry: { type: "local", ...stdio, env: { ...server.env } },
        defaults: { tools: ["*"] },
        comments: false,
        notes: [],
      };
  }
}

const COPILOT_PROJECT = [
  "Copilot CLI loads a project's .mcp.json only after you trust the folder.",
];

function vscodeUserDir(
  where: Environment,
  windows: boolean,
  join: (...parts: string[]) => string,
  envDir: (name: string) => string | undefined,
): string {
  if (windows) {
    return join(envDir("APPDATA") ?? join(where.home, "AppData", "Roaming"), "Code", "User");
  }
  if (where.platform === "darwin") {
    return join(where.home, "Library", "Application Support", "Code", "User");
  }
  return join(envDir("XDG_CONFIG_HOME") ?? join(where.home, ".config"), "Code", "User");
}
