import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { loadOrCreateDeviceKey } from "../crypto/device_key.ts";
import { loadOrCreateExchangeKey } from "../crypto/exchange_key.ts";
import { teamStrandPath } from "../config/teams.ts";
import { type Engine, openEngine } from "../engine.ts";
import { memoryRelay } from "../sync/_memory_relay_testing.ts";
import type { RelayPort } from "../sync/relay_port.ts";
import type { SyncKeys } from "../sync/deps.ts";
import { homeWorkspace, registerTeams } from "./_workspace_testing.ts";

async function keys(home: string): Promise<SyncKeys> {
  return {
    device: await loadOrCreateDeviceKey(join(home, "device.key")),
    exchange: await loadOrCreateExchangeKey(join(home, "device-x25519.key")),
  };
}

async function pair(a: Engine, b: Engine, relay: RelayPort): Promise<void> {
  let code = "";
  let codeReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => codeReady = resolve);
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
  const confirm = () => Promise.resolve(true);
  const inviting = a.syncInvite({ onCode: (c) => (code = c, codeReady()), confirm, sleep }, {
    relay,
  });
  await ready;
  const joined = await b.syncJoin(code, { confirm, sleep }, { relay: () => relay });
  ok((await inviting).paired && joined.paired);
}

Deno.test("a team strand's memories name the member whose device wrote them (the verified sync author)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-members-" });
  const relay = memoryRelay();
  const mine = join(dir, "ann");
  const bobs = join(dir, "bob");
  await registerTeams(mine, { acme: ["billing"] });
  await registerTeams(bobs, { acme: ["billing"] });
  const annKeys = await keys(mine);
  const bobKeys = await keys(bobs);
  // The team strand syncs through the existing pairing (team invites replace it later).
  const annTeam = openEngine({
    path: teamStrandPath(mine, "acme"),
    syncKeys: annKeys,
    deviceName: "ann",
  });
  const bobTeam = openEngine({
    path: teamStrandPath(bobs, "acme"),
    syncKeys: bobKeys,
    deviceName: "bob",
  });
  await annTeam.syncInit(relay);
  await pair(annTeam, bobTeam, relay);
  annTeam.close();
  bobTeam.close();

  const bob = await homeWorkspace(bobs, "billing", { syncKeys: bobKeys, deviceName: "bob" });
  await bob.write({
    content: "Billing webhooks are retried with exponential backoff.",
    type: "convention",
  });
  await bob.strandFor("project:billing").engine.sync({ relay });
  bob.close();

  const ann = await homeWorkspace(mine, "billing", { syncKeys: annKeys, deviceName: "ann" });
  await ann.write({ content: "Billing webhooks must be idempotent.", type: "convention" });
  await ann.strandFor("project:billing").engine.sync({ relay });
  const { hits } = await ann.search({ query: "billing webhooks" });
  const by = new Map(hits.map((h) => [h.memory.content, `${h.strand} ${h.member}`]));
  equal(by.get("Billing webhooks are retried with exponential backoff."), "team:acme bob");
  equal(by.get("Billing webhooks must be idempotent."), "team:acme you");
  const listed = ann.list().items.find((m) => m.content.includes("backoff"));
  equal(listed?.member, "bob");
  equal(ann.get(listed!.id).member, "bob");
  ann.close();
  await Deno.remove(dir, { recursive: true });
});
