/**
 * `helix rules` end to end through `run(argv)`, in a temporary git repository as the working
 * directory: import a repository's rules files, export them back (the files outside the managed
 * blocks stay byte-identical), re-import after an edit (only the edited rule changes), `--check`,
 * `--dry-run`, `remove`, and the size limits.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { RULES_REPO } from "../fixtures/rules/repo.ts";
import { cli } from "./_cli.ts";

const BLOCK_FILES = ["CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md"];
/** Written only with --to: CLAUDE.local.md and the legacy single files. */
const ON_REQUEST = ["CLAUDE.local.md", ".cursorrules", ".windsurfrules"];
const GENERATED = [".cursor/rules/helix.mdc", ".windsurf/rules/helix.md"];

/** A temp HELIX_HOME and a git repository holding `tree`. */
async function setup(tree: Readonly<Record<string, string>>) {
  const home = await Deno.makeTempDir({ prefix: "helix-rules-home-" });
  const repo = await Deno.makeTempDir({ prefix: "helix-rules-repo-" });
  await new Deno.Command("git", { args: ["init", "-q", repo] }).output();
  for (const [path, text] of Object.entries(tree)) {
    await Deno.mkdir(dirname(join(repo, path)), { recursive: true });
    await Deno.writeTextFile(join(repo, path), text);
  }
  const helix = cli(home);
  const run = (...argv: string[]) => helix(argv, { cwd: repo });
  const read = (path: string) => Deno.readTextFile(join(repo, path)).catch(() => null);
  const cleanup = async () => {
    await Deno.remove(home, { recursive: true });
    await Deno.remove(repo, { recursive: true });
  };
  return { repo, run, read, cleanup };
}

/** Every active memory as id → content, from `helix list --json`. */
async function memories(run: (...argv: string[]) => Promise<{ json(): unknown }>) {
  const page = (await run("list", "--limit", "1000", "--json")).json() as {
    items: { id: string; content: string; updatedAt: string }[];
  };
  return new Map(page.items.map((m) => [m.id, `${m.content}|${m.updatedAt}`]));
}

/** `text` without the block an export appended (and the line breaks around it). */
function outsideBlock(text: string): string {
  const begin = text.indexOf("<!-- helix:begin -->");
  const end = text.indexOf("<!-- helix:end -->") + "<!-- helix:end -->".length;
  ok(begin > 0 && text[begin - 1] === "\n" && text[end] === "\n");
  return text.slice(0, begin - 1) + text.slice(end + 1);
}

Deno.test("helix rules: import, export, re-import and remove round-trip a repository's rules files", async (t) => {
  const { repo, run, read, cleanup } = await setup(RULES_REPO);
  try {
    await t.step("import reads every format; importing twice changes nothing", async () => {
      const first = await run("rules", "import", "--json");
      equal(first.code, 0, first.stderr);
      const result = first.json();
      equal(result.rules, 26);
      equal(result.added.length, 26);
      ok(!result.files.includes(".cursor/rules/helix.mdc"), "generated files are not read");
      const before = await memories(run);
      const again = (await run("rules", "import", "--json")).json();
      deepEqual([again.added.length, again.superseded.length, again.retired.length], [0, 0, 0]);
      equal(again.unchanged, 26);
      deepEqual(await memories(run), before);
    });

    await t.step("each rule cites its file and line, origin user-asserted", async () => {
      const page = (await run("list", "--limit", "1000", "--json")).json();
      const rule = page.items.find((m: { content: string }) =>
        m.content.startsWith("Validate every")
      );
      equal(rule.type, "convention");
      equal(rule.provenance[0].origin, "user-asserted");
      equal(rule.provenance[0].ref, ".cursor/rules/api.mdc:7");
      deepEqual(rule.attributes.rules.globs, ["src/api/**/*.ts", "src/routes/**/*.ts"]);
      const step = page.items.find((m: { content: string }) => m.content.startsWith("Run `deno"));
      equal(step.type, "procedure");
      equal(step.provenance[0].ref, "CLAUDE.md:20");
    });

    await t.step(
      "export writes blocks and generated files; outside the blocks, bytes are kept",
      async () => {
        const result = await run(
          "rules",
          "export",
          "--to",
          "claude,agents,gemini,copilot,cursor,windsurf",
        );
        equal(result.code, 0, result.stderr);
        for (const path of BLOCK_FILES) {
          const text = (await read(path))!;
          ok(text.includes("<!-- helix:begin -->"), path);
          equal(outsideBlock(text), RULES_REPO[path], `${path} outside the block`);
        }
        const mdc = (await read(".cursor/rules/helix.mdc"))!;
        ok(/^---\n[\s\S]*\nalwaysApply: true\n---\n/.test(mdc), "boolean alwaysApply");
        ok((await read(".windsurf/rules/helix.md"))!.length <= 6000);
        equal(await read(".cursor/rules/api.mdc"), RULES_REPO[".cursor/rules/api.mdc"]);
      },
    );

    await t.step(
      "CLAUDE.local.md, .cursorrules and .windsurfrules get a block on request; personal rules stay personal",
      async () => {
        const result = await run(
          "rules",
          "export",
          "--to",
          "claude-local,cursor-legacy,windsurf-legacy",
        );
        equal(result.code, 0, result.stderr);
        for (const path of ON_REQUEST) {
          const text = (await read(path))!;
          ok(text.includes("<!-- helix:begin -->"), path);
          equal(outsideBlock(text), RULES_REPO[path], `${path} outside the block`);
        }
        ok(((await read(".windsurfrules"))!).length <= 6000);
        for (const path of [...BLOCK_FILES, ...GENERATED]) {
          ok(
            !(await read(path))!.includes("5433"),
            `${path}: CLAUDE.local.md's rule is not shared`,
          );
        }
      },
    );

    await t.step("export is idempotent and --check passes when up to date", async () => {
      const snapshot = await Promise.all([...BLOCK_FILES, ...GENERATED].map(read));
      const again = await run(
        "rules",
        "export",
        "--to",
        "claude,agents,gemini,copilot,cursor,windsurf",
      );
      equal(again.code, 0);
      deepEqual(await Promise.all([...BLOCK_FILES, ...GENERATED].map(read)), snapshot);
      const check = await run("rules", "export", "--check", "--to", "claude,agents,cursor");
      equal(check.code, 0, check.stdout);
    });

    await t.step("the export is not read back as rules", async () => {
      const result = (await run("rules", "import", "--json")).json();
      deepEqual([result.added.length, result.retired.length, result.unchanged], [0, 0, 26]);
    });

    await t.step("re-import after an edit supersedes only the edited rule", async () => {
      const before = await memories(run);
      const path = ".github/instructions/sql.instructions.md";
      const text = (await read(path))!.replace("append-only", "append-only and reversible");
      await Deno.writeTextFile(join(repo, path), text);
      const dry = await run("rules", "import", "--dry-run");
      ok(
        /supersede\s+\.github\/instructions\/sql\.instructions\.md:5\s+Every migration/.test(
          dry.stdout,
        ),
        dry.stdout,
      );
      deepEqual(await memories(run), before);
      equal((await run("rules", "import", "--check")).code, 1);
      const result = (await run("rules", "import", "--json")).json();
      equal((await run("rules", "import", "--check")).code, 0);
      equal(result.superseded.length, 1);
      deepEqual([result.added.length, result.retired.length, result.moved.length], [0, 0, 0]);
      equal(result.unchanged, 25);
      const after = await memories(run);
      const replaced = result.superseded[0].replaced;
      ok(!after.has(replaced) || after.get(replaced) !== before.get(replaced));
      for (const [id, value] of before) if (id !== replaced) equal(after.get(id), value, id);
      ok(
        after.get(result.superseded[0].id)!.startsWith(
          "Every migration is append-only and reversible.",
        ),
      );
    });

    await t.step(
      "--check exits 1 when a file is out of date; --dry-run writes nothing",
      async () => {
        const check = await run("rules", "export", "--check", "--to", "claude");
        equal(check.code, 1);
        ok(check.stdout.includes("out of date  CLAUDE.md"));
        const before = await read("CLAUDE.md");
        const dry = await run("rules", "export", "--dry-run", "--to", "claude");
        equal(dry.code, 0);
        ok(dry.stdout.includes("update  CLAUDE.md"));
        equal(await read("CLAUDE.md"), before);
      },
    );

    await t.step("a deleted rule is retired", async () => {
      await Deno.writeTextFile(join(repo, ".windsurfrules"), "");
      const result = (await run("rules", "import", "--json")).json();
      deepEqual([result.retired.length, result.added.length, result.superseded.length], [1, 0, 0]);
    });

    await t.step("remove strips the blocks and deletes the generated files", async () => {
      const result = await run("rules", "remove");
      equal(result.code, 0, result.stderr);
      for (const path of BLOCK_FILES) equal(await read(path), RULES_REPO[path], path);
      for (const path of GENERATED) equal(await read(path), null, path);
      equal(await read("CLAUDE.local.md"), RULES_REPO["CLAUDE.local.md"]);
      equal(await read(".cursorrules"), RULES_REPO[".cursorrules"]);
      equal((await run("rules", "remove", "--check")).code, 0);
    });
  } finally {
    await cleanup();
  }
});

Deno.test("helix rules export keeps each file within its tool's limit, most important first", async () => {
  const rule = (i: number) =>
    `- Rule ${String(i).padStart(3, "0")}: handlers in module ${i} validate their input, log ` +
    `the request id and return typed errors.`;
  const many = Array.from({ length: 400 }, (_, i) => rule(i)).join("\n");
  const { run, read, cleanup } = await setup({ "CLAUDE.md": `# Rules\n\n${many}\n` });
  try {
    equal((await run("rules", "import")).code, 0);
    const added = await run(
      "add",
      "--type",
      "convention",
      "--importance",
      "10",
      "Money is integer cents.",
    );
    equal(added.code, 0, added.stderr);
    const result = await run("rules", "export", "--to", "agents,windsurf", "--json");
    equal(result.code, 0, result.stderr);
    const files = result.json().files as { path: string; omitted: number; included: number }[];
    const windsurf = (await read(".windsurf/rules/helix.md"))!;
    ok(windsurf.length <= 6000, `windsurf: ${windsurf.length} characters`);
    const agents = (await read("AGENTS.md"))!;
    ok(new TextEncoder().encode(agents).length <= 32 * 1024, "AGENTS.md within 32 KiB");
    for (const file of files) ok(file.omitted > 0 && file.included > 0, file.path);
    for (const text of [windsurf, agents]) {
      ok(
        text.indexOf("Money is integer cents.") < text.indexOf("Rule 000"),
        "most important first",
      );
      ok(text.includes("left out to fit the file"));
    }
  } finally {
    await cleanup();
  }
});

Deno.test("helix rules import anchors a rule to the files it names, and follows it when it moves", async () => {
  const { repo, run, cleanup } = await setup({
    "AGENTS.md": "- Retry logic lives in src/retry.ts; keep it pure.\n",
    "src/retry.ts": "export const retry = 3;\n",
  });
  try {
    equal((await run("rules", "import")).code, 0);
    const [memory] = (await run("list", "--json")).json().items;
    equal(memory.attributes.anchors[0].path, "src/retry.ts");
    equal(memory.attributes.rules.file, "AGENTS.md");
    await Deno.writeTextFile(
      join(repo, "AGENTS.md"),
      "- Wrap at 100 columns.\n- Retry logic lives in src/retry.ts; keep it pure.\n",
    );
    const result = (await run("rules", "import", "--json")).json();
    deepEqual([result.added.length, result.moved, result.superseded.length], [1, [memory.id], 0]);
    const moved = (await run("show", memory.id, "--json")).json().memory;
    equal(moved.attributes.rules.line, 2);
    equal(moved.content, memory.content);
  } finally {
    await cleanup();
  }
});

Deno.test("helix rules: --help describes it; a wrong invocation is a usage error", async () => {
  const { run, cleanup } = await setup({});
  try {
    const help = await run("rules", "--help");
    equal(help.code, 0);
    ok(help.stdout.includes("helix rules import|export|remove"), help.stdout);
    ok(help.stdout.includes("--check"));
    equal((await run("rules", "sync")).code, 64);
    equal((await run("rules", "export", "--to", "vim")).code, 64);
    equal((await run("rules", "import", "extra")).code, 64);
  } finally {
    await cleanup();
  }
});

Deno.test("the README's rules-file commands work as written", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const block = /<!-- rules:[^\n]*-->\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  ok(block, "README has the rules block");
  const { run, read, cleanup } = await setup(RULES_REPO);
  try {
    for (const line of block.trim().split("\n")) {
      const argv = line.replace(/^deno task helix /, "").split(" ");
      const result = await run(...argv);
      equal(result.code, 0, `${line}\n${result.stdout}${result.stderr}`);
    }
    for (const path of BLOCK_FILES) equal(await read(path), RULES_REPO[path], path);
    for (const path of GENERATED) equal(await read(path), null, path);
  } finally {
    await cleanup();
  }
});
