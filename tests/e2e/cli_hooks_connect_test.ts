/**
 * `helix connect claude --hooks`: Helix's hooks merged into `.claude/settings.json` beside the
 * user's own (`--dry-run` writes nothing, a second run changes nothing), and `--remove` takes
 * them out, leaving the user's settings as they were. The other agents: see
 * cli_hooks_connect_agents_test.ts.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

const USER_SETTINGS = `{
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  }
}
`;

Deno.test("connect claude --hooks merges, is idempotent, and --remove takes them out", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const helix = cli(home.path);
  const settings = join(project.path, ".claude", "settings.json");
  await Deno.mkdir(join(project.path, ".claude"));
  await Deno.writeTextFile(settings, USER_SETTINGS);
  const run = (...args: string[]) => helix(["connect", "claude", ...args], { cwd: project.path });

  const dry = await run("--hooks", "--dry-run");
  equal(dry.code, 0, dry.stderr);
  match(dry.stdout, /\+ .*hook SessionStart/);
  equal(await Deno.readTextFile(settings), USER_SETTINGS, "a dry run writes nothing");

  equal((await run("--hooks")).code, 0);
  const merged = JSON.parse(await Deno.readTextFile(settings));
  ok(
    (await Deno.readTextFile(settings)).includes('"permissions": { "allow": ["Bash(npm test)"] }'),
  );
  equal(merged.hooks.Stop[0].hooks[0].command, "notify-send done", "the user's hook stays first");
  const stop = merged.hooks.Stop[1].hooks[0];
  match(stop.command, /hook Stop$/);
  equal(stop.async, true);
  equal(merged.hooks.SessionStart[0].matcher, "startup|resume|clear|compact");
  match(merged.hooks.SessionStart[0].hooks[0].command, /hook SessionStart$/);
  match(merged.hooks.PreCompact[0].hooks[0].command, /hook PreCompact$/);
  ok(merged.hooks.SessionEnd[0].hooks[0].timeout <= 5);

  const again = await run("--hooks");
  match(again.stdout, /nothing to change/);

  const removed = await run("--remove", "--json");
  equal(removed.json().change, "removed");
  deepEqual(JSON.parse(await Deno.readTextFile(settings)), JSON.parse(USER_SETTINGS));
  deepEqual(JSON.parse(await Deno.readTextFile(`${settings}.helix-backup`)), merged);
});

Deno.test("connect claude --hooks --scope user writes ~/.claude/settings.json; clients without hooks are refused", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["connect", "claude", "--hooks", "--scope", "user"])).code, 0);
  const written = JSON.parse(await Deno.readTextFile(join(home.path, ".claude", "settings.json")));
  deepEqual(Object.keys(written.hooks), ["SessionStart", "Stop", "PreCompact", "SessionEnd"]);
  const windsurf = await helix(["connect", "windsurf", "--hooks"]);
  equal(windsurf.code, 64);
  match(windsurf.stderr, /rules export/);
  const copilot = await helix(["connect", "copilot", "--hooks", "--scope", "user"]);
  equal(copilot.code, 64);
  match(copilot.stderr, /\.github\/hooks/);
});
