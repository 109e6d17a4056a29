import { deepEqual, equal, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isHelixError } from "@helix/core";
import { applyConnect, planConnect } from "./plan.ts";
import { put, sandbox, snapshot } from "./_testing.ts";

const A = { command: "helix", args: ["mcp"] };
const B = { command: "helix", args: ["mcp", "--strand", "work"] };
const OTHERS = '{\n  "mcpServers": {\n    "github": { "command": "npx" }\n  }\n}\n';

Deno.test("applyConnect() leaves only the file and its backup behind", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".cursor", "mcp.json");
  await put(file, OTHERS);
  const plan = await planConnect("cursor", box.options(A));
  await applyConnect(plan);
  deepEqual(
    Object.keys(await snapshot(box.root)).sort(),
    [
      join(box.home, ".cursor") + "/",
      file,
      file + ".helix-backup",
      box.cwd + "/",
      box.home + "/",
    ].sort(),
  );
});

Deno.test("applyConnect() keeps the file as it was before the latest change", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".cursor", "mcp.json");
  await put(file, OTHERS);
  await applyConnect(await planConnect("cursor", box.options(A)));
  const withA = await Deno.readTextFile(file);
  await applyConnect(await planConnect("cursor", box.options(B)));
  equal(await Deno.readTextFile(file + ".helix-backup"), withA);
});

Deno.test({
  name: "applyConnect() keeps the file's permissions",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using box = await sandbox();
    const file = join(box.home, ".claude.json");
    await put(file, "{}\n");
    await Deno.chmod(file, 0o600);
    await applyConnect(await planConnect("claude", box.options(A)));
    equal((await Deno.stat(file)).mode! & 0o777, 0o600);
    equal((await Deno.stat(file + ".helix-backup")).mode! & 0o777, 0o600);
  },
});

Deno.test({
  name: "applyConnect() writes through a symlinked config file",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using box = await sandbox();
    const real = join(box.root, "dotfiles", "mcp.json");
    const link = join(box.home, ".cursor", "mcp.json");
    await put(real, OTHERS);
    await Deno.mkdir(join(box.home, ".cursor"));
    await Deno.symlink(real, link);
    await applyConnect(await planConnect("cursor", box.options(A)));
    equal((await Deno.lstat(link)).isSymlink, true);
    deepEqual(JSON.parse(await Deno.readTextFile(real)).mcpServers.helix, A);
    equal(await Deno.readTextFile(link + ".helix-backup"), OTHERS);
  },
});

Deno.test("applyConnect() refuses a file that changed after it was planned", async () => {
  await using box = await sandbox();
  const file = join(box.home, ".cursor", "mcp.json");
  await put(file, OTHERS);
  const plan = await planConnect("cursor", box.options(A));
  const changed = OTHERS.replace("npx", "bunx");
  await Deno.writeTextFile(file, changed);
  await rejects(applyConnect(plan), (error) => isHelixError(error, "conflict"));
  equal(await Deno.readTextFile(file), changed);

  const fresh = await planConnect("windsurf", box.options(A));
  await put(fresh.path, "{}");
  await rejects(applyConnect(fresh), (error) => isHelixError(error, "conflict"));
});

Deno.test({
  name: "applyConnect() reports a file it cannot write as storage_full",
  ignore: Deno.build.os === "windows" || Deno.uid() === 0,
  fn: async () => {
    await using box = await sandbox();
    const dir = join(box.home, ".cursor");
    await put(join(dir, "mcp.json"), OTHERS);
    const plan = await planConnect("cursor", box.options(A));
    await Deno.chmod(dir, 0o500);
    try {
      await rejects(applyConnect(plan), (error) => isHelixError(error, "storage_full"));
    } finally {
      await Deno.chmod(dir, 0o700);
    }
    equal(await Deno.readTextFile(join(dir, "mcp.json")), OTHERS);
  },
});
