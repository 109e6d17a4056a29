import { deepEqual, equal, throws } from "node:assert/strict";
import {
  type ClientId,
  CLIENTS,
  clientTarget,
  type Environment,
  findClient,
  type Scope,
} from "./clients.ts";

const SERVER = { command: "helix", args: ["mcp"] };
const LINUX: Environment = { home: "/home/ada", cwd: "/src/app", platform: "linux" };
const MAC: Environment = { home: "/Users/ada", cwd: "/src/app", platform: "darwin" };
const WINDOWS: Environment = {
  home: "C:\\Users\\ada",
  cwd: "D:\\src\\app",
  platform: "windows",
  env: { APPDATA: "C:\\Users\\ada\\AppData\\Roaming" },
};

Deno.test("CLIENTS have unique ids and lower-case aliases, the id first", () => {
  const aliases = CLIENTS.flatMap((c) => c.aliases);
  equal(new Set(aliases).size, aliases.length);
  for (const client of CLIENTS) {
    equal(client.aliases[0], client.id);
    for (const alias of client.aliases) equal(alias, alias.toLowerCase());
    equal(client.docs.length > 0, true);
  }
  deepEqual(CLIENTS.map((c) => c.id), [
    "claude",
    "cursor",
    "vscode",
    "windsurf",
    "codex",
    "gemini",
    "copilot",
  ]);
});

Deno.test("findClient() matches ids and aliases, case-insensitively", () => {
  const names: [string, ClientId | undefined][] = [
    ["claude", "claude"],
    ["Claude-Code", "claude"],
    ["code", "vscode"],
    [" VSCode ", "vscode"],
    ["codex-cli", "codex"],
    ["gemini-cli", "gemini"],
    ["copilot-cli", "copilot"],
    ["cursor", "cursor"],
    ["windsurf", "windsurf"],
    ["claude-desktop", undefined],
    ["", undefined],
  ];
  for (const [name, id] of names) equal(findClient(name)?.id, id, name);
});

Deno.test("clientTarget() puts each client's file where its docs say", async (t) => {
  const cases: [ClientId, Scope, Environment, string][] = [
    ["claude", "user", LINUX, "/home/ada/.claude.json"],
    ["claude", "project", LINUX, "/src/app/.mcp.json"],
    [
      "claude",
      "user",
      { ...LINUX, env: { CLAUDE_CONFIG_DIR: "/cfg/claude" } },
      "/cfg/claude/.claude.json",
    ],
    ["claude", "user", WINDOWS, "C:\\Users\\ada\\.claude.json"],
    ["cursor", "user", LINUX, "/home/ada/.cursor/mcp.json"],
    ["cursor", "project", LINUX, "/src/app/.cursor/mcp.json"],
    ["cursor", "user", WINDOWS, "C:\\Users\\ada\\.cursor\\mcp.json"],
    ["vscode", "project", LINUX, "/src/app/.vscode/mcp.json"],
    ["vscode", "user", LINUX, "/home/ada/.config/Code/User/mcp.json"],
    ["vscode", "user", { ...LINUX, env: { XDG_CONFIG_HOME: "/xdg" } }, "/xdg/Code/User/mcp.json"],
    [
      "vscode",
      "user",
      { ...LINUX, env: { XDG_CONFIG_HOME: "relative" } },
      "/home/ada/.config/Code/User/mcp.json",
    ],
    ["vscode", "user", MAC, "/Users/ada/Library/Application Support/Code/User/mcp.json"],
    ["vscode", "user", WINDOWS, "C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json"],
    [
      "vscode",
      "user",
      { ...WINDOWS, env: {} },
      "C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json",
    ],
    ["vscode", "project", WINDOWS, "D:\\src\\app\\.vscode\\mcp.json"],
    ["windsurf", "user", LINUX, "/home/ada/.codeium/windsurf/mcp_config.json"],
    ["windsurf", "user", MAC, "/Users/ada/.codeium/windsurf/mcp_config.json"],
    ["windsurf", "user", WINDOWS, "C:\\Users\\ada\\.codeium\\windsurf\\mcp_config.json"],
    ["codex", "user", LINUX, "/home/ada/.codex/config.toml"],
    ["codex", "user", { ...LINUX, env: { CODEX_HOME: "/opt/codex" } }, "/opt/codex/config.toml"],
    ["codex", "user", { ...LINUX, env: { CODEX_HOME: "" } }, "/home/ada/.codex/config.toml"],
    ["codex", "project", LINUX, "/src/app/.codex/config.toml"],
    ["gemini", "user", LINUX, "/home/ada/.gemini/settings.json"],
    [
      "gemini",
      "user",
      { ...LINUX, env: { GEMINI_CLI_HOME: "/alt" } },
      "/alt/.gemini/settings.json",
    ],
    ["gemini", "project", LINUX, "/src/app/.gemini/settings.json"],
    ["copilot", "user", LINUX, "/home/ada/.copilot/mcp-config.json"],
    ["copilot", "user", { ...LINUX, env: { COPILOT_HOME: "/cop" } }, "/cop/mcp-config.json"],
    ["copilot", "project", LINUX, "/src/app/.mcp.json"],
  ];
  for (const [client, scope, where, file] of cases) {
    await t.step(`${client} ${scope} ${where.platform} ${JSON.stringify(where.env ?? {})}`, () => {
      equal(clientTarget(client, scope, where, SERVER).file, file);
    });
  }
});

Deno.test("clientTarget() gives each client its entry shape", () => {
  const server = { command: "deno", args: ["run", "server.ts"], env: { HELIX_HOME: "/h" } };
  const shape = (client: ClientId, scope: Scope = "user") => {
    const { serversPath, entry, defaults } = clientTarget(client, scope, LINUX, server);
    return { serversPath, entry, defaults };
  };
  const stdio = { command: "deno", args: ["run", "server.ts"], env: { HELIX_HOME: "/h" } };
  const claude = { serversPath: ["mcpServers"], entry: { type: "stdio", ...stdio }, defaults: {} };
  deepEqual(shape("claude"), claude);
  deepEqual(shape("claude", "project"), claude);
  deepEqual(shape("cursor"), { serversPath: ["mcpServers"], entry: stdio, defaults: {} });
  deepEqual(shape("vscode", "project"), {
    serversPath: ["servers"],
    entry: { type: "stdio", ...stdio },
    defaults: {},
  });
  deepEqual(shape("windsurf"), { serversPath: ["mcpServers"], entry: stdio, defaults: {} });
  deepEqual(shape("codex"), { serversPath: ["mcp_servers"], entry: stdio, defaults: {} });
  deepEqual(shape("gemini"), { serversPath: ["mcpServers"], entry: stdio, defaults: {} });
  deepEqual(shape("copilot"), {
    serversPath: ["mcpServers"],
    entry: { type: "local", ...stdio },
    defaults: { tools: ["*"] },
  });
  // Copilot reads the same project file as Claude Code, so it gets the same entry there.
  deepEqual(shape("copilot", "project"), claude);
});

Deno.test("clientTarget() leaves env out when there is none, except where the client always writes it", () => {
  deepEqual(clientTarget("cursor", "user", LINUX, SERVER).entry, {
    command: "helix",
    args: ["mcp"],
  });
  deepEqual(clientTarget("cursor", "user", LINUX, { ...SERVER, env: {} }).entry, {
    command: "helix",
    args: ["mcp"],
  });
  deepEqual(clientTarget("claude", "user", LINUX, SERVER).entry, {
    type: "stdio",
    command: "helix",
    args: ["mcp"],
    env: {},
  });
});

Deno.test("clientTarget() rejects Windsurf's missing project scope", () => {
  throws(() => clientTarget("windsurf", "project", LINUX, SERVER), RangeError);
  deepEqual(CLIENTS.find((c) => c.id === "windsurf")?.scopes, ["user"]);
});
