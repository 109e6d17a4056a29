/**
 * Team strands through the CLI and a real relay process (docs/teams.md): `helix team create`,
 * `invite` and `join` (the safety number confirmed with --yes on both sides), `members`, a
 * memory written by one member found by another after a plain `helix sync` (every team strand),
 * a member's admin action refused
 * (exit 77), `remove` (the removed member's sync then exits 77), `role`, `leave` (the file
 * stays, the team leaves teams.json) and `rotate`.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { device, startRelay } from "./_sync.ts";

type Device = ReturnType<typeof device>;

async function invite(admin: Device, joiner: Device, as: string) {
  const { code, done } = await admin.invite(
    ["team", "invite", "--yes"],
    /helix team join '([^']+)'/,
  );
  const joined = await joiner.helix("team", "join", code, "--as", as, "--yes", "--json");
  const invited = await done;
  equal(invited.code, 0, invited.stderr);
  equal(joined.code, 0, joined.stderr);
  return JSON.parse(joined.stdout);
}

Deno.test({
  name:
    "helix team: create, invite and join, members, shared memories, remove, role, leave, rotate",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay();
    const root = await Deno.makeTempDir({ prefix: "helix-team-" });
    try {
      const ada = device(join(root, "ada"), "ada-laptop");
      const bo = device(join(root, "bo"), "bo-laptop");
      const cy = device(join(root, "cy"), "cy-laptop");
      const help = await ada.helix("team", "--help");
      equal(help.code, 0);
      for (const sub of ["create", "invite", "join", "members", "remove", "leave", "role"]) {
        match(help.stdout, new RegExp(`\\b${sub}\\b`));
      }
      const created = await ada.helix(
        "team",
        "create",
        "acme",
        "--relay",
        relay.url,
        "--as",
        "ada",
        "--json",
      );
      equal(created.code, 0, created.stderr);
      equal(JSON.parse(created.stdout).team, "acme");
      const joined = await invite(ada, bo, "bo");
      equal(joined.team, "acme");
      ok(existsSync(join(root, "bo", "strands", "team-acme.db")));
      await invite(ada, cy, "cy");

      const listed = await bo.helix("team", "members", "--json");
      equal(listed.code, 0, listed.stderr);
      const view = JSON.parse(listed.stdout);
      deepEqual(
        view.members.map((
          m: { name: string; role: string; me: boolean },
        ) => [m.name, m.role, m.me]),
        [
          ["ada", "admin", false],
          ["bo", "member", true],
          ["cy", "member", false],
        ],
      );
      const roster = (await bo.helix("team", "members")).stdout;
      match(roster, /bo\s+member.*\(you\)/);
      // The admin's machine keeps the strand (runs its lifecycle jobs); one machine only.
      equal(roster.match(/keeps the strand/g)?.length, 1, roster);

      // A memory one member writes to the team strand, another finds after sync.
      const strand = ["--strand", "team-acme"];
      equal(
        (await ada.helix(
          "add",
          "Release notes are drafted in docs/releases before tagging.",
          "--global",
          ...strand,
        )).code,
        0,
      );
      equal((await ada.helix("sync", ...strand)).code, 0);
      // Plain `helix sync` on a machine in a team (its personal strand not syncing) syncs the team.
      const plain = await bo.helix("sync");
      equal(plain.code, 0, plain.stderr);
      match(plain.stdout, /^team acme: pulled 1 changes/m);
      const doctor = await bo.helix("doctor", "--no-model", "--json");
      ok(
        JSON.parse(doctor.stdout).checks.some((c: { name: string; ok: boolean }) =>
          c.name === "sync (team acme)" && c.ok
        ),
        doctor.stdout,
      );
      const status = await bo.helix("status", "--json");
      equal(status.code, 0, status.stderr);
      deepEqual(
        JSON.parse(status.stdout).teams.map((t: { name: string; memories: number }) => [
          t.name,
          t.memories,
        ]),
        [["acme", 1]],
      );
      // `--strand team-acme` reads that strand once, not once more as a team of the workspace.
      const alone = await bo.helix(
        "search",
        "where are release notes drafted",
        "--json",
        ...strand,
      );
      const hits = JSON.parse(alone.stdout).hits as { memory: { content: string } }[];
      equal(hits.filter((h) => h.memory.content.includes("docs/releases")).length, 1);

      // A member's admin action is refused; an admin's goes through.
      const refused = await bo.helix("team", "remove", "cy", "--yes");
      equal(refused.code, 77, refused.stderr);
      match(refused.stderr, /admin/);
      const removed = await ada.helix("team", "remove", "cy", "--yes", "--json");
      equal(removed.code, 0, removed.stderr);
      equal(JSON.parse(removed.stdout).removed.name, "cy");
      equal((await cy.helix("sync", ...strand)).code, 77);
      equal((await ada.helix("team", "role", "bo", "admin")).code, 0);
      equal((await ada.helix("team", "members", "--team", "nope")).code, 66);

      // Leaving: the file stays, the team leaves this machine's list, rotation is pending.
      const left = await bo.helix("team", "leave", "--yes");
      equal(left.code, 0, left.stderr);
      match(left.stdout, /team-acme\.db/);
      ok(existsSync(join(root, "bo", "strands", "team-acme.db")));
      deepEqual(JSON.parse(await Deno.readTextFile(join(root, "bo", "teams.json"))).teams, []);
      equal((await bo.helix("team", "members")).code, 66);
      const pending = JSON.parse((await ada.helix("team", "members", "--json")).stdout);
      equal(pending.rotationPending, true);
      deepEqual(pending.members.map((m: { name: string }) => m.name), ["ada"]);
      const rotated = await ada.helix("team", "rotate", "--json");
      equal(rotated.code, 0, rotated.stderr);
      equal(
        JSON.parse((await ada.helix("team", "members", "--json")).stdout).rotationPending,
        false,
      );
    } finally {
      await Deno.remove(root, { recursive: true });
      await relay.stop();
      await Deno.remove(relay.data, { recursive: true }).catch(() => {});
    }
  },
});
