import { deepEqual, equal, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import {
  TEAM_A,
  TEAM_B,
  TEAM_C,
  teamKeysFor,
  teamRoster,
  type TeamStep,
  X_C,
} from "./_team_testing.ts";
import * as T from "./_testing.ts";
import { toHex } from "./ids.ts";
import { verifyRosterChain } from "./roster_chain.ts";
import { sealRosterEntry } from "./roster_entry.ts";
import { rosterEntryHash } from "./roster_outer.ts";

const verify = (steps: readonly TeamStep[]) =>
  verifyRosterChain(teamRoster(steps), T.STRAND, teamKeysFor);
const refused = (steps: readonly TeamStep[], code = "unauthorized") =>
  throws(() => verify(steps), (e: unknown) => isHelixError(e, code as never));

const addB: TeamStep = {
  op: { kind: "add_member", member: TEAM_B.device, name: "bo", role: "member", device: TEAM_B },
  signer: 0,
  bundleFor: [T.X_B],
};
const addC = (signer: 0 | 1): TeamStep => ({
  op: { kind: "add_member", member: TEAM_C.device, name: "cy", role: "member", device: TEAM_C },
  signer,
  bundleFor: [X_C],
});
const promoteB: TeamStep = {
  op: { kind: "set_role", member: TEAM_B.device, role: "admin" },
  signer: 0,
};

Deno.test("a personal strand is one implicit admin member holding every device", () => {
  const state = verifyRosterChain(T.sampleRoster().slice(0, 2), T.STRAND, T.keysFor);
  equal(state.kind, "personal");
  equal(state.team, null);
  const a = T.rosterDevice(T.DEVICE_SECRET, T.X_A, "laptop");
  const b = T.rosterDevice(T.DEVICE_B_SECRET, T.X_B, "desktop");
  deepEqual(state.members, [{
    member: a.device,
    name: "owner",
    role: "admin",
    devices: [a.device, b.device],
  }]);
});

Deno.test("a team strand lists its members, roles and devices", () => {
  const state = verify([addB, addC(0), promoteB]);
  equal(state.kind, "team");
  equal(state.team, "acme");
  deepEqual(state.members.map((m) => [m.name, m.role, m.devices]), [
    ["ada", "admin", [TEAM_A.device]],
    ["bo", "admin", [TEAM_B.device]],
    ["cy", "member", [TEAM_C.device]],
  ]);
  deepEqual(state.devices, [TEAM_A, TEAM_B, TEAM_C]);
});

Deno.test("R8: a member's device signing an admin op is refused with unauthorized", async (t) => {
  const cases: Record<string, TeamStep> = {
    "add_member": addC(1),
    "set_role": { op: { kind: "set_role", member: TEAM_B.device, role: "admin" }, signer: 1 },
    "remove_member": {
      op: { kind: "remove_member", member: TEAM_A.device, previous: toHex(T.SECRET_0) },
      signer: 1,
      rotateFor: [T.X_B],
    },
    rotate: {
      op: { kind: "rotate", previous: toHex(T.SECRET_0) },
      signer: 1,
      rotateFor: [T.X_A, T.X_B],
    },
    "remove another member's device": {
      op: { kind: "remove_device", device: TEAM_A.device },
      signer: 1,
    },
  };
  for (const [name, step] of Object.entries(cases)) {
    await t.step(name, () => refused([addB, step]));
  }
});

Deno.test("add_device adds the machine to the signer's member, and a member may add its own", () => {
  const state = verify([addB, {
    op: { kind: "add_device", ...TEAM_C },
    signer: 1,
    bundleFor: [X_C],
  }]);
  deepEqual(state.members.map((m) => m.devices), [[TEAM_A.device], [TEAM_B.device, TEAM_C.device]]);
  // …and removes its own machine (not its last one)
  const after = verify([
    addB,
    { op: { kind: "add_device", ...TEAM_C }, signer: 1, bundleFor: [X_C] },
    { op: { kind: "remove_device", device: TEAM_C.device }, signer: 1 },
  ]);
  deepEqual(after.members.map((m) => m.devices), [[TEAM_A.device], [TEAM_B.device]]);
  equal(after.rotationPending, true);
  refused([addB, { op: { kind: "remove_device", device: TEAM_B.device }, signer: 0 }]);
});

Deno.test("the last admin can neither leave nor step down; another admin can", () => {
  refused([{ op: { kind: "leave" }, signer: 0 }]);
  refused([{ op: { kind: "set_role", member: TEAM_A.device, role: "member" }, signer: 0 }]);
  const state = verify([
    addB,
    promoteB,
    { op: { kind: "set_role", member: TEAM_A.device, role: "member" }, signer: 0 },
  ]);
  deepEqual(state.members.map((m) => m.role), ["member", "admin"]);
});

Deno.test("leave makes rotation pending and a rotate clears it; the leaver joins former", () => {
  const left = verify([addB, addC(0), { op: { kind: "leave" }, signer: 2 }]);
  equal(left.rotationPending, true);
  deepEqual(left.former.map((d) => [d.device, d.removedAt]), [[TEAM_C.device, 4]]);
  deepEqual(left.removed, [TEAM_C.device]);
  equal(left.members.length, 2);
  const rotated = verify([
    addB,
    addC(0),
    { op: { kind: "leave" }, signer: 2 },
    { op: { kind: "rotate", previous: toHex(T.SECRET_0) }, signer: 0, rotateFor: [T.X_A, T.X_B] },
  ]);
  equal(rotated.rotationPending, false);
  equal(rotated.epoch, 1);
});

Deno.test("remove_member always opens an epoch; a removed member never comes back", () => {
  const removeC = {
    op: { kind: "remove_member", member: TEAM_C.device, previous: toHex(T.SECRET_0) },
    signer: 0,
  } as const;
  refused([addB, addC(0), removeC], "tampered"); // no new epoch
  const state = verify([addB, addC(0), { ...removeC, rotateFor: [T.X_A, T.X_B] }]);
  deepEqual(state.former.map((d) => d.device), [TEAM_C.device]);
  deepEqual(state.gone, [TEAM_C.device]);
  refused([addB, addC(0), { ...removeC, rotateFor: [T.X_A, T.X_B] }, addC(0)]);
  // An admin cannot rotate itself out.
  refused([{
    op: { kind: "remove_member", member: TEAM_A.device, previous: toHex(T.SECRET_0) },
    signer: 0,
    rotateFor: [T.X_A],
  }]);
});

Deno.test("team ops on a personal strand are refused", () => {
  const [genesis] = T.sampleRoster();
  const entry = sealRosterEntry({
    strandId: T.STRAND,
    seq: 2,
    prev: rosterEntryHash(genesis!),
    epoch: 0,
    keys: T.KEYS_0,
    op: { kind: "set_role", member: TEAM_A.device, role: "member" },
    signerSecretKey: T.DEVICE_SECRET,
  });
  throws(
    () => verifyRosterChain([genesis!, entry], T.STRAND, T.keysFor),
    (e: unknown) => isHelixError(e, "unauthorized") && /personal strand/.test(e.message),
  );
  // A create after a create_team genesis is refused too.
  refused([{ op: { kind: "create", devices: [TEAM_B] }, signer: 0 }]);
});
