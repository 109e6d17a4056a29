import { deepEqual, equal, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isHelixError } from "../errors.ts";
import { loadOrCreateDeviceKey } from "./device_key.ts";
import { loadOrCreateExchangeKey } from "./exchange_key.ts";
import { x25519PublicKeyOf } from "./x25519.ts";

const posix = Deno.build.os !== "windows";

Deno.test("loadOrCreateExchangeKey() creates an owner-only X25519 key once, beside the device key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "helix", "device-x25519.key");
    const created = await loadOrCreateExchangeKey(path);
    deepEqual(created.publicKey, x25519PublicKeyOf(created.secretKey));
    if (posix) equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    deepEqual(await loadOrCreateExchangeKey(path), created);
    const device = await loadOrCreateDeviceKey(join(dir, "helix", "device.key"));
    equal(device.secretKey.length, 32);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadOrCreateExchangeKey() refuses a readable or malformed file and keeps it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "device-x25519.key");
    if (posix) {
      await loadOrCreateExchangeKey(path);
      await Deno.chmod(path, 0o644);
      await rejects(loadOrCreateExchangeKey(path), (e) => isHelixError(e, "unauthorized"));
      await Deno.remove(path);
    }
    // A signing key file is not an exchange key file.
    await loadOrCreateDeviceKey(path);
    const text = await Deno.readTextFile(path);
    await rejects(loadOrCreateExchangeKey(path), (e) => isHelixError(e, "corrupt"));
    equal(await Deno.readTextFile(path), text);
    await Deno.writeTextFile(path, "{}", { mode: 0o600 });
    await rejects(loadOrCreateExchangeKey(path), (e) => isHelixError(e, "corrupt"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
