import { equal, match, notEqual } from "node:assert/strict";
import { join } from "node:path";
import { anchorsFor } from "./extract/anchors.ts";
import { checkAnchors } from "./lifecycle/staleness.ts";
import { createFileProbe, projectRoot } from "./file_probe.ts";

const HELLO_SHA256 = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const hasGit = await new Deno.Command("git", {
  args: ["--version"],
  stdout: "null",
  stderr: "null",
})
  .output()
  .then((o) => o.success, () => false);

/** A temp folder holding `project/` (the root) and `outside/` (a sibling), removed after `fn`. */
async function withProject(fn: (root: string, outside: string) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "helix_probe_" }));
  const root = join(base, "project");
  const outside = join(base, "outside");
  await Deno.mkdir(join(root, "src"), { recursive: true });
  await Deno.mkdir(outside);
  try {
    await fn(root, outside);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

async function run(cwd: string, ...args: string[]): Promise<string> {
  const output = await new Deno.Command("git", {
    args: ["-c", "user.name=Helix Test", "-c", "user.email=test@example.invalid", ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.success ? output.stdout : output.stderr);
  if (!output.success) throw new Error(`git ${args.join(" ")} failed: ${text}`);
  return text.trim();
}

Deno.test("createFileProbe() hashes a file's bytes with SHA-256", async () => {
  await withProject(async (root) => {
    await Deno.writeTextFile(join(root, "hello.txt"), "hello\n");
    await Deno.writeFile(join(root, "src", "empty.ts"), new Uint8Array());
    const probe = createFileProbe(root);
    equal(probe.root, root);
    equal(await probe.hash("hello.txt"), HELLO_SHA256);
    equal(await probe.hash("src/empty.ts"), EMPTY_SHA256);
    equal(await probe.hash("./src/../hello.txt"), HELLO_SHA256, "normalised inside the root");
    equal(await probe.hash(join(root, "hello.txt")), HELLO_SHA256, "absolute under the root");
  });
});

Deno.test("createFileProbe() returns null for missing files, folders and odd paths", async () => {
  await withProject(async (root) => {
    const probe = createFileProbe(root);
    equal(await probe.hash("missing.ts"), null);
    equal(await probe.hash("src/missing/deeper.ts"), null);
    equal(await probe.hash("src"), null);
    equal(await probe.hash("."), null);
    equal(await probe.hash(""), null);
    equal(await probe.hash("a\0b"), null);
    equal(await createFileProbe(join(root, "nope")).hash("x.ts"), null, "root missing");
  });
});

Deno.test("createFileProbe() refuses paths that escape the root", async () => {
  await withProject(async (root, outside) => {
    await Deno.writeTextFile(join(outside, "secret.txt"), "hello\n");
    await Deno.writeTextFile(join(root, "..dotdot.txt"), "hello\n");
    const probe = createFileProbe(root);
    equal(await probe.hash("../outside/secret.txt"), null);
    equal(await probe.hash("src/../../outside/secret.txt"), null);
    equal(await probe.hash(join(outside, "secret.txt")), null, "absolute outside the root");
    equal(await probe.hash("..dotdot.txt"), HELLO_SHA256, "a name starting with .. is fine");
  });
});

Deno.test("createFileProbe() follows symlinks inside the root, not out of it", async () => {
  await withProject(async (root, outside) => {
    await Deno.writeTextFile(join(outside, "secret.txt"), "hello\n");
    await Deno.writeTextFile(join(root, "src", "real.txt"), "hello\n");
    await Deno.symlink(join(outside, "secret.txt"), join(root, "leak.txt"));
    await Deno.symlink(outside, join(root, "linked_dir"));
    await Deno.symlink(join(root, "src", "real.txt"), join(root, "alias.txt"));
    await Deno.symlink(join(root, "gone.txt"), join(root, "dangling.txt"));
    const probe = createFileProbe(root);
    equal(await probe.hash("leak.txt"), null);
    equal(await probe.hash("linked_dir/secret.txt"), null);
    equal(await probe.hash("alias.txt"), HELLO_SHA256);
    equal(await probe.hash("dangling.txt"), null);
  });
});

Deno.test("createFileProbe() works through a root that is itself a symlink", async () => {
  await withProject(async (root, outside) => {
    await Deno.writeTextFile(join(root, "hello.txt"), "hello\n");
    const link = join(outside, "root_link");
    await Deno.symlink(root, link);
    equal(await createFileProbe(link).hash("hello.txt"), HELLO_SHA256);
  });
});

Deno.test("createFileProbe() sees edits and deletions", async () => {
  await withProject(async (root) => {
    const file = join(root, "src", "retry.ts");
    await Deno.writeTextFile(file, "export const RETRIES = 3;\n");
    const probe = createFileProbe(root);
    const before = await probe.hash("src/retry.ts");
    match(before ?? "", /^[0-9a-f]{64}$/);
    await Deno.writeTextFile(file, "export const RETRIES = 5;\n");
    const after = await probe.hash("src/retry.ts");
    notEqual(after, before);
    match(after ?? "", /^[0-9a-f]{64}$/);
    await Deno.remove(file);
    equal(await probe.hash("src/retry.ts"), null);
  });
});

Deno.test("createFileProbe() commit() is null outside git", async () => {
  await withProject(async (root) => {
    equal(await createFileProbe(root).commit(), null);
    equal(await createFileProbe(join(root, "nope")).commit(), null);
  });
});

Deno.test({
  name: "createFileProbe() commit() is HEAD in a git repository",
  ignore: !hasGit,
  fn: async () => {
    await withProject(async (root) => {
      await run(root, "init", "--quiet");
      const probe = createFileProbe(root);
      equal(await probe.commit(), null, "no commit yet");
      await Deno.writeTextFile(join(root, "src", "a.ts"), "export {};\n");
      await run(root, "add", "-A");
      await run(root, "commit", "--quiet", "--no-gpg-sign", "-m", "first");
      const head = await run(root, "rev-parse", "HEAD");
      match(head, /^[0-9a-f]{40,64}$/);
      equal(await probe.commit(), head);
    });
  },
});

Deno.test({
  name: "projectRoot() is the work tree's top level, else the folder itself",
  ignore: !hasGit,
  fn: async () => {
    await withProject(async (root, outside) => {
      await run(root, "init", "--quiet");
      equal(await projectRoot(join(root, "src")), root);
      equal(await projectRoot(root), root);
      equal(await projectRoot(outside), outside);
      equal(await projectRoot(join(outside, "missing")), join(outside, "missing"));
    });
  },
});

Deno.test({
  name: "anchorsFor() and checkAnchors() over a real checkout",
  ignore: !hasGit,
  fn: async () => {
    await withProject(async (root) => {
      await run(root, "init", "--quiet");
      await Deno.writeTextFile(join(root, "src", "retry.ts"), "export const RETRIES = 3;\n");
      await Deno.writeTextFile(join(root, "deploy.sh"), "#!/bin/sh\n");
      await run(root, "add", "-A");
      await run(root, "commit", "--quiet", "--no-gpg-sign", "-m", "first");
      const probe = createFileProbe(root);
      const anchors = await anchorsFor(
        "Retries live in `src/retry.ts`; ./deploy.sh ships; lib/absent.py is elsewhere",
        probe,
      );
      equal(anchors.length, 2);
      equal(anchors[0]?.commit, await run(root, "rev-parse", "HEAD"));
      const memory = { id: "mem_retry", attributes: { anchors } };
      equal((await checkAnchors([memory], probe)).length, 0);
      await Deno.writeTextFile(join(root, "src", "retry.ts"), "export const RETRIES = 5;\n");
      await Deno.remove(join(root, "deploy.sh"));
      const findings = await checkAnchors([memory], probe);
      equal(
        findings.map((f) => `${f.path}:${f.reason}`).join(" "),
        "src/retry.ts:changed deploy.sh:vanished",
      );
    });
  },
});
