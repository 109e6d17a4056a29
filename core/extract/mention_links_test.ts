/**
 * The write path looks entities up by the first word of their names
 * (`store/entity_heads.ts`): it must link exactly what checking every entity of the memory's
 * scopes links, names with punctuation, capitals and accents included, and keep the oldest
 * entities when a memory names more than it may link.
 */
import { deepEqual, ok } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";
import { activeEntities } from "../store/entity_heads.ts";
import { openDatabase } from "../store/sqlite.ts";
import { createStore } from "../store/store.ts";
import { MAX_MENTIONED, mentionedBy } from "./mention_links.ts";

const ENTITIES: Array<[string, string]> = [
  ["Priya Raman: staff engineer in Berlin.", "global"],
  ["auth-svc: the identity provider.", "global"],
  ["Stripe account: test mode backs staging.", "project:web"],
  ["The ledger package (src/ledger/) is double-entry.", "project:web"],
  ["@acme/ui: the shared component library.", "global"],
  ["Lena Fischer: analytics engineer.", "project:data"],
  ["K8S-prod: the production cluster.", "global"],
  ["Émile Zola: the release manager.", "global"],
  ["Forgotten-svc: retired last year.", "global"],
  ...Array.from({ length: 10 }, (_, i): [string, string] => [`svc-${i}: worker ${i}.`, "global"]),
];

const TEXTS = [
  "Ask Priya about the threat model.",
  "PRIYA RAMAN signed off.",
  "priya is lowercase here.",
  "apps/bff proxies /api/auth to auth-svc.",
  "AUTH-SVC is down again.",
  "auth-svc-v2 is a prototype.",
  "x_auth-svc is not it.",
  "(auth-svc) restarted.",
  "Stripe charges fail on staging.",
  "stripe webhooks retry.",
  "the ledger rounds to cents.",
  "ledger-tools is another package.",
  "Import Button from @acme/ui in the web app.",
  "acme/ui alone.",
  "Lena reviews the dbt models.",
  "k8s-prod is full.",
  "Émile approves releases.",
  "émile in lowercase.",
  "Forgotten-svc still answers.",
  "svc-9 svc-8 svc-7 svc-6 svc-5 svc-4 svc-3 svc-2 svc-1 svc-0 all restarted.",
];

Deno.test("mentions found through the name index are those a walk over every entity finds", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  const ids = new Map<string, string>();
  for (const [content, scope] of ENTITIES) {
    const written = await t.engine.write({ content, type: "entity", scope });
    ids.set(content, written.id);
  }
  await t.engine.forget({ id: ids.get("Forgotten-svc: retired last year.")! });
  const written = [];
  for (const [i, content] of TEXTS.entries()) {
    const scope = i % 3 === 2 ? "global" : "project:web";
    const result = await t.engine.write({ content, type: "fact", scope });
    written.push({ id: result.id, scope, content });
  }
  const db = openDatabase(t.path);
  try {
    const store = createStore(db, 384);
    let links = 0;
    for (const memory of written) {
      const scopes = memory.scope === "global" ? ["global"] : [memory.scope, "global"];
      const expected = mentionedBy(memory, activeEntities(store, scopes)).map((l) => l.to);
      const made = t.engine.edgesOf(memory.id)
        .filter((e) => e.relation === "mentions" && e.from === memory.id).map((e) => e.to);
      deepEqual(made.sort(), [...expected].sort(), memory.content);
      links += made.length;
    }
    ok(links >= 15, `links made: ${links}`);
    const many = written.at(-1)!;
    const oldest = Array.from(
      { length: MAX_MENTIONED },
      (_, i) => ids.get(`svc-${i}: worker ${i}.`),
    );
    deepEqual(
      t.engine.edgesOf(many.id).filter((e) => e.from === many.id).map((e) => e.to).sort(),
      oldest.sort(),
      "the oldest entities when a memory names more than it may link",
    );
  } finally {
    db.close();
  }
});
