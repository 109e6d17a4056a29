import { deepEqual, equal, match, rejects } from "node:assert/strict";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { type HelixError, isHelixError } from "@helix/core";
import { applyConnect, planConnect } from "./plan.ts";
import { put, sandbox, snapshot } from "./_testing.ts";

const A = { command: "helix", args: ["mcp"] };

function rejectsWith(code: string, pattern: RegExp) {
  return (error: unknown): boolean => {
    equal(isHelixError(error), true, String(error));
    equal((error as HelixError).code, code);
    match((error as HelixError).message, pattern);
    return true;
  };
}

Deno.test("planConnect() rejects an unknown client, naming the ones it knows", async () => {
  await using box = await sandbox();
  await rejects(
    planConnect("zed", box.options(A)),
    rejectsWith(
      "invalid_input",
      /^Cannot connect "zed": not a client Helix knows \(claude, cursor, vscode, windsurf, codex, gemini, copilot\)/,
    ),
  );
});

Deno.test("planConnect() rejects a scope the client does not have", async () => {
  await using box = await sandbox();
  await rejects(
    planConnect("windsurf", box.options(A, "project")),
    rejectsWith("invalid_input", /Windsurf: it has no project scope, only user/),
  );
});

Deno.test("planConnect() uses each client's default scope", async () => {
  await using box = await sandbox();
  equal((await planConnect("vscode", box.options(A))).path, join(box.cwd, ".vscode", "mcp.json"));
  equal((await planConnect("claude", box.options(A))).scope, "user");
  equal((await planConnect("codex", box.options(A))).path, join(box.home, ".codex", "config.toml"));
});

Deno.test("planConnect() rejects an empty server name or command", async () => {
  await using box = await sandbox();
  await rejects(
    planConnect("cursor", box.options({ ...A, name: " " })),
    rejectsWith("invalid_input", /name is empty/),
  );
  await rejects(planConnect("cursor", box.options({ ...A, command: "" })), TypeError);
});

Deno.test("planConnect() honours the environment variables that move a client's files", async () => {
  await using box = await sandbox();
  const dir = join(box.root, "claude-alt");
  const plan = await planConnect("claude", { ...box.options(A), env: { CLAUDE_CONFIG_DIR: dir } });
  equal(plan.path, join(dir, ".claude.json"));
});

Deno.test("planConnect() writes a server under another name", async () => {
  await using box = await sandbox();
  const plan = await planConnect("claude", box.options({ ...A, name: "helix-work" }));
  equal(plan.name, "helix-work");
  deepEqual(Object.keys(plan.merged.mcpServers as Record<string, unknown>), ["helix-work"]);
});

Deno.test("planConnect() replaces Helix's launch keys and keeps the user's other keys", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".cursor", "mcp.json");
  await put(
    file,
    JSON.stringify({
      mcpServers: {
        helix: {
          type: "http",
          url: "http://127.0.0.1:7437/mcp",
          headers: { A: "b" },
          timeout: 5,
          disabled: false,
        },
      },
    }),
  );
  const plan = await planConnect("cursor", box.options(A));
  equal(plan.change, "updated");
  deepEqual(plan.entry, { timeout: 5, disabled: false, command: "helix", args: ["mcp"] });
  await put(
    file,
    JSON.stringify({ mcpServers: { helix: { type: "stdio", command: "helix", args: ["mcp"] } } }),
  );
  equal((await planConnect("cursor", box.options(A))).change, "unchanged"); // an explicit stdio type is fine
});

Deno.test("planConnect() replaces Helix's env as a whole", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".gemini", "settings.json");
  await put(
    file,
    JSON.stringify({ mcpServers: { helix: { ...A, env: { OLD: "1" }, trust: true } } }),
  );
  const plan = await planConnect("gemini", box.options({ ...A, env: { HELIX_STRAND: "work" } }));
  deepEqual(plan.entry, {
    command: "helix",
    args: ["mcp"],
    env: { HELIX_STRAND: "work" },
    trust: true,
  });
  const cleared = await planConnect("gemini", box.options(A));
  deepEqual(cleared.entry, { command: "helix", args: ["mcp"], trust: true });
});

Deno.test("planConnect() keeps Copilot tools the user narrowed, and adds them when missing", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".copilot", "mcp-config.json");
  const narrowed = {
    type: "local",
    command: "helix",
    args: ["mcp"],
    env: {},
    tools: ["memory_search"],
  };
  await put(file, JSON.stringify({ mcpServers: { helix: narrowed } }, null, 2));
  equal((await planConnect("copilot", box.options(A))).change, "unchanged");
  await put(
    file,
    JSON.stringify({ mcpServers: { helix: { type: "stdio", command: "helix", args: ["mcp"] } } }),
  );
  const plan = await planConnect("copilot", box.options(A));
  equal(plan.change, "updated");
  deepEqual(plan.entry, { type: "local", command: "helix", args: ["mcp"], env: {}, tools: ["*"] });
});

Deno.test("planConnect() replaces a Helix entry that is not an object", async () => {
  await using box = await sandbox();
  await put(join(box.home, ".cursor", "mcp.json"), '{"mcpServers": {"helix": "todo"}}');
  const plan = await planConnect("cursor", box.options(A));
  equal(plan.change, "updated");
  equal(
    plan.after,
    '{"mcpServers": {"helix": {\n  "command": "helix",\n  "args": [\n    "mcp"\n  ]\n}}}',
  );
});

Deno.test("planConnect() refuses JSON whose servers or root is not an object", async (t) => {
  const cases: [string, RegExp][] = [
    ['{"mcpServers": []}', /"mcpServers" in .* is a array, not an object/],
    ['{"mcpServers": null}', /"mcpServers" in .* is a null, not an object/],
    ["[1, 2]", /holds a JSON array, not an object/],
    ['"text"', /holds a JSON string, not an object/],
  ];
  for (const [text, message] of cases) {
    await t.step(text, async () => {
      await using box = await sandbox();
      await put(join(box.home, ".cursor", "mcp.json"), text);
      await rejects(planConnect("cursor", box.options(A)), rejectsWith("conflict", message));
    });
  }
});

Deno.test("planConnect() refuses comments where the client does not allow them", async () => {
  await using box = await sandbox();
  const text = '{\n  // mine\n  "mcpServers": {}\n}\n';
  await put(join(box.home, ".claude.json"), text);
  await rejects(
    planConnect("claude", box.options(A)),
    rejectsWith("invalid_input", /not valid JSON \(comments are not allowed at line 2, column 3\)/),
  );
  await put(join(box.cwd, ".vscode", "mcp.json"), text.replace("mcpServers", "servers"));
  const plan = await planConnect("vscode", box.options(A));
  match(plan.after, /^\{\n {2}\/\/ mine\n {2}"servers": \{\n {4}"helix": \{/);
});

Deno.test("planConnect() treats an empty file as an empty configuration", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".codeium", "windsurf", "mcp_config.json");
  await put(file, "\n");
  const plan = await planConnect("windsurf", box.options(A));
  equal(plan.change, "added");
  equal(plan.exists, true);
  equal(plan.backupPath, file + ".helix-backup");
  deepEqual(JSON.parse(plan.after), { mcpServers: { helix: A } });
});

Deno.test("planConnect() keeps Windows line endings", async () => {
  await using box = await sandbox();
  await put(
    join(box.home, ".cursor", "mcp.json"),
    '{\r\n  "mcpServers": {\r\n    "a": {}\r\n  }\r\n}\r\n',
  );
  const { after } = await planConnect("cursor", box.options(A));
  equal(after.replaceAll("\r\n", "").includes("\n"), false);
  deepEqual(JSON.parse(after), { mcpServers: { a: {}, helix: A } });
});

Deno.test("planConnect() rewrites only Codex's helix table, keeping its extras and tool approvals", async () => {
  await using box = await sandbox();
  const text = `[mcp_servers.github]
command = "npx"

[mcp_servers.helix]
# launched from a checkout
command = "deno"
args = ["task", "mcp"]
startup_timeout_sec = 30.0 # slow disk
enabled = true

[mcp_servers.helix.env]
OLD = "1"

[mcp_servers.helix.tools.memory_search]
approval_mode = "approve"

# the end
`;
  await put(join(box.home, ".codex", "config.toml"), text);
  const plan = await planConnect("codex", box.options({ ...A, env: { HELIX_HOME: "/data" } }));
  equal(plan.change, "updated");
  equal(
    plan.after,
    `[mcp_servers.github]
command = "npx"

[mcp_servers.helix]
command = "helix"
args = ["mcp"]
env = { HELIX_HOME = "/data" }
startup_timeout_sec = 30.0 # slow disk
enabled = true

[mcp_servers.helix.tools.memory_search]
approval_mode = "approve"

# the end
`,
  );
  deepEqual(JSON.parse(JSON.stringify(parseToml(plan.after))), {
    mcp_servers: {
      github: { command: "npx" },
      helix: {
        command: "helix",
        args: ["mcp"],
        env: { HELIX_HOME: "/data" },
        startup_timeout_sec: 30,
        enabled: true,
        tools: { memory_search: { approval_mode: "approve" } },
      },
    },
  });
});

Deno.test("planConnect() quotes a Codex server name that is not a bare key", async () => {
  await using box = await sandbox();
  const plan = await planConnect("codex", box.options({ ...A, name: "helix.work" }));
  equal(plan.after, '[mcp_servers."helix.work"]\ncommand = "helix"\nargs = ["mcp"]\n');
  await applyConnect(plan);
  equal(
    (await planConnect("codex", box.options({ ...A, name: "helix.work" }))).change,
    "unchanged",
  );
});

Deno.test("planConnect() refuses Codex files it cannot edit safely, leaving them alone", async (t) => {
  const cases: [string, RegExp][] = [
    ['[mcp_servers]\nhelix = { command = "old" }\n', /would change more than the "helix" entry/],
    [
      'mcp_servers = { github = { command = "npx" } }\n',
      /would change more than the "helix" entry/,
    ],
    ['mcp_servers = "none"\n', /"mcp_servers" in .* is a string, not an object/],
  ];
  for (const [text, message] of cases) {
    await t.step(text, async () => {
      await using box = await sandbox();
      await put(join(box.home, ".codex", "config.toml"), text);
      const before = await snapshot(box.root);
      await rejects(planConnect("codex", box.options(A)), rejectsWith("conflict", message));
      deepEqual(await snapshot(box.root), before);
    });
  }
});

Deno.test("planConnect() passes on each client's notes", async () => {
  await using box = await sandbox();
  match((await planConnect("codex", box.options(A, "project"))).notes.join(), /trust/);
  match((await planConnect("copilot", box.options(A, "project"))).notes.join(), /trust the folder/);
  match((await planConnect("claude", box.options(A, "project"))).notes.join(), /approve/);
  deepEqual((await planConnect("cursor", box.options(A))).notes, []);
});

Deno.test("planConnect() summarises the change for people", async () => {
  await using box = await sandbox();
  const plan = await planConnect("gemini", box.options(A));
  equal(
    plan.summary,
    `Gemini CLI (user): add "helix" to ${join(box.home, ".gemini", "settings.json")} (new file)`,
  );
});

Deno.test("planConnect() keeps a user's switch-off, and says so", async () => {
  await using box = await sandbox();
  await put(
    join(box.home, ".codex", "config.toml"),
    '[mcp_servers.helix]\ncommand = "helix"\nargs = ["mcp"]\nenabled = false\n',
  );
  const plan = await planConnect("codex", box.options(A));
  equal(plan.change, "unchanged");
  match(plan.notes.join(), /"helix" is switched off in this file/);
});
