/**
 * `helix backfill` through the CLI's `run`: it embeds what has no vector in the personal strand
 * and in each team strand this machine is in, a line each; without teams its output is the
 * single line it always was. The model is an OpenAI-compatible fake served here.
 */
import { deepEqual, equal, match } from "node:assert/strict";
import { readTeams, withTeam, writeTeams } from "../../core/mod.ts";
import { cli } from "./_cli.ts";

const DIMENSION = 8;

/** A fake `POST /v1/embeddings`: a vector from each text's characters (503 while `down`). */
function fakeEmbeddings(): { url: string; down: boolean } & AsyncDisposable {
  const state = { down: true };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    if (state.down) return new Response("down", { status: 503 });
    const body = await req.json() as { input: string[] };
    const data = body.input.map((text, index) => {
      const vector = Array.from({ length: DIMENSION }, (_, i) => (text.charCodeAt(i) || 1) / 128);
      return { object: "embedding", index, embedding: vector };
    });
    return Response.json({ object: "list", data, model: "fake-embed" });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    get down() {
      return state.down;
    },
    set down(value) {
      state.down = value;
    },
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

Deno.test("helix backfill embeds the personal strand, then each team strand, a line each", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-cli-backfill-" });
  await using model = fakeEmbeddings();
  const helix = cli(home, {
    HELIX_EMBEDDER: "openai",
    HELIX_MODEL: "fake-embed",
    HELIX_MODEL_DIMENSION: String(DIMENSION),
    HELIX_OPENAI_BASE_URL: model.url,
  });
  try {
    // Written while the model is down: stored without vectors.
    const added = await helix(["add", "Payouts run at 06:00 UTC.", "--global"]);
    equal(added.code, 0, added.stderr);
    model.down = false;

    // No team: the one line, as before.
    const alone = await helix(["backfill"]);
    equal(alone.code, 0, alone.stderr);
    match(alone.stdout, /^embedded 1 memories in \d+\.\d s\n$/);
    deepEqual(Object.keys((await helix(["backfill", "--json"])).json()).sort(), [
      "embedded",
      "remaining",
      "seconds",
    ]);

    // In a team: the team strand's memories too, on a line of their own.
    const team = ["--strand", "team-acme"];
    model.down = true;
    equal((await helix(["add", "Refunds go through the ledger.", "--global", ...team])).code, 0);
    equal((await helix(["add", "Deploys need two approvals.", "--global", ...team])).code, 0);
    equal((await helix(["add", "I like short answers.", "--global"])).code, 0);
    await writeTeams(home, withTeam(await readTeams(home), "acme"));
    model.down = false;
    const both = await helix(["backfill"]);
    equal(both.code, 0, both.stderr);
    match(both.stdout, /^embedded 1 memories in \d+\.\d s\nteam acme: embedded 2 memories/);
    const json = (await helix(["backfill", "--json"])).json();
    equal(json.embedded, 0);
    deepEqual(json.teams.map((t: { team: string; embedded: number }) => [t.team, t.embedded]), [
      ["acme", 0],
    ]);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
