/**
 * What the CLI does at its edges: memory content never drives the terminal (the real binary's
 * output carries no control character, only its `\uXXXX` escape), a closed pipe ends a command
 * quietly, errors from the file system are typed with their exit codes, usage errors answer
 * `--json` callers in JSON, unknown `--kind` values are refused, and completion offers the
 * values of `--type`, `--status` and `--kind`.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { run } from "../../cli/main.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
/** Control characters a terminal acts on: C0 but newline and tab, DEL, C1. */
// deno-lint-ignore no-control-regex
const ACTS_ON_TERMINAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** Runs the real `helix` (cli/main.ts in a child process) with `home` as HELIX_HOME. */
async function helixProcess(home: string, args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), ...args],
    env: { HELIX_HOME: home, HELIX_EMBEDDER: "none", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

Deno.test("escape sequences in memories reach the terminal as text, never as commands", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const hostile = "Deploy notes \x1b]0;PWNED\x07 then \x1b[2J\x1b[H cleared \x9b31m and\rover";
  // Written as an agent would over MCP (the engine), and as a person would (the CLI).
  const engine = openEngine({ path: join(home.path, "strands", "default.db") });
  const viaAgent = await engine.write({ content: hostile, scope: "global" });
  engine.close();
  equal(
    (await helix(["add", "Release \x1b]52;c;Y3VybCBldmls\x07 checklist \x1b[1A", "--global"])).code,
    0,
  );

  for (
    const args of [
      ["list", "--scope", "all"],
      ["show", viaAgent.id],
      ["search", "deploy notes cleared", "--scope", "all"],
      ["log"],
    ]
  ) {
    const result = await helixProcess(home.path, args);
    equal(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
    ok(!ACTS_ON_TERMINAL.test(result.stdout), `${args[0]} printed a control character`);
    match(result.stdout, /\\u001b\]0;PWNED\\u0007/, `${args[0]} shows the escape as text`);
  }
  // --json stays valid JSON that decodes to the stored text.
  const json = await helixProcess(home.path, ["show", viaAgent.id, "--json"]);
  equal(JSON.parse(json.stdout).memory.content, hostile);
});

Deno.test("a memory carrying Helix's own colour sequences shows them as text", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  // The very sequences Helix colours with: red, bold, dim, and the progress bar's line clear.
  const painted = "Token rotation \x1b[31mred \x1b[1mbold\x1b[22m \x1b[2mdim\x1b[39m\r\x1b[2Kgone";
  equal((await helix(["add", painted, "--global"])).code, 0);
  const [memory] = (await helix(["list", "--scope", "all", "--json"])).json().items;
  for (
    const args of [
      ["list", "--scope", "all"],
      ["show", memory.id],
      ["search", "token rotation", "--scope", "all"],
      ["search", "token rotation", "--scope", "all", "--explain"],
      ["context", "--scope", "global"],
      ["log"],
      ["diff", "1h"],
    ]
  ) {
    const result = await helixProcess(home.path, args);
    equal(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
    ok(!ACTS_ON_TERMINAL.test(result.stdout), `${args.join(" ")} printed a control character`);
    match(result.stdout, /\\u001b\[31mred/, `${args[0]} shows the colour as text`);
  }
  // On a terminal with colour, Helix still styles its own words and only those.
  const coloured = await (async () => {
    const env = { HELIX_HOME: home.path, HELIX_EMBEDDER: "none" };
    let out = "";
    await run(["show", memory.id], env, {
      stdout: (text) => void (out += text),
      stderr: () => {},
      readStdin: () => Promise.resolve(""),
      prompt: () => Promise.resolve(null),
      promptSecret: () => Promise.resolve(null),
      stdoutIsTty: true,
      stderrIsTty: true,
      columns: 120,
      cwd: home.path,
      now: () => 0,
    });
    return out;
  })();
  ok(coloured.includes("\x1b[1m"), "Helix's own bold reaches a colour terminal");
  ok(!coloured.includes("\x1b[31mred"), "the memory's red does not");
  ok(coloured.includes("\\u001b[31mred"), coloured);
});

Deno.test("a closed pipe ends an export quietly, as git does", async () => {
  await using home = await tempDir();
  const engine = openEngine({ path: join(home.path, "strands", "default.db") });
  await engine.writeMany(
    Array.from({ length: 3000 }, (_, i) => ({ content: `Memory ${i} of a long export.` })),
  );
  engine.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), "export", "--jsonl"],
    env: { HELIX_HOME: home.path, HELIX_EMBEDDER: "none" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  await reader.read(); // the first line, as `head -1` takes it
  await reader.cancel();
  const status = await child.status;
  const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  equal(status.code, 141);
  equal(stderr, "", "nothing to say: the reader went away");
});

Deno.test("file-system failures are typed, with their exit codes", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const missing = await helix(["export", "--jsonl", "--output", "/nonexistent/folder/x.jsonl"]);
  equal(missing.code, 66);
  match(missing.stderr, /the folder \/nonexistent\/folder does not exist/);
  ok(!missing.stderr.includes("bug"));

  // A folder named as the output file: a usage problem, not a bug, and nothing written beside it.
  for (const args of [["export", "--jsonl", "--output", home.path], ["export", home.path]]) {
    const folder = await helix(args, {
      secrets: ["correct horse battery staple", "correct horse battery staple"],
    });
    equal(folder.code, 64, `${args.join(" ")}: ${folder.stderr}`);
    match(folder.stderr, /Cannot write .*: it is a folder/);
    ok(!folder.stderr.includes("bug"));
  }

  // sysfs refuses new files even to root: a permission error on any Linux machine.
  const denied = await helix(["export", "--jsonl", "--output", "/sys/kernel/helix.jsonl"]);
  equal(denied.code, 77);
  match(denied.stderr, /Cannot write \/sys\/kernel\/helix\.jsonl: permission denied/);

  await Deno.writeTextFile(join(home.path, "a-file"), "");
  const fileHome = await cli(join(home.path, "a-file"))(["status"]);
  equal(fileHome.code, 64);
  match(fileHome.stderr, /Cannot use HELIX_HOME .*a-file: it is a file, not a folder/);
  const throughFile = await cli(join(home.path, "a-file", "home"))(["status"]);
  equal(throughFile.code, 64);
  match(throughFile.stderr, /part of the path is a file, not a folder/);
});

Deno.test("usage errors answer --json in JSON; unknown --kind values are refused", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const unknown = await helix(["--json", "lsit"]);
  equal(unknown.code, 64);
  deepEqual(unknown.json().error.code, "usage");
  const badFlag = await helix(["list", "--bogus", "--json"]);
  equal(badFlag.code, 64);
  match(badFlag.json().error.message, /--bogus/);
  equal((await helix(["init"])).code, 0);
  const kind = await helix(["log", "--kind", "memory.teleport"]);
  equal(kind.code, 64);
  match(kind.stderr, /unknown --kind "memory\.teleport": one of memory\.put/);
});

Deno.test("a confirmation with no terminal to ask on says to pass --yes", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  const removed = await helix(["device", "remove", "ci-box"]);
  equal(removed.code, 64, removed.stderr);
  match(removed.stderr, /no terminal to confirm on: pass --yes/);
  const declined = await helix(["device", "remove", "ci-box"], { answers: ["n"] });
  equal(declined.code, 1);
  match(declined.stderr, /Not removed/);
});

Deno.test("bash completion offers the values of --type, --status and --kind", async () => {
  await using home = await tempDir();
  const script = (await cli(home.path)(["completions", "bash"])).stdout;
  const path = join(home.path, "helix.bash");
  await Deno.writeTextFile(path, script);
  const complete = async (words: string[]) => {
    const probe = `source ${path}; COMP_WORDS=(${words.map((w) => `"${w}"`).join(" ")}); ` +
      `COMP_CWORD=${words.length - 1}; _helix; echo "\${COMPREPLY[@]}"`;
    const out = await new Deno.Command("bash", { args: ["-c", probe], stdout: "piped" }).output();
    return new TextDecoder().decode(out.stdout).trim();
  };
  equal(await complete(["helix", "list", "--type", "con"]), "convention");
  equal(await complete(["helix", "list", "--status", "a"]), "active archived");
  equal(await complete(["helix", "log", "--kind", "edge."]), "edge.put edge.remove");
  // After a flag that takes a free value, the word is that value: no flags are offered for it.
  equal(await complete(["helix", "search", "--scope", ""]), "");
  equal(await complete(["helix", "export", "--jsonl", "--output", "--"]), "");
  match(await complete(["helix", "search", "--scope", "web", "--"]), /--limit/);
});
