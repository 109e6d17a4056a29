/**
 * What to tell someone whose MCP client Helix cannot configure itself: a generic
 * `mcpServers` snippet and the stdio command, for them to add by hand.
 *
 * @module
 */
import { CLIENTS, type ServerSpec } from "./clients.ts";

/**
 * Instructions for adding Helix to `client` by hand, for clients `helix connect` does not know.
 *
 * @example Usage
 * ```ts
 * import { instructionsFor } from "./instructions.ts";
 * import { match } from "node:assert/strict";
 *
 * const text = instructionsFor("zed", { command: "helix", args: ["mcp"] });
 * match(text, /"mcpServers": \{\n    "helix": \{\n      "command": "helix"/);
 * match(text, /^  helix mcp$/m);
 * ```
 */
export function instructionsFor(client: string, server: ServerSpec): string {
  const name = server.name ?? "helix";
  const env = server.env && Object.keys(server.env).length > 0 ? { env: server.env } : {};
  const entry = { command: server.command, args: server.args, ...env };
  const snippet = JSON.stringify({ mcpServers: { [name]: entry } }, null, 2);
  const command = [server.command, ...server.args].map(shellQuote).join(" ");
  const known = CLIENTS.map((c) => c.id).join(", ");
  const lines = [
    `Helix cannot set up "${client}" by itself (it can: ${known}).`,
    "Add Helix to that client's MCP servers by hand. Most clients take JSON like this",
    '(VS Code-style clients use "servers" and add "type": "stdio"; TOML clients take a',
    `[mcp_servers.${name}] table with the same fields):`,
    "",
    snippet,
    "",
    "Helix is a stdio server; the command the client should run is:",
    "",
    `  ${command}`,
  ];
  if (env.env) {
    lines.push("", "with these environment variables:", "");
    for (const [key, value] of Object.entries(env.env)) lines.push(`  ${key}=${shellQuote(value)}`);
  }
  return lines.join("\n") + "\n";
}

/** A POSIX shell word: as is when safe, else single-quoted. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
