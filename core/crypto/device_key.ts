/**
 * The device signing key (sync-protocol R1): an Ed25519 key made on first use and kept in
 * one owner-only file (0600, in a 0700 folder when the folder is new). A key file that group
 * or others may read is refused rather than silently fixed, since its secret may already have
 * leaked; a malformed one is refused rather than replaced, since replacing it would change the
 * device's identity.
 *
 * File format: one line of canonical JSON,
 * `{"algorithm":"ed25519","kind":"helix-device-key","publicKey":<hex>,"secretKey":<hex>,"version":1}`.
 *
 * @module
 */
import { dirname } from "node:path";
import { HelixError } from "../errors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { bytesToHex, hexToBytes } from "./_noble.ts";
import { keyFingerprint, publicKeyOf } from "./ed25519.ts";

/** A device's signing key pair. */
export interface DeviceKey {
  /** Ed25519 public key (32 bytes): what `.dna` headers carry and peers pin. */
  readonly publicKey: Uint8Array;
  /** Ed25519 secret key (32-byte seed). Never leaves the device. */
  readonly secretKey: Uint8Array;
  /** {@linkcode keyFingerprint} of the public key (the device id of R1). */
  readonly fingerprint: string;
}

const MAX_FILE_BYTES = 4096;
const HEX_KEY = /^[0-9a-f]{64}$/;

function keyFileText(secretKey: Uint8Array): string {
  return canonicalJson({
    algorithm: "ed25519",
    kind: "helix-device-key",
    publicKey: bytesToHex(publicKeyOf(secretKey)),
    secretKey: bytesToHex(secretKey),
    version: 1,
  }) + "\n";
}

function corrupt(path: string, state: string): HelixError {
  return new HelixError("corrupt", `Cannot load device key ${path}: ${state}`);
}

async function load(path: string): Promise<DeviceKey> {
  const info = await Deno.stat(path);
  if (!info.isFile) throw corrupt(path, "it is not a regular file");
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new HelixError(
      "unauthorized",
      `Cannot load device key ${path}: group or others may access it (mode ${
        (info.mode & 0o777).toString(8)
      }); make it owner-only (chmod 600) if it never left your hands, else delete it`,
    );
  }
  if (info.size > MAX_FILE_BYTES) throw corrupt(path, "it is too large to be a key file");
  const text = await Deno.readTextFile(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt(path, "it is not JSON");
  }
  const secretHex = (value as { secretKey?: unknown } | null)?.secretKey;
  if (typeof secretHex !== "string" || !HEX_KEY.test(secretHex)) {
    throw corrupt(path, "it has no 32-byte hex secretKey");
  }
  const secretKey = hexToBytes(secretHex);
  if (keyFileText(secretKey) !== text) {
    throw corrupt(path, "its fields are not those of a v1 key file for its secret key");
  }
  const publicKey = publicKeyOf(secretKey);
  return { publicKey, secretKey, fingerprint: keyFingerprint(publicKey) };
}

/**
 * Writes a new key to `path` without ever exposing a partial file: the text goes to a
 * 0600 temporary file that is then hard-linked into place, which fails if another process
 * created the key first (that key then wins).
 */
async function create(path: string): Promise<void> {
  const folder = dirname(path);
  const existed = await Deno.stat(folder).then(() => true, () => false);
  if (!existed) {
    await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
    if (Deno.build.os !== "windows") await Deno.chmod(folder, 0o700);
  }
  const secretKey = crypto.getRandomValues(new Uint8Array(32));
  const temp = `${path}.${bytesToHex(crypto.getRandomValues(new Uint8Array(6)))}.tmp`;
  try {
    await Deno.writeTextFile(temp, keyFileText(secretKey), { createNew: true, mode: 0o600 });
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 0o600);
    await Deno.link(temp, path).catch((error: unknown) => {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    });
  } finally {
    secretKey.fill(0);
    await Deno.remove(temp).catch(() => {});
  }
}

/**
 * The device key stored at `path`, created on first use. Refuses a key file group or others
 * may access (`unauthorized`) and a malformed one (`corrupt`); I/O failures propagate.
 *
 * @example Usage
 * ```ts
 * import { loadOrCreateDeviceKey } from "./device_key.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const first = await loadOrCreateDeviceKey(`${dir}/helix/device.key`);
 * const again = await loadOrCreateDeviceKey(`${dir}/helix/device.key`);
 * deepEqual(again.publicKey, first.publicKey);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadOrCreateDeviceKey(path: string): Promise<DeviceKey> {
  if (typeof path !== "string" || path === "") {
    throw new HelixError("invalid_input", "Cannot load device key: the path is empty");
  }
  try {
    return await load(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await create(path);
  return await load(path);
}
