/**
 * `helix connect codex|gemini|cursor|copilot --hooks` on real files: Helix's handlers merged
 * beside the user's own in each agent's hook file and layout, the rest of the file kept byte
 * for byte (Gemini's comments too), a second run changing nothing, `--remove` giving back the
 * user's file exactly, and an installed command that really answers the agent.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { payload } from "./_hooks.ts";

interface Case {
  readonly agent: string;
  readonly file: string;
  /** The user's file before Helix touches it. */
  readonly mine: string;
  /** The events Helix adds, as the file spells them. */
  readonly events: readonly string[];
  /** Helix's handler of `event` in the parsed file. */
  // deno-lint-ignore no-explicit-any
  handler(file: any, event: string): Record<string, unknown>;
  /** The user's own entry, still first. */
  // deno-lint-ignore no-explicit-any
  mineFirst(file: any): void;
}

const CASES: readonly Case[] = [
  {
    agent: "codex",
    file: ".codex/hooks.json",
    mine: `{
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done", "timeout": 5 }] }]
  }
}
`,
    events: ["SessionStart", "Stop"],
    handler: (file, event) => file.hooks[event].at(-1).hooks[0],
    mineFirst: (file) => equal(file.hooks.Stop[0].hooks[0].command, "say done"),
  },
  {
    agent: "gemini",
    file: ".gemini/settings.json",
    mine: `{
  // my theme
  "ui": { "theme": "GitHub" },
  "hooks": {
    "SessionStart": [
      { "matcher": "startup", "hooks": [{ "type": "command", "command": "echo hi" }] },
    ],
  },
}
`,
    events: ["SessionStart", "AfterAgent", "PreCompress", "SessionEnd"],
    handler: (file, event) => file.hooks[event].at(-1).hooks[0],
    mineFirst: (file) => equal(file.hooks.SessionStart[0].hooks[0].command, "echo hi"),
  },
  {
    agent: "cursor",
    file: ".cursor/hooks.json",
    mine: `{
  "version": 1,
  "hooks": {
    "afterFileEdit": [{ "command": "./format.sh" }],
    "sessionStart": [{ "command": "./banner.sh" }]
  }
}
`,
    events: [
      "sessionStart",
      "beforeSubmitPrompt",
      "afterAgentResponse",
      "preCompact",
      "sessionEnd",
    ],
    handler: (file, event) => file.hooks[event].at(-1),
    mineFirst: (file) => equal(file.hooks.sessionStart[0].command, "./banner.sh"),
  },
  {
    agent: "copilot",
    file: ".github/hooks/helix.json",
    mine: `{
  "version": 1,
  "hooks": {
    "sessionEnd": [{ "type": "command", "bash": "./cleanup.sh", "timeoutSec": 10 }]
  }
}
`,
    events: ["userPromptSubmitted", "agentStop", "preCompact", "sessionEnd"],
    handler: (file, event) => file.hooks[event].at(-1),
    mineFirst: (file) => equal(file.hooks.sessionEnd[0].bash, "./cleanup.sh"),
  },
];

for (const c of CASES) {
  Deno.test(`connect ${c.agent} --hooks merges into ${c.file}, is idempotent, and --remove restores it`, async () => {
    await using home = await tempDir();
    await using project = await tempDir();
    const helix = cli(home.path);
    const path = join(project.path, c.file);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, c.mine);
    const run = (...args: string[]) => helix(["connect", c.agent, ...args], { cwd: project.path });

    const dry = await run("--hooks", "--dry-run");
    equal(dry.code, 0, dry.stderr);
    match(dry.stdout, new RegExp(`\\+ .*hook ${c.events[0]} --agent ${c.agent}`));
    equal(await Deno.readTextFile(path), c.mine, "a dry run writes nothing");

    const installed = await run("--hooks", "--json");
    equal(installed.code, 0, installed.stderr);
    equal(installed.json().change, "added");
    deepEqual(installed.json().events, c.events);
    const text = await Deno.readTextFile(path);
    if (c.agent === "gemini") {
      ok(text.startsWith('{\n  // my theme\n  "ui": { "theme": "GitHub" },'));
    }
    const merged = c.agent === "gemini"
      ? JSON.parse(text.replace(/\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1"))
      : JSON.parse(text);
    c.mineFirst(merged);
    for (const event of c.events) {
      const handler = c.handler(merged, event);
      const command = (handler.command ?? handler.bash) as string;
      match(command, new RegExp(`hook ${event} --agent ${c.agent}$`));
    }
    if (c.agent === "cursor" || c.agent === "copilot") equal(merged.version, 1);

    const again = await run("--hooks");
    match(again.stdout, /nothing to change/);
    equal(await Deno.readTextFile(path), text);

    const removed = await run("--remove", "--json");
    equal(removed.json().change, "removed");
    deepEqual(
      JSON.parse(
        (await Deno.readTextFile(path)).replace(/\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1"),
      ),
      JSON.parse(c.mine.replace(/\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1")),
    );
    equal(await Deno.readTextFile(`${path}.helix-backup`), text, "the file before removal is kept");
  });
}

Deno.test("connect <agent> --hooks --scope user writes the user's files", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const codex = await helix(["connect", "codex", "--hooks", "--scope", "user"]);
  match(codex.stdout, /enabled Codex hooks: codex_hooks = true/, "Codex's feature flag is set");
  for (
    const [agent, file] of [
      ["codex", ".codex/hooks.json"],
      ["gemini", ".gemini/settings.json"],
      ["cursor", ".cursor/hooks.json"],
    ]
  ) {
    const result = await helix(["connect", agent!, "--hooks", "--scope", "user", "--json"]);
    equal(result.code, 0, result.stderr);
    equal(result.json().path, join(home.path, file!));
    ok(JSON.parse(await Deno.readTextFile(join(home.path, file!))).hooks);
  }
});

Deno.test("connect codex --hooks turns on Codex's hooks in its config.toml, keeping the rest", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const config = join(home.path, ".codex", "config.toml");
  await Deno.mkdir(join(home.path, ".codex"), { recursive: true });
  const mine = `# my Codex settings
model = "o4-mini"

[features]
web_search = true # keep this

[mcp_servers.docs]
command = "docs-mcp"
`;
  await Deno.writeTextFile(config, mine);
  const dry = await helix(["connect", "codex", "--hooks", "--dry-run"]);
  equal(dry.code, 0, dry.stderr);
  match(dry.stdout, /Would set codex_hooks = true/);
  equal(await Deno.readTextFile(config), mine, "a dry run writes nothing");
  const done = await helix(["connect", "codex", "--hooks", "--json"]);
  equal(done.code, 0, done.stderr);
  deepEqual(done.json().featureFlag, { path: config, change: "updated" });
  const text = await Deno.readTextFile(config);
  match(text, /\[features\]\ncodex_hooks = true\nweb_search = true # keep this\n/);
  ok(text.startsWith('# my Codex settings\nmodel = "o4-mini"\n'), "the rest is kept");
  match(text, /\[mcp_servers\.docs\]\ncommand = "docs-mcp"\n/);
  const again = await helix(["connect", "codex", "--hooks", "--json"]);
  equal(again.json().featureFlag.change, "unchanged", "a second run changes nothing");
  equal(await Deno.readTextFile(config), text);
});

Deno.test("the command connect installs for Cursor answers a real sessionStart payload", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  equal((await helix(["add", "--type", "convention", "Use tabs in Makefiles."])).code, 0);
  equal((await helix(["connect", "cursor", "--hooks"], { cwd: project.path })).code, 0);
  const file = JSON.parse(await Deno.readTextFile(join(project.path, ".cursor", "hooks.json")));
  const command = file.hooks.sessionStart.at(-1).command as string;
  const env: Record<string, string> = { HELIX_HOME: home.path, HELIX_EMBEDDER: "none" };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  const child = new Deno.Command("sh", {
    args: ["-c", command],
    env,
    cwd: project.path,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(await payload("cursor_session_start", { cwd: project.path })),
  );
  await writer.close();
  const out = await child.output();
  equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const answer = JSON.parse(new TextDecoder().decode(out.stdout));
  match(answer.additional_context, /Use tabs in Makefiles/);
});
