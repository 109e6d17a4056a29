/**
 * The workspace through the CLI: `helix team share` (registered by cli/commands/team_share.ts
 * until `helix team` takes it) routes a project's writes to the team strand and moves its
 * existing memories as ops; search, list and show read both strands, labelled.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine, readTeams, teamStrandPath, withTeam, writeTeams } from "../../core/mod.ts";
import { cli } from "./_cli.ts";

async function joinTeam(home: string, name: string): Promise<void> {
  openEngine({ path: teamStrandPath(home, name) }).close();
  await writeTeams(home, withTeam(await readTeams(home), name));
}

function contents(path: string, statuses: ("active" | "forgotten")[] = ["active"]): string[] {
  const engine = openEngine({ path, mustExist: true });
  try {
    return engine.list({ scope: "all", statuses }).items.map((m) => m.content).sort();
  } finally {
    engine.close();
  }
}

Deno.test("helix team share moves a project's memories into the team strand; search, add, list and show span both", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-cli-workspace-" });
  const helix = cli(home);
  const personal = join(home, "strands", "default.db");
  const team = teamStrandPath(home, "acme");
  equal(
    (await helix([
      "add",
      "Billing stores amounts as integer cents.",
      "--type",
      "convention",
      "--project",
      "billing",
    ])).code,
    0,
  );
  equal(
    (await helix(["add", "Billing webhooks retry three times.", "--project", "billing"])).code,
    0,
  );
  equal(
    (await helix([
      "add",
      "I prefer concise answers.",
      "--type",
      "preference",
      "--project",
      "billing",
    ])).code,
    0,
  );
  await joinTeam(home, "acme");

  const shared = await helix(["team", "share", "billing", "acme", "--move-existing"]);
  equal(shared.code, 0, shared.stderr);
  ok(shared.stdout.includes("shared project billing with team acme"), shared.stdout);
  ok(shared.stdout.includes("moved 2 memories into team:acme"), shared.stdout);
  deepEqual((await readTeams(home)).shares, { billing: "acme" });
  deepEqual(contents(team), [
    "Billing stores amounts as integer cents.",
    "Billing webhooks retry three times.",
  ]);
  deepEqual(contents(personal), ["I prefer concise answers."]);
  deepEqual(contents(personal, ["forgotten"]), [
    "Billing stores amounts as integer cents.",
    "Billing webhooks retry three times.",
  ]);
  const again = await helix(["team", "share", "billing", "acme", "--move-existing", "--json"]);
  deepEqual(again.json().moved, {
    scope: "project:billing",
    moved: 0,
    alreadyMoved: 0,
    forgotten: 0,
  });

  // New writes of the shared project go to the team strand; global ones stay personal.
  equal((await helix(["add", "Billing deploys on Tuesdays.", "--project", "billing"])).code, 0);
  equal(
    (await helix(["add", "I work from Lisbon.", "--type", "identity", "--project", "billing"]))
      .code,
    0,
  );
  ok(contents(team).includes("Billing deploys on Tuesdays."));
  ok(contents(personal).includes("I work from Lisbon."));

  const wide = { columns: 300 };
  const search = await helix(["search", "billing", "--project", "billing"], wide);
  equal(search.code, 0, search.stderr);
  ok(
    search.stdout.includes("[team:acme · you] Billing stores amounts as integer cents."),
    search.stdout,
  );
  const json = await helix(["search", "concise answers", "--project", "billing", "--json"]);
  equal(json.json().hits[0].strand, "personal");
  const teamHit =
    (await helix(["search", "integer cents", "--project", "billing", "--json"])).json()
      .hits[0];
  equal(teamHit.strand, "team:acme");
  equal(teamHit.member, "you");
  equal(teamHit.memory.attributes.movedFrom.strand, "personal");

  const list = await helix(["list", "--project", "billing"], wide);
  ok(list.stdout.includes("[team:acme · you] Billing deploys on Tuesdays."), list.stdout);
  const show = await helix(["show", teamHit.memory.id, "--project", "billing"]);
  equal(show.code, 0, show.stderr);
  ok(show.stdout.includes("[team:acme · you]"), show.stdout);
  ok(show.stdout.includes("helix team share"), "provenance names the move");

  const unknown = await helix(["team", "share", "billing", "nope"]);
  equal(unknown.code, 66, unknown.stderr);
  ok(unknown.stderr.includes('not in a team named "nope"'), unknown.stderr);
  const unshared = await helix(["team", "unshare", "billing"]);
  equal(unshared.code, 0, unshared.stderr);
  deepEqual((await readTeams(home)).shares, {});
  equal((await helix(["team", "unshare", "billing"])).code, 64, "not shared any more");
  equal(
    (await helix(["add", "Billing freezes deploys in December.", "--project", "billing"])).code,
    0,
  );
  ok(contents(personal).includes("Billing freezes deploys in December."));
  await Deno.remove(home, { recursive: true });
});

Deno.test("without teams the CLI's search and list print what they always did", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-cli-workspace-" });
  const helix = cli(home);
  await helix(["add", "Billing stores amounts as integer cents.", "--project", "billing"]);
  const search = await helix(["search", "cents", "--project", "billing", "--json"]);
  equal(search.json().hits[0].strand, undefined);
  const list = await helix(["list", "--project", "billing"]);
  ok(!list.stdout.includes("[personal"), list.stdout);
  await Deno.remove(home, { recursive: true });
});
