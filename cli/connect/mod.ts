/**
 * `helix connect <client>`, the part that needs no engine: which MCP clients Helix can set up,
 * where each keeps its configuration, how Helix is merged in without clobbering anything, and
 * what to tell the user for any other client. The command file parses flags, picks the server
 * command (installed binary or source checkout), and calls {@linkcode planConnect} then, unless
 * it is a dry run, {@linkcode applyConnect}.
 *
 * | client | user scope | project scope | servers key, entry |
 * | --- | --- | --- | --- |
 * | `claude` | `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json`) | `.mcp.json` | `mcpServers`, `{type: "stdio", command, args, env}` |
 * | `cursor` | `~/.cursor/mcp.json` | `.cursor/mcp.json` | `mcpServers`, `{command, args, env?}` |
 * | `vscode` | default profile's `mcp.json` in the user settings folder | `.vscode/mcp.json` (default) | `servers`, `{type: "stdio", command, args, env?}` |
 * | `windsurf` | `~/.codeium/windsurf/mcp_config.json` | none | `mcpServers`, `{command, args, env?}` |
 * | `codex` | `~/.codex/config.toml` (`$CODEX_HOME`) | `.codex/config.toml` (trusted projects) | `[mcp_servers.helix]`: `command`, `args`, `env` |
 * | `gemini` | `~/.gemini/settings.json` (`$GEMINI_CLI_HOME/.gemini`) | `.gemini/settings.json` | `mcpServers`, `{command, args, env?}` |
 * | `copilot` | `~/.copilot/mcp-config.json` (`$COPILOT_HOME`) | `.mcp.json` (Claude Code's shape) | `mcpServers`, `{type: "local", command, args, env, tools: ["*"]}` |
 *
 * The project is `cwd`. VS Code's user folder is `~/.config/Code/User` (`$XDG_CONFIG_HOME`) on
 * Linux, `~/Library/Application Support/Code/User` on macOS and `%APPDATA%\Code\User` on
 * Windows; profiles other than the default keep their own `mcp.json`, which Helix does not
 * touch. Only VS Code and Gemini CLI files may contain comments; for the others a comment is
 * refused like any other syntax error. Writing keeps the replaced file as `<file>.helix-backup`.
 *
 * @module
 */
export {
  type ClientId,
  type ClientInfo,
  CLIENTS,
  type Environment,
  findClient,
  type Scope,
  type ServerSpec,
} from "./clients.ts";
export { instructionsFor } from "./instructions.ts";
export {
  applyConnect,
  BACKUP_SUFFIX,
  type ConnectChange,
  type ConnectOptions,
  type ConnectPlan,
  planConnect,
} from "./plan.ts";
