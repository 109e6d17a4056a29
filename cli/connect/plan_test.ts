import { deepEqual, equal, match, rejects } from "node:assert/strict";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { HelixError, isHelixError } from "@helix/core";
import type { Scope, ServerSpec } from "./clients.ts";
import { parseJsonc } from "./jsonc.ts";
import { applyConnect, planConnect } from "./plan.ts";
import { exists, put, sandbox, snapshot } from "./_testing.ts";

const A: ServerSpec = { command: "helix", args: ["mcp"] };
const B: ServerSpec = {
  command: "deno",
  args: ["run", "-A", "--quiet", "/opt/helix/server/main.ts"],
  env: { HELIX_HOME: "/data/helix" },
};

type Entry = Record<string, unknown>;

/** An existing configuration with other servers and settings, and the text Helix should make of it. */
interface Fixture {
  readonly text: string;
  /** The exact text after adding `entry` as "helix". */
  readonly added: (entry: Entry) => string;
  /** A text this client cannot parse, and where the error is. */
  readonly broken: readonly [string, RegExp];
}

function member(entry: Entry, indent: string): string {
  return `"helix": ${JSON.stringify(entry, null, 2).replaceAll("\n", "\n" + indent)}`;
}

const REMOTE = `    "remote": { "type": "http", "url": "https://example.com/mcp" }\n`;
const JSON_SERVERS: Fixture = {
  text: `{
  "theme": "dark",
  "numStartups": 42,
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github"],
      "env": { "GITHUB_TOKEN": "ghp_x" }
    },
${REMOTE}  },
  "projects": { "/src/app": { "allowedTools": [] } }
}
`,
  added: (entry) =>
    JSON_SERVERS.text.replace(REMOTE, `${REMOTE.slice(0, -1)},\n    ${member(entry, "    ")}\n`),
  broken: [
    `{\n  "theme": "dark"\n  "mcpServers": {}\n}\n`,
    /not valid JSON \(expected ',' or '\}' at line 3, column 3\)/,
  ],
};

const GEMINI_SETTINGS: Fixture = {
  text: `{
  // Gemini CLI settings
  "theme": "GitHub",
  "mcpServers": {
    "pythonTools": {
      "command": "python",
      "args": ["-m", "my_mcp_server"], // the local one
      "trust": true
    } // end of pythonTools
  },
  "contextFileName": "AGENTS.md"
}
`,
  added: (entry) =>
    GEMINI_SETTINGS.text.replace(
      "    } // end of pythonTools\n",
      `    }, // end of pythonTools\n    ${member(entry, "    ")}\n`,
    ),
  broken: [
    `{\n  "theme": "GitHub",\n  "mcpServers": {\n`,
    /not valid JSON \(unexpected end of file at line 4, column 1\)/,
  ],
};

const VSCODE_MCP: Fixture = {
  text: `{
  // Workspace MCP servers
  "inputs": [
    { "type": "promptString", "id": "token", "description": "GitHub token", "password": true }
  ],
  "servers": {
    /* remote GitHub */
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/",
      "headers": { "Authorization": "Bearer \${input:token}" },
    },
  },
}
`,
  added: (entry) =>
    VSCODE_MCP.text.replace("    },\n  },\n}", `    },\n    ${member(entry, "    ")},\n  },\n}`),
  broken: [`{\n  "servers": {\n    "github": { "url": 'x' }\n  }\n}\n`, /line 3, column 24/],
};

const CODEX_TOML: Fixture = {
  text: `# Codex configuration
model = "gpt-5-codex"  # default model
approval_policy = "on-request"

[mcp_servers.github]
command = "npx"
args = [
  "-y",
  "@modelcontextprotocol/server-github", # the official one
]
env = { GITHUB_TOKEN = "ghp_x" }

# Profiles below
[profiles.work]
model = "o3"
`,
  added: (entry) => {
    const lines = Object.entries(entry).map(([key, value]) =>
      `${key} = ${
        key === "env"
          ? `{ ${
            Object.entries(value as Entry).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(", ")
          } }`
          : JSON.stringify(value).replaceAll(",", ", ")
      }\n`
    );
    return CODEX_TOML.text.replace(
      `env = { GITHUB_TOKEN = "ghp_x" }\n`,
      `env = { GITHUB_TOKEN = "ghp_x" }\n\n[mcp_servers.helix]\n${lines.join("")}`,
    );
  },
  broken: [`[mcp_servers.github]\ncommand = "npx\n`, /config\.toml:2: not valid TOML/],
};

interface Case {
  readonly client: string;
  readonly scope: Scope;
  /** The file, relative to the home ("~/…") or the project ("./…"). */
  readonly file: string;
  readonly serversKey: string;
  readonly entry: (server: ServerSpec) => Entry;
  readonly fixture: Fixture;
}

const claudeShape = (s: ServerSpec): Entry => ({
  type: "stdio",
  command: s.command,
  args: s.args,
  env: s.env ?? {},
});
const plainShape = (s: ServerSpec): Entry => ({
  command: s.command,
  args: s.args,
  ...(s.env ? { env: s.env } : {}),
});

const CASES: readonly Case[] = [
  {
    client: "claude",
    scope: "user",
    file: "~/.claude.json",
    serversKey: "mcpServers",
    entry: claudeShape,
    fixture: JSON_SERVERS,
  },
  {
    client: "claude",
    scope: "project",
    file: "./.mcp.json",
    serversKey: "mcpServers",
    entry: claudeShape,
    fixture: JSON_SERVERS,
  },
  {
    client: "cursor",
    scope: "user",
    file: "~/.cursor/mcp.json",
    serversKey: "mcpServers",
    entry: plainShape,
    fixture: JSON_SERVERS,
  },
  {
    client: "cursor",
    scope: "project",
    file: "./.cursor/mcp.json",
    serversKey: "mcpServers",
    entry: plainShape,
    fixture: JSON_SERVERS,
  },
  {
    client: "vscode",
    scope: "project",
    file: "./.vscode/mcp.json",
    serversKey: "servers",
    entry: (s) => ({ type: "stdio", ...plainShape(s) }),
    fixture: VSCODE_MCP,
  },
  {
    client: "vscode",
    scope: "user",
    file: "~/.config/Code/User/mcp.json",
    serversKey: "servers",
    entry: (s) => ({ type: "stdio", ...plainShape(s) }),
    fixture: VSCODE_MCP,
  },
  {
    client: "windsurf",
    scope: "user",
    file: "~/.codeium/windsurf/mcp_config.json",
    serversKey: "mcpServers",
    entry: plainShape,
    fixture: JSON_SERVERS,
  },
  {
    client: "codex",
    scope: "user",
    file: "~/.codex/config.toml",
    serversKey: "mcp_servers",
    entry: plainShape,
    fixture: CODEX_TOML,
  },
  {
    client: "codex",
    scope: "project",
    file: "./.codex/config.toml",
    serversKey: "mcp_servers",
    entry: plainShape,
    fixture: CODEX_TOML,
  },
  {
    client: "gemini",
    scope: "user",
    file: "~/.gemini/settings.json",
    serversKey: "mcpServers",
    entry: plainShape,
    fixture: GEMINI_SETTINGS,
  },
  {
    client: "gemini",
    scope: "project",
    file: "./.gemini/settings.json",
    serversKey: "mcpServers",
    entry: plainShape,
    fixture: GEMINI_SETTINGS,
  },
  {
    client: "copilot",
    scope: "user",
    file: "~/.copilot/mcp-config.json",
    serversKey: "mcpServers",
    entry: (s) => ({
      type: "local",
      command: s.command,
      args: s.args,
      env: s.env ?? {},
      tools: ["*"],
    }),
    fixture: JSON_SERVERS,
  },
  {
    client: "copilot",
    scope: "project",
    file: "./.mcp.json",
    serversKey: "mcpServers",
    entry: claudeShape,
    fixture: JSON_SERVERS,
  },
];

/** A parsed configuration as plain JSON values (smol-toml's objects have no prototype). */
function read(file: string, text: string): Record<string, unknown> {
  const value = file.endsWith(".toml")
    ? parseToml(text)
    : parseJsonc(text, { comments: true }).value;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

function withoutHelix(
  config: Record<string, unknown>,
  serversKey: string,
): Record<string, unknown> {
  const servers = { ...(config[serversKey] as Entry) };
  delete servers.helix;
  return { ...config, [serversKey]: servers };
}

for (const c of CASES) {
  const label = `planConnect("${c.client}", ${c.scope})`;
  const where = (box: { home: string; cwd: string }) =>
    join(c.file.startsWith("~") ? box.home : box.cwd, c.file.slice(2));

  Deno.test(`${label} creates ${c.file} with Helix's entry when it is missing`, async () => {
    await using box = await sandbox();
    const file = where(box);
    const plan = await planConnect(c.client, box.options(A, c.scope));
    equal(plan.path, file);
    equal(plan.change, "added");
    equal(plan.exists, false);
    equal(plan.before, undefined);
    equal(plan.backupPath, undefined);
    equal(await exists(file), false);
    await applyConnect(plan);
    const text = await Deno.readTextFile(file);
    equal(text, plan.after);
    const expected = { [c.serversKey]: { helix: c.entry(A) } };
    deepEqual(read(file, text), expected);
    deepEqual(JSON.parse(JSON.stringify(plan.merged)), expected);
    deepEqual(plan.entry, c.entry(A));
    if (file.endsWith(".toml")) {
      equal(text, '[mcp_servers.helix]\ncommand = "helix"\nargs = ["mcp"]\n');
    } else equal(text, JSON.stringify(expected, null, 2) + "\n");
  });

  Deno.test(`${label} keeps other servers and settings byte for byte`, async () => {
    await using box = await sandbox();
    const file = where(box);
    await put(file, c.fixture.text);
    const plan = await planConnect(c.client, box.options(A, c.scope));
    equal(plan.change, "added");
    equal(plan.exists, true);
    equal(plan.before, c.fixture.text);
    equal(plan.backupPath, file + ".helix-backup");
    await applyConnect(plan);
    const text = await Deno.readTextFile(file);
    equal(text, c.fixture.added(c.entry(A)));
    deepEqual(withoutHelix(read(file, text), c.serversKey), read(file, c.fixture.text));
    deepEqual((read(file, text)[c.serversKey] as Entry).helix, c.entry(A));
    equal(await Deno.readTextFile(file + ".helix-backup"), c.fixture.text);
  });

  Deno.test(`${label} is idempotent: a second run is unchanged and writes nothing`, async () => {
    await using box = await sandbox();
    const file = where(box);
    await put(file, c.fixture.added(c.entry(A)));
    const { mtime, ino } = await Deno.stat(file);
    const plan = await planConnect(c.client, box.options(A, c.scope));
    equal(plan.change, "unchanged");
    equal(plan.after, plan.before);
    equal(plan.backupPath, undefined);
    match(plan.summary, /"helix" is already up to date in /);
    const before = await snapshot(box.root);
    await applyConnect(plan);
    deepEqual(await snapshot(box.root), before);
    const after = await Deno.stat(file);
    deepEqual([after.mtime, after.ino], [mtime, ino]);
  });

  Deno.test(`${label} updates a different Helix entry and nothing else`, async () => {
    await using box = await sandbox();
    const file = where(box);
    const old = c.fixture.added(c.entry(A));
    await put(file, old);
    const plan = await planConnect(c.client, box.options(B, c.scope));
    equal(plan.change, "updated");
    match(plan.summary, /: update "helix" in /);
    await applyConnect(plan);
    const text = await Deno.readTextFile(file);
    equal(text, c.fixture.added(c.entry(B)));
    deepEqual((read(file, text)[c.serversKey] as Entry).helix, c.entry(B));
    deepEqual(
      withoutHelix(read(file, text), c.serversKey),
      withoutHelix(read(file, old), c.serversKey),
    );
    equal(await Deno.readTextFile(file + ".helix-backup"), old);
    equal((await planConnect(c.client, box.options(B, c.scope))).change, "unchanged");
  });

  Deno.test(`${label} refuses a file it cannot parse and leaves it alone`, async () => {
    await using box = await sandbox();
    const file = where(box);
    const [broken, where_] = c.fixture.broken;
    await put(file, broken);
    const before = await snapshot(box.root);
    await rejects(planConnect(c.client, box.options(A, c.scope)), (error: unknown) => {
      equal(isHelixError(error, "invalid_input"), true);
      const { message } = error as HelixError;
      equal(message.startsWith(`Cannot read ${file}`), true, message);
      match(message, where_);
      return true;
    });
    deepEqual(await snapshot(box.root), before);
  });

  Deno.test(`${label} plans without touching the disk (dry run)`, async () => {
    await using box = await sandbox();
    const empty = await snapshot(box.root);
    equal((await planConnect(c.client, box.options(A, c.scope))).change, "added");
    deepEqual(await snapshot(box.root), empty);
    await put(where(box), c.fixture.text);
    const before = await snapshot(box.root);
    const plan = await planConnect(c.client, box.options(B, c.scope));
    equal(plan.change, "added");
    equal(plan.after, c.fixture.added(c.entry(B)));
    deepEqual(await snapshot(box.root), before);
  });
}
