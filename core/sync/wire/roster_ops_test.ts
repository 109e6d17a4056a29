import { deepEqual, equal } from "node:assert/strict";
import { DEVICE_B_SECRET, DEVICE_SECRET, rosterDevice, X_A, X_B } from "./_testing.ts";
import { rosterOpFrom } from "./roster_ops.ts";

const a = rosterDevice(DEVICE_SECRET, X_A, "laptop");
const b = rosterDevice(DEVICE_B_SECRET, X_B, "desktop");

Deno.test("rosterOpFrom() accepts the stage-1 ops and the relay key pin", () => {
  deepEqual(rosterOpFrom({ kind: "create", devices: [a, b] }), { kind: "create", devices: [a, b] });
  deepEqual(rosterOpFrom({ kind: "add_device", ...b }), { kind: "add_device", ...b });
  deepEqual(rosterOpFrom({ kind: "remove_device", device: a.device }), {
    kind: "remove_device",
    device: a.device,
  });
  const key = "ab".repeat(32);
  deepEqual(rosterOpFrom({ kind: "pin_relay", key }), { kind: "pin_relay", key });
});

Deno.test("rosterOpFrom() accepts the team ops", () => {
  const previous = "cd".repeat(32);
  const ops = [
    { kind: "create_team", team: "acme-2", member: a.device, name: "Ada", devices: [a] },
    { kind: "add_member", member: b.device, name: "Bo", role: "member", device: b },
    { kind: "remove_member", member: b.device, previous },
    { kind: "leave" },
    { kind: "rotate", previous },
    { kind: "set_role", member: b.device, role: "admin" },
  ];
  for (const op of ops) deepEqual(rosterOpFrom(op), op);
});

Deno.test("rosterOpFrom() names the problem with every malformed op", async (t) => {
  const cases: Record<string, unknown> = {
    "not an object": [],
    "unknown kind": { kind: "add_admin", ...b },
    "add_member with a flat device": { kind: "add_member", ...b },
    "add_member naming another device": {
      kind: "add_member",
      member: a.device,
      name: "x",
      role: "member",
      device: b,
    },
    "bad role": { kind: "set_role", member: a.device, role: "owner" },
    "remove_member without previous": { kind: "remove_member", member: a.device },
    "leave with a field": { kind: "leave", member: a.device },
    "rotate without previous": { kind: "rotate" },
    "upper-case team name": {
      kind: "create_team",
      team: "Acme",
      member: a.device,
      name: "x",
      devices: [a],
    },
    "creator not among the devices": {
      kind: "create_team",
      team: "acme",
      member: b.device,
      name: "x",
      devices: [a],
    },
    "empty create": { kind: "create", devices: [] },
    "duplicate device": { kind: "create", devices: [a, a] },
    "device not its key's fingerprint": { kind: "add_device", ...b, device: a.device },
    "extra field": { kind: "add_device", ...b, admin: true },
    "missing field": { kind: "add_device", device: b.device, ed25519: b.ed25519, name: "x" },
    "control character in name": { kind: "add_device", ...b, name: "a\u001b[2Jb" },
    "empty name": { kind: "add_device", ...b, name: "" },
    "upper-case key": { kind: "add_device", ...b, x25519: b.x25519.toUpperCase() },
    "bad removed id": { kind: "remove_device", device: "x" },
    "short relay key": { kind: "pin_relay", key: "ab".repeat(16) },
    "relay key with a device": { kind: "pin_relay", key: "ab".repeat(32), device: a.device },
  };
  for (const [name, value] of Object.entries(cases)) {
    await t.step(name, () => equal(typeof rosterOpFrom(value), "string"));
  }
});
