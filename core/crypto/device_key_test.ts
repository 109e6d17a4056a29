import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isHelixError } from "../errors.ts";
import { keyFingerprint, publicKeyOf, signMessage, verifySignature } from "./ed25519.ts";
import { loadOrCreateDeviceKey } from "./device_key.ts";
import { bytesToHex } from "./_noble.ts";

const posix = Deno.build.os !== "windows";

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("loadOrCreateDeviceKey() creates an owner-only key once and loads it after", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "helix", "device.key");
    const created = await loadOrCreateDeviceKey(path);
    equal(created.secretKey.length, 32);
    deepEqual(created.publicKey, publicKeyOf(created.secretKey));
    equal(created.fingerprint, keyFingerprint(created.publicKey));
    if (posix) {
      equal((await Deno.stat(path)).mode! & 0o777, 0o600);
      equal((await Deno.stat(join(dir, "helix"))).mode! & 0o777, 0o700);
    }
    const loaded = await loadOrCreateDeviceKey(path);
    deepEqual(loaded, created);
    equal((await Array.fromAsync(Deno.readDir(join(dir, "helix")))).length, 1, "no temp file left");
    const message = new TextEncoder().encode("a message the device signs");
    ok(verifySignature(signMessage(message, loaded.secretKey), message, created.publicKey));
  });
});

Deno.test("loadOrCreateDeviceKey() gives one key to concurrent first callers", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "device.key");
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateDeviceKey(path)));
    for (const key of keys) deepEqual(key.publicKey, keys[0]!.publicKey);
  });
});

Deno.test("loadOrCreateDeviceKey() refuses a key file group or others may read", {
  ignore: !posix,
}, async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "device.key");
    await loadOrCreateDeviceKey(path);
    for (const mode of [0o640, 0o604, 0o660]) {
      await Deno.chmod(path, mode);
      await rejects(loadOrCreateDeviceKey(path), (e) => isHelixError(e, "unauthorized"));
    }
  });
});

Deno.test("loadOrCreateDeviceKey() refuses a malformed key file as corrupt, and keeps it", async (t) => {
  const valid = await (async () => {
    let text = "";
    await withTempDir(async (dir) => {
      await loadOrCreateDeviceKey(join(dir, "k"));
      text = await Deno.readTextFile(join(dir, "k"));
    });
    return text;
  })();
  const parsed = JSON.parse(valid) as Record<string, unknown>;
  const cases: Record<string, string> = {
    "an empty file": "",
    "not JSON": "ed25519 key\n",
    "a short secret key": JSON.stringify({ ...parsed, secretKey: "00" }) + "\n",
    "the public key of another secret": valid.replace(
      parsed.publicKey as string,
      bytesToHex(publicKeyOf(new Uint8Array(32))),
    ),
    "an unknown version": valid.replace('"version":1', '"version":2'),
    "no trailing newline": valid.trimEnd(),
  };
  for (const [name, text] of Object.entries(cases)) {
    await t.step(name, async () => {
      await withTempDir(async (dir) => {
        const path = join(dir, "device.key");
        await Deno.writeTextFile(path, text, { mode: 0o600 });
        await rejects(loadOrCreateDeviceKey(path), (e) => isHelixError(e, "corrupt"));
        equal(await Deno.readTextFile(path), text, "the file is left as it was");
      });
    });
  }
  await t.step("a folder in its place", async () => {
    await withTempDir(async (dir) => {
      await Deno.mkdir(join(dir, "device.key"), { mode: 0o700 });
      await rejects(
        loadOrCreateDeviceKey(join(dir, "device.key")),
        (e) => isHelixError(e, "corrupt"),
      );
    });
  });
});

Deno.test("loadOrCreateDeviceKey() refuses an empty path", async () => {
  await rejects(loadOrCreateDeviceKey(""), (e) => isHelixError(e, "invalid_input"));
});
