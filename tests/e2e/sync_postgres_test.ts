/**
 * Issue 19, the PostgreSQL relay backend through real processes: two relay processes
 * (`helix relay serve --postgres`) over one database, in a schema of this test's own (dropped
 * afterwards). Four devices of one personal strand sync through a round-robin balancer in front
 * of them, so every command's requests alternate between the two instances; their state hashes
 * converge, and the database holds no plaintext or device key (T9). And two instances racing at
 * one strand's roster and log never both win. Needs `HELIX_TEST_POSTGRES_URL` (`eval "$(.ci/services)"`): ignored when absent, a failure
 * under CI. A team of four devices (one member with two machines, two more members) does the same.
 *
 * @module
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import postgres from "postgres";
import { rosterEntryHash, sealRosterEntry } from "@helix/core";
import { type RelayProcess, startRelay } from "../../relay/testing/process.ts";
import { testDevice, testStrand } from "../../relay/testing/strand.ts";
import { postgres as postgresService } from "../fixtures/services.ts";
import { device, pair } from "./_sync.ts";

const service = postgresService();
const CANARY = "wombat-canary-4Qx9";
type Device = ReturnType<typeof device>;
const RATES = { HELIX_RELAY_IP_RATE: "5000/10000", HELIX_RELAY_STRAND_RATE: "5000/10000" };

/** Two relay processes over one fresh schema of the test database; stop drops the schema. */
async function twoRelays(base: string) {
  const schema = `relay_e2e_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const url = new URL(base);
  url.searchParams.set("search_path", schema);
  const started = await Promise.allSettled(
    [1, 2].map(() => startRelay({ storage: "postgres", databaseUrl: url.href, env: RATES })),
  );
  const relays = started.flatMap((s) => s.status === "fulfilled" ? [s.value] : []);
  const stop = async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin`DROP SCHEMA IF EXISTS ${admin(schema)} CASCADE`;
    await admin.end();
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  return { relays: relays as [RelayProcess, RelayProcess], schema, stop };
}

/** What one instance served through the balancer. */
interface Served {
  pushes: number;
  pulls: number;
  all: number;
}

/** A loopback balancer that sends each request to the next relay in turn. */
function balancer(targets: readonly string[]) {
  const served: Served[] = targets.map(() => ({ pushes: 0, pulls: 0, all: 0 }));
  let next = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const i = next++ % targets.length;
    const { pathname, search } = new URL(req.url);
    const counts = served[i]!;
    counts.all++;
    if (/\/deltas$/.test(pathname)) req.method === "POST" ? counts.pushes++ : counts.pulls++;
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.bytes();
    const answer = await fetch(`${targets[i]}${pathname}${search}`, {
      method: req.method,
      headers: req.headers,
      ...(body ? { body } : {}),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, served, stop: () => server.shutdown() };
}

const ignored = service.location === undefined;
const why = ignored ? ` (ignored: ${service.name} not configured, run .ci/services)` : "";

Deno.test({
  name: `four devices sync through two relay processes over one PostgreSQL${why}`,
  ignore: ignored,
  sanitizeResources: false,
  async fn() {
    const { relays, schema, stop } = await twoRelays(service.location!);
    const front = balancer(relays.map((relay) => relay.url));
    const root = await Deno.makeTempDir({ prefix: "helix-sync-pg-" });
    try {
      const devices = ["laptop", "desktop", "ci-box", "tablet"].map((name) =>
        device(join(root, name), name)
      );
      const [laptop, ...others] = devices as [ReturnType<typeof device>, ...typeof devices];
      const first = await laptop.helix("add", `The ${CANARY} service stores cents.`, "--global");
      equal(first.code, 0, first.stderr);
      const init = await laptop.helix("sync", "init", "--relay", front.url, "--json");
      equal(init.code, 0, init.stderr);
      for (const other of others) {
        const { invited, joined } = await pair(laptop, other);
        equal(joined.code, 0, `${other.name}: ${joined.stderr}`);
        equal(invited.code, 0, invited.stderr);
      }
      // Each device writes, then every device syncs twice: every change reaches every device.
      for (const [i, d] of devices.entries()) {
        const added = await d.helix(
          "add",
          `Fact ${i} from ${d.name}: builds use cache ${i}.`,
          "--global",
        );
        equal(added.code, 0, added.stderr);
      }
      for (let pass = 0; pass < 2; pass++) {
        for (const d of devices) {
          const synced = await d.helix("sync", "--json");
          equal(synced.code, 0, `${d.name}: ${synced.stderr}`);
        }
      }
      const prints: string[] = [];
      for (const d of devices) {
        const listed = JSON.parse((await d.helix("list", "--scope", "all", "--json")).stdout);
        equal(listed.items.length, 5, `${d.name} holds every memory`);
        const verified = await d.helix("sync", "verify", "--json");
        equal(verified.code, 0, `${d.name}: ${verified.stderr}`);
        prints.push(JSON.parse(verified.stdout).fingerprint);
        const status = JSON.parse((await d.helix("sync", "status", "--json")).stdout);
        equal(status.unpushed, 0, d.name);
        equal(status.quarantined, 0, d.name);
      }
      equal(new Set(prints).size, 1, prints.join(" "));
      match(prints[0]!, /^[0-9a-f]{4}(-[0-9a-f]{4}){5}$/);
      for (const [i, counts] of front.served.entries()) {
        ok(counts.pushes > 0 && counts.pulls > 0, `relay ${i + 1}: ${JSON.stringify(counts)}`);
      }
      // T9 on PostgreSQL: the stored bytes hold no plaintext and no device key.
      const admin = postgres(service.location!, { max: 1, onnotice: () => {} });
      const rows = await admin<{ bytes: Uint8Array }[]>`
        SELECT bytes FROM ${admin(schema)}.deltas UNION ALL
        SELECT bytes FROM ${admin(schema)}.roster UNION ALL
        SELECT wpk FROM ${admin(schema)}.strands`;
      await admin.end();
      ok(rows.length >= 9, `${rows.length} rows`);
      const text = rows.map((row) => new TextDecoder("latin1").decode(row.bytes)).join("\n");
      const hex = rows.map((row) => Buffer.from(row.bytes).toString("hex")).join("\n");
      ok(!text.includes(CANARY) && !text.includes("builds use cache"), "plaintext stored");
      for (const d of devices) {
        const key = JSON.parse(Deno.readTextFileSync(join(d.home, "keys", "device.json")));
        ok(!hex.includes(key.publicKey) && !text.includes(key.publicKey), `${d.name}'s key`);
      }
    } finally {
      await front.stop();
      await stop();
      await Deno.remove(root, { recursive: true });
    }
  },
});

Deno.test({
  name:
    `a team of four devices and three members syncs through two relay processes over one PostgreSQL${why}`,
  ignore: ignored,
  sanitizeResources: false,
  async fn() {
    const { relays, stop } = await twoRelays(service.location!);
    const front = balancer(relays.map((relay) => relay.url));
    const root = await Deno.makeTempDir({ prefix: "helix-team-pg-" });
    try {
      const [adaLaptop, adaDesktop, bo, cy] = ["ada-laptop", "ada-desktop", "bo", "cy"].map(
        (name) => device(join(root, name), name),
      ) as [Device, Device, Device, Device];
      const strand = ["--strand", "team-acme"];
      const created = await adaLaptop.helix(
        "team",
        "create",
        "acme",
        "--relay",
        front.url,
        "--as",
        "ada",
      );
      equal(created.code, 0, created.stderr);
      // ada's second machine joins as a device of ada's member; bo and cy join as members.
      const added = await adaLaptop.invite(["device", "add", "--yes", ...strand]);
      const joined = await adaDesktop.helix("sync", "join", added.code, "--yes", ...strand);
      equal(joined.code, 0, joined.stderr);
      equal((await added.done).code, 0);
      for (const [member, name] of [[bo, "bo"], [cy, "cy"]] as const) {
        const invited = await adaLaptop.invite(
          ["team", "invite", "--yes"],
          /helix team join '([^']+)'/,
        );
        const entered = await member.helix("team", "join", invited.code, "--as", name, "--yes");
        equal(entered.code, 0, `${name}: ${entered.stderr}`);
        equal((await invited.done).code, 0);
      }
      const devices = [adaLaptop, adaDesktop, bo, cy];
      for (const [i, d] of devices.entries()) {
        const wrote = await d.helix(
          "add",
          `Team fact ${i} from ${d.name}: queue ${i}.`,
          "--global",
          ...strand,
        );
        equal(wrote.code, 0, wrote.stderr);
      }
      for (let pass = 0; pass < 2; pass++) {
        for (const [i, d] of devices.entries()) {
          // Shift the balancer's turn now and then, so each instance takes pushes and pulls.
          if ((i + pass) % 2 === 1) await (await fetch(`${front.url}/healthz`)).body?.cancel();
          const synced = await d.helix("sync", "--json", ...strand);
          equal(synced.code, 0, `${d.name}: ${synced.stderr}`);
        }
      }
      const prints = [];
      for (const d of devices) {
        const verified = await d.helix("sync", "verify", "--json", ...strand);
        equal(verified.code, 0, `${d.name}: ${verified.stderr}`);
        prints.push(JSON.parse(verified.stdout).fingerprint);
      }
      equal(new Set(prints).size, 1, prints.join(" "));
      const view = JSON.parse((await bo.helix("team", "members", "--json")).stdout);
      deepEqual(
        view.members.map((m: { name: string; devices: unknown[] }) => [m.name, m.devices.length]),
        [["ada", 2], ["bo", 1], ["cy", 1]],
      );
      for (const [i, counts] of front.served.entries()) {
        ok(counts.pushes > 0 && counts.pulls > 0, `relay ${i + 1}: ${JSON.stringify(counts)}`);
      }
    } finally {
      await front.stop();
      await stop();
      await Deno.remove(root, { recursive: true });
    }
  },
});

Deno.test({
  name: `two relay processes over one PostgreSQL racing at one strand never both win${why}`,
  ignore: ignored,
  async fn() {
    const { relays, stop } = await twoRelays(service.location!);
    try {
      const [a, b] = relays.map((relay) => relay.url) as [string, string];
      const strand = await testStrand();
      const base = `/v1/strands/${strand.strandId}`;
      const post = async (relay: string, path: string, body: Uint8Array<ArrayBuffer>) => {
        const response = await fetch(`${relay}${base}${path}`, { method: "POST", body });
        return {
          status: response.status,
          json: await response.json(),
          head: response.headers.get("x-helix-head"),
        };
      };
      const created = await fetch(`${a}${base}`, { method: "PUT", body: strand.genesis });
      equal(created.status, 201);
      await created.body?.cancel();
      // Roster: two rival entries at one head, one to each instance, ten times over.
      let head = strand.head;
      for (let seq = 2; seq <= 11; seq++) {
        const rivals = await Promise.all([1, 2].map(async () => {
          const other = await testDevice();
          return sealRosterEntry({
            strandId: strand.strandId,
            seq,
            prev: head,
            epoch: 0,
            keys: strand.keys,
            writeKeys: strand.keys,
            newEpoch: false,
            op: {
              kind: "add_device",
              device: other.device,
              ed25519: other.ed25519,
              x25519: other.ed25519,
              name: `rival ${seq}`,
            },
            signerSecretKey: strand.device.seed,
          }).slice();
        }));
        const answers = await Promise.all([a, b].map((r, i) => post(r, "/roster", rivals[i]!)));
        const statuses = answers.map((answer) => answer.status).sort();
        deepEqual(statuses, [201, 409], `seq ${seq}: ${JSON.stringify(answers)}`);
        head = rosterEntryHash(rivals[answers.findIndex((answer) => answer.status === 201)]!);
      }
      // Log: the same delta to both at once is stored once; distinct ones get distinct seqs.
      const same = strand.delta(1);
      const twice = await Promise.all([a, b].map((r) => post(r, "/deltas", same)));
      deepEqual(twice.map((t) => t.status).sort(), [200, 201]);
      deepEqual(twice.map((t) => t.json.seq), [1, 1]);
      const many = Array.from({ length: 30 }, (_, i) => strand.delta(i + 2));
      const stored = await Promise.all(
        many.map((delta, i) => post(i % 2 ? a : b, "/deltas", delta)),
      );
      ok(stored.every((answer) => answer.status === 201), JSON.stringify(stored));
      const seqs = stored.map((answer) => answer.json.seq as number).sort((x, y) => x - y);
      deepEqual(seqs, Array.from({ length: 30 }, (_, i) => i + 2));
      // Both instances sign the same head of the one log.
      const heads = await Promise.all([a, b].map(async (relay) => {
        const response = await fetch(`${relay}${base}/deltas?after=31`);
        await response.body?.cancel();
        return response.headers.get("x-helix-head");
      }));
      ok(heads[0]);
      equal(heads[0], heads[1]);
    } finally {
      await stop();
    }
  },
});
