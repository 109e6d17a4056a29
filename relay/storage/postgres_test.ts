/**
 * The PostgreSQL backend against the storage contract (T14), each test in a schema of its own
 * (dropped afterwards) so parallel tests never meet. Needs `HELIX_TEST_POSTGRES_URL`
 * (`eval "$(.ci/services)"`): ignored with the reason when absent, a failure under CI.
 *
 * @module
 */
import { deepEqual, equal, rejects } from "node:assert/strict";
import postgres from "postgres";
import { postgres as postgresService } from "../../tests/fixtures/services.ts";
import { storageContract } from "./contract.ts";
import { referenceRoot, storedRoot } from "./contract_log.ts";
import { openPostgresStorage, type PostgresStorage } from "./postgres.ts";
import { SCHEMA_VERSION } from "./postgres_schema.ts";

const service = postgresService();
const URL_ = service.location;

/** A fresh schema name: `relay_test_` and 12 random hex digits. */
export function testSchema(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `relay_test_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Drops `schema` and everything in it. */
async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin`DROP SCHEMA IF EXISTS ${admin(schema)} CASCADE`;
  } finally {
    await admin.end();
  }
}

if (URL_ === undefined) {
  Deno.test({
    name: `postgres storage: the contract suite (${service.name} not configured: ` +
      `run eval "$(.ci/services)" to set HELIX_TEST_POSTGRES_URL)`,
    ignore: true,
    fn() {},
  });
} else {
  const url = URL_;
  storageContract("postgres", async () => {
    const schema = testSchema();
    let current: PostgresStorage = await openPostgresStorage(url, { schema });
    return {
      storage: current,
      async reopen() {
        await current.end();
        current = await openPostgresStorage(url, { schema });
        return current;
      },
      async cleanup() {
        await current.end();
        await dropSchema(url, schema);
      },
    };
  });

  Deno.test("postgres storage: instances starting together migrate once and share one relay key", async () => {
    const schema = testSchema();
    const opened = await Promise.all(
      [1, 2, 3].map(() => openPostgresStorage(url, { schema, max: 2 })),
    );
    try {
      const seeds = await Promise.all(
        opened.map((s, i) => s.relaySeed(new Uint8Array(32).fill(i + 1))),
      );
      equal(new Set(seeds.map((s) => s.join())).size, 1);
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      const rows = await admin`SELECT version FROM ${admin(schema)}.relay_migrations`;
      await admin.end();
      equal(rows.length, SCHEMA_VERSION); // each migration once
    } finally {
      await Promise.all(opened.map((s) => s.end()));
      await dropSchema(url, schema);
    }
  });

  Deno.test("postgres storage: two instances racing at one strand never both win", async () => {
    const schema = testSchema();
    const [a, b] = await Promise.all([1, 2].map(() => openPostgresStorage(url, { schema })));
    try {
      const strand = "0123456789abcdef0123456789abcdef";
      const hash = (n: number) => n.toString(16).padStart(64, "0");
      const entry = (seq: number, rival: number) => ({
        seq,
        hash: hash(seq * 10 + rival),
        epoch: 0,
        wpk: new Uint8Array(32),
        bytes: Uint8Array.of(seq, rival),
        day: 1,
      });
      await a!.createStrand(strand, entry(1, 0));
      let head = entry(1, 0).hash;
      for (let seq = 2; seq <= 21; seq++) {
        const results = await Promise.all(
          [a!, b!].map((s, rival) => s.appendRoster(strand, head, entry(seq, rival))),
        );
        const won = results.flatMap((r, rival) => r.kind === "stored" ? [rival] : []);
        equal(won.length, 1, `seq ${seq}: ${JSON.stringify(results.map((r) => r.kind))}`);
        head = entry(seq, won[0]!).hash;
      }
      equal((await b!.rosterHead(strand))?.seq, 21);
      const deltas = Array.from({ length: 40 }, (_, i) => ({
        deltaId: hash(0xd000 + (i % 30)),
        epoch: 0,
        bytes: Uint8Array.of(i % 30),
        day: 1,
      }));
      const appended = await Promise.all(
        deltas.map((d, i) => (i % 2 ? a! : b!).appendDelta(strand, d, Number.MAX_SAFE_INTEGER)),
      );
      const seqs = appended.flatMap((r) => r.kind === "stored" ? [r.seq] : []);
      equal(seqs.length, 30);
      equal(new Set(seqs).size, 30);
      equal(Math.max(...seqs), 30);
      equal(appended.filter((r) => r.kind === "duplicate").length, 10);
      equal(await a!.logSize(strand), 30);
      equal(await a!.bytesUsed(strand), 30);
      const listed = await b!.listDeltas(strand, 0, { maxCount: 100, maxBytes: 1 << 20 });
      const ids = listed.map((item) => hash(0xd000 + item.bytes[0]!));
      deepEqual(await storedRoot(a!, strand), referenceRoot(ids));
    } finally {
      await Promise.all([a!.end(), b!.end()]);
      await dropSchema(url, schema);
    }
  });

  Deno.test("postgres storage: a rotation on one instance and a push at the old epoch on another", async () => {
    const schema = testSchema();
    const [a, b] = await Promise.all([1, 2].map(() => openPostgresStorage(url, { schema })));
    try {
      const strand = "00112233445566778899aabbccddeeff";
      const hash = (n: number) => n.toString(16).padStart(64, "0");
      const entry = (seq: number) => ({
        seq,
        hash: hash(seq),
        epoch: seq - 1,
        wpk: new Uint8Array(32).fill(seq),
        bytes: Uint8Array.of(seq),
        day: 1,
      });
      const delta = (n: number, epoch: number) => ({
        deltaId: hash(0xd000 + n),
        epoch,
        bytes: Uint8Array.of(n),
        day: 1,
      });
      await a!.createStrand(strand, entry(1));
      let stored = 0;
      for (let seq = 2; seq <= 11; seq++) {
        const old = seq - 2;
        const [rotated, pushed] = await Promise.all([
          a!.appendRoster(strand, hash(seq - 1), entry(seq)),
          b!.appendDelta(strand, delta(seq, old), Number.MAX_SAFE_INTEGER),
        ]);
        equal(rotated.kind, "stored");
        if (pushed.kind === "stored") stored++;
        else deepEqual(pushed, { kind: "stale_epoch", epoch: old + 1 });
        // Once the rotation committed, the old epoch is refused on every instance.
        deepEqual(await b!.appendDelta(strand, delta(100 + seq, old), Number.MAX_SAFE_INTEGER), {
          kind: "stale_epoch",
          epoch: old + 1,
        });
      }
      equal(await a!.logSize(strand), stored);
    } finally {
      await Promise.all([a!.end(), b!.end()]);
      await dropSchema(url, schema);
    }
  });

  Deno.test("postgres storage: a schema from a newer relay is refused", async () => {
    const schema = testSchema();
    const first = await openPostgresStorage(url, { schema });
    await first.end();
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin`INSERT INTO ${admin(schema)}.relay_migrations VALUES (99, 'from the future')`;
      await rejects(openPostgresStorage(url, { schema }), /schema is version 99/);
    } finally {
      await admin.end();
      await dropSchema(url, schema);
    }
  });
}
