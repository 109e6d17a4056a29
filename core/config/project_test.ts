import { equal } from "node:assert/strict";
import { join } from "node:path";
import { detectProject, projectFromRemote, remoteUrl } from "./project.ts";
import { tempDir } from "../../tests/helpers.ts";

Deno.test("projectFromRemote() normalizes every common remote form and drops credentials", async (t) => {
  const cases: Array<[string, string | null]> = [
    ["git@github.com:acme/billing-svc.git", "github.com/acme/billing-svc"],
    ["https://github.com/Acme/Billing-Svc", "github.com/acme/billing-svc"],
    ["https://x-access-token:ghp_secret@github.com/acme/app.git/", "github.com/acme/app"],
    ["ssh://git@gitlab.example.com:2222/group/sub/repo.git", "gitlab.example.com/group/sub/repo"],
    ["git://example.org/repo", "example.org/repo"],
    ["", null],
    ["https://github.com/", null],
  ];
  for (const [url, expected] of cases) {
    await t.step(url || "(empty)", () => equal(projectFromRemote(url), expected));
  }
});

Deno.test("remoteUrl() prefers origin and reads only remote sections", () => {
  const config =
    `[core]\n\turl = nope\n[remote "upstream"]\n\turl = git@github.com:up/app.git\n[remote "origin"]\n\turl = https://github.com/me/app.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`;
  equal(remoteUrl(config), "https://github.com/me/app.git");
  equal(remoteUrl(`[remote "fork"]\n  url = git@host:a/b\n`), "git@host:a/b");
  equal(remoteUrl("[core]\n"), null);
});

Deno.test("detectProject() uses the remote, else the repository name; plain folders only when allowed", async () => {
  await using dir = await tempDir();
  const withRemote = join(dir.path, "Billing Svc");
  await Deno.mkdir(join(withRemote, ".git"), { recursive: true });
  await Deno.mkdir(join(withRemote, "src", "deep"), { recursive: true });
  await Deno.writeTextFile(
    join(withRemote, ".git", "config"),
    `[remote "origin"]\n\turl = git@github.com:acme/billing.git\n`,
  );
  equal(await detectProject(join(withRemote, "src", "deep")), "project:github.com/acme/billing");

  const noRemote = join(dir.path, "Side Project");
  await Deno.mkdir(join(noRemote, ".git"), { recursive: true });
  await Deno.writeTextFile(join(noRemote, ".git", "config"), "[core]\n\tbare = false\n");
  equal(await detectProject(noRemote), "project:side-project");

  const worktree = join(dir.path, "wt");
  await Deno.mkdir(worktree);
  await Deno.mkdir(join(withRemote, ".git", "worktrees", "wt"), { recursive: true });
  await Deno.writeTextFile(join(withRemote, ".git", "worktrees", "wt", "commondir"), "../..\n");
  await Deno.writeTextFile(
    join(worktree, ".git"),
    `gitdir: ${join(withRemote, ".git", "worktrees", "wt")}\n`,
  );
  equal(
    await detectProject(worktree),
    "project:github.com/acme/billing",
    "worktrees share the main remote",
  );

  const plain = join(dir.path, "notes");
  await Deno.mkdir(plain);
  equal(await detectProject(plain), null);
  equal(await detectProject(plain, { allowFolderName: true }), "project:notes");
});
