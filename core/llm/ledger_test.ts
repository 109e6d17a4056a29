/**
 * Tests for the LLM ledgers: one contract for the memory and SQLite ledgers, and the SQLite
 * ledger over a real strand file (schema from the real migrations) surviving a reopen, with
 * the extractor's cache and budget carried across.
 *
 * @module
 */
import { deepEqual, equal, throws } from "node:assert/strict";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { answer, startFakeOpenAI } from "../../tests/fixtures/fake_openai.ts";
import { migrate } from "../store/migrations.ts";
import { openDatabase } from "../store/sqlite.ts";
import { createLlmExtractor } from "./extractor.ts";
import { createMemoryLedger, createSqliteLedger, type LlmLedger } from "./ledger.ts";

/** Opens (creating and migrating) a strand database at `path`. */
function openStrandDb(path: string): DatabaseSync {
  const db = openDatabase(path);
  db.exec("BEGIN IMMEDIATE");
  migrate(db, { dimension: 4 });
  db.exec("COMMIT");
  return db;
}

async function tempDir(): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ prefix: "helix-llm-ledger-" });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}

function ledgerContract(name: string, setup: () => { ledger: LlmLedger } & Disposable) {
  Deno.test(`${name}: get() misses, put() stores and replaces`, () => {
    using store = setup();
    const { ledger } = store;
    equal(ledger.get("k"), undefined);
    ledger.put("k", '{"v":1}', 10, 1_000);
    equal(ledger.get("k"), '{"v":1}');
    ledger.put("k", '{"v":2}', 12, 2_000);
    equal(ledger.get("k"), '{"v":2}');
    equal(ledger.get("other"), undefined);
  });

  Deno.test(`${name}: spend() adds up per month, spent() reads it`, () => {
    using store = setup();
    const { ledger } = store;
    equal(ledger.spent("2026-11"), 0);
    ledger.spend("2026-11", 100);
    ledger.spend("2026-11", 20.2);
    ledger.spend("2026-12", 5);
    deepEqual([ledger.spent("2026-11"), ledger.spent("2026-12")], [121, 5]);
  });

  Deno.test(`${name}: negative or non-finite tokens are refused`, () => {
    using store = setup();
    throws(() => store.ledger.spend("2026-11", -1), RangeError);
    throws(() => store.ledger.put("k", "v", Number.NaN, 0), RangeError);
    equal(store.ledger.spent("2026-11"), 0);
  });
}

ledgerContract("createMemoryLedger()", () => ({
  ledger: createMemoryLedger(),
  [Symbol.dispose]() {},
}));

ledgerContract("createSqliteLedger()", () => {
  const db = openStrandDb(":memory:");
  return {
    ledger: createSqliteLedger(db),
    [Symbol.dispose]() {
      db.close();
    },
  };
});

Deno.test("createSqliteLedger() persists cache and spend across reopening the strand file", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const first = openStrandDb(path);
  const ledger = createSqliteLedger(first);
  ledger.put("key", "[1,2,3]", 42, Date.UTC(2026, 10, 22));
  ledger.spend("2026-11", 42);
  first.close();

  const second = openStrandDb(path);
  const reopened = createSqliteLedger(second);
  equal(reopened.get("key"), "[1,2,3]");
  equal(reopened.spent("2026-11"), 42);
  const row = second.prepare("SELECT tokens, created_at FROM llm_cache WHERE key = 'key'").get();
  deepEqual({ ...row }, { tokens: 42, "created_at": Date.UTC(2026, 10, 22) });
  second.close();
});

Deno.test("the extractor's cache and budget survive a reopen through the SQLite ledger", async () => {
  await using server = startFakeOpenAI();
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const now = () => Date.UTC(2026, 10, 22, 12);
  const input = { text: "we deploy on Fridays", context: { now: now() } };
  const options = {
    baseUrl: server.baseUrl,
    model: "fake-model",
    monthlyTokenBudget: 150,
    now,
  };
  server.enqueue(
    answer({ ratings: [{ index: 0, importance: 4 }] }, { prompt: 90, completion: 40 }),
  );

  const first = openStrandDb(path);
  const before = createLlmExtractor({ ...options, ledger: createSqliteLedger(first) });
  deepEqual(await before.rateImportance([{ type: "convention", content: input.text }]), [4]);
  first.close();

  const second = openStrandDb(path);
  const after = createLlmExtractor({ ...options, ledger: createSqliteLedger(second) });
  // Cached: answered without a request, even though the month's budget is now spent.
  deepEqual(await after.rateImportance([{ type: "convention", content: input.text }]), [4]);
  // Not cached, and 130 of 150 tokens are spent: still allowed (one request over at most).
  server.enqueue(answer({ results: [{ index: 0, memories: [] }] }));
  deepEqual(await after.extract([input]), [[]]);
  // Now 250 ≥ 150: no more requests this month.
  deepEqual(await after.extract([{ ...input, text: "something else" }]), [null]);
  equal(server.requests.length, 2);
  equal(createSqliteLedger(second).spent("2026-11"), 250);
  second.close();
});
