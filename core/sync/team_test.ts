import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { loadOrCreateDeviceKey } from "../crypto/device_key.ts";
import { loadOrCreateExchangeKey } from "../crypto/exchange_key.ts";
import { type Engine, openEngine } from "../engine.ts";
import { isHelixError } from "../errors.ts";
import { memoryRelay } from "./_memory_relay_testing.ts";
import type { RelayPort } from "./relay_port.ts";

async function machine(dir: string, name: string): Promise<Engine> {
  const home = join(dir, name);
  await Deno.mkdir(home, { recursive: true });
  const syncKeys = {
    device: await loadOrCreateDeviceKey(join(home, "device.key")),
    exchange: await loadOrCreateExchangeKey(join(home, "device-x25519.key")),
  };
  return openEngine({ path: join(home, "team.db"), syncKeys, deviceName: name });
}

const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

async function inviteMember(admin: Engine, joiner: Engine, member: string, relay: RelayPort) {
  let code = "";
  let codeReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => codeReady = resolve);
  const shown: string[] = [];
  const inviting = admin.teamInvite({
    onCode: (c) => (code = c, codeReady()),
    confirm: (sas) => (shown.push(sas), Promise.resolve(true)),
    sleep,
  }, { relay });
  inviting.catch(() => codeReady());
  await ready;
  const joined = await joiner.teamJoin(code, {
    confirm: (sas) => (shown.push(sas), Promise.resolve(true)),
    sleep,
  }, { member, relay: () => relay });
  ok((await inviting).paired && joined.paired);
  equal(shown[0], shown[1]);
  return joined;
}

const code = (c: string) => (e: unknown) => isHelixError(e, c as never);

Deno.test("a team: create, invite, members, share memories, roles, remove with rotation, leave", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const ada = await machine(dir, "ada-laptop");
  const bo = await machine(dir, "bo-laptop");
  const cy = await machine(dir, "cy-laptop");
  try {
    const created = await ada.teamCreate(relay, { team: "acme", member: "ada" });
    equal(created.team, "acme");
    const joined = await inviteMember(ada, bo, "bo", relay);
    equal(joined.team, "acme");
    await inviteMember(ada, cy, "cy", relay);
    const view = await bo.teamMembers({ relay });
    equal(view.team, "acme");
    equal(view.kind, "team");
    deepEqual(view.members.map((m) => [m.name, m.role, m.me]), [
      ["ada", "admin", false],
      ["bo", "member", true],
      ["cy", "member", false],
    ]);
    // A memory written by one member is found by the others after sync.
    await ada.write({
      content: "Invoices are numbered per tenant, never globally.",
      type: "convention",
    });
    await ada.sync({ relay });
    await bo.sync({ relay });
    ok((await bo.search({ query: "invoices numbered per tenant" })).hits.length > 0);
    // A member cannot make admin changes; its own client refuses before uploading.
    await rejects(bo.teamRemove("cy", { relay }), code("unauthorized"));
    await rejects(bo.teamSetRole("bo", "admin", { relay }), code("unauthorized"));
    await rejects(
      bo.teamInvite({ onCode: () => {}, confirm: () => Promise.resolve(true) }, { relay }),
      code("unauthorized"),
    );
    // The last admin can neither step down nor leave.
    await rejects(ada.teamSetRole("ada", "member", { relay }), code("unauthorized"));
    await rejects(ada.teamLeave({ relay }), code("unauthorized"));
    await ada.teamSetRole("bo", "admin", { relay });
    // Removing a member opens a new epoch the removed member cannot open.
    const removal = await bo.teamRemove("cy", { relay });
    equal(removal.removed.name, "cy");
    equal(removal.epoch, 1);
    await rejects(cy.sync({ relay }), code("unauthorized"));
    await ada.write({ content: "The payroll export runs on the first weekday.", type: "fact" });
    await ada.sync({ relay });
    await bo.sync({ relay });
    equal(ada.stateHash(), bo.stateHash());
    // Leaving: rotation is pending until an admin rotates.
    const left = await bo.teamLeave({ relay });
    equal(left.name, "bo");
    const after = await ada.teamMembers({ relay });
    equal(after.rotationPending, true);
    deepEqual(after.members.map((m) => m.name), ["ada"]);
    const rotated = await ada.teamRotate({ relay });
    equal(rotated.epoch, 2);
    equal((await ada.teamMembers({ relay })).rotationPending, false);
    await rejects(bo.sync({ relay }), code("unauthorized"));
  } finally {
    for (const e of [ada, bo, cy]) e.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("team calls on a personal strand, and a team join with a device code, are refused", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const me = await machine(dir, "me");
  try {
    await me.syncInit(relay);
    await rejects(me.teamRemove("x", { relay }), code("invalid_input"));
    await rejects(me.teamCreate(relay, { team: "Bad Name" }), code("invalid_input"));
    equal((await me.teamMembers({ relay })).kind, "personal");
  } finally {
    me.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a member's recovery phrase brings back a machine of that member (T12 in a team)", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const ada = await machine(dir, "ada-laptop");
  const bo = await machine(dir, "bo-laptop");
  const spare = await machine(dir, "bo-spare");
  try {
    const { strandId } = await ada.teamCreate(relay, { team: "acme", member: "ada" });
    await inviteMember(ada, bo, "bo", relay);
    await ada.write({ content: "On-call handover happens at 09:00 UTC.", type: "convention" });
    await ada.sync({ relay });
    const { phrase } = await bo.syncRecoveryPhrase({ relay });
    await rejects(spare.syncRecover(phrase.split(" ").reverse().join(" "), { relay, strandId }));
    await spare.syncRecover(phrase, { relay, strandId, name: "bo-spare" });
    await spare.sync({ relay });
    ok((await spare.search({ query: "on-call handover" })).hits.length > 0);
    const view = await spare.teamMembers({ relay });
    deepEqual(view.members.map((m) => [m.name, m.devices.length, m.me]), [
      ["ada", 1, false],
      ["bo", 3, true],
    ]);
  } finally {
    for (const e of [ada, bo, spare]) e.close();
    await Deno.remove(dir, { recursive: true });
  }
});
