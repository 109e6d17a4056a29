/**
 * One owner-only key file (0600, in a 0700 folder when the folder is new), made on first use,
 * shared by the device signing key (`device_key.ts`) and the device exchange key
 * (`exchange_key.ts`). A key file that group or others may read is refused rather than
 * silently fixed, since its secret may already have leaked; a malformed one is refused rather
 * than replaced, since replacing it would change the device's identity.
 *
 * File format: one line of canonical JSON,
 * `{"algorithm":<name>,"kind":<kind>,"publicKey":<hex>,"secretKey":<hex>,"version":1}`.
 *
 * @module
 */
import { dirname } from "node:path";
import { HelixError } from "../errors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { bytesToHex, hexToBytes } from "./_noble.ts";

/** What distinguishes one kind of key file. */
export interface KeyFileKind {
  /** What messages call it ("device key"). */
  readonly label: string;
  /** The `algorithm` field ("ed25519"). */
  readonly algorithm: string;
  /** The `kind` field ("helix-device-key"). */
  readonly kind: string;
  /** The public key of a 32-byte secret key. */
  readonly publicOf: (secretKey: Uint8Array) => Uint8Array;
}

/** A loaded key pair. */
export interface KeyPair {
  /** Public key (32 bytes). */
  readonly publicKey: Uint8Array;
  /** Secret key (32 bytes). */
  readonly secretKey: Uint8Array;
}

const MAX_FILE_BYTES = 4096;
const HEX_KEY = /^[0-9a-f]{64}$/;

function keyFileText(kind: KeyFileKind, secretKey: Uint8Array): string {
  return canonicalJson({
    algorithm: kind.algorithm,
    kind: kind.kind,
    publicKey: bytesToHex(kind.publicOf(secretKey)),
    secretKey: bytesToHex(secretKey),
    version: 1,
  }) + "\n";
}

async function load(kind: KeyFileKind, path: string): Promise<KeyPair> {
  const corrupt = (state: string) =>
    new HelixError("corrupt", `Cannot load ${kind.label} ${path}: ${state}`);
  const info = await Deno.stat(path);
  if (!info.isFile) throw corrupt("it is not a regular file");
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new HelixError(
      "unauthorized",
      `Cannot load ${kind.label} ${path}: group or others may access it (mode ${
        (info.mode & 0o777).toString(8)
      }); make it owner-only (chmod 600) if it never left your hands, else delete it`,
    );
  }
  if (info.size > MAX_FILE_BYTES) throw corrupt("it is too large to be a key file");
  const text = await Deno.readTextFile(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt("it is not JSON");
  }
  const secretHex = (value as { secretKey?: unknown } | null)?.secretKey;
  if (typeof secretHex !== "string" || !HEX_KEY.test(secretHex)) {
    throw corrupt("it has no 32-byte hex secretKey");
  }
  const secretKey = hexToBytes(secretHex);
  if (keyFileText(kind, secretKey) !== text) {
    throw corrupt("its fields are not those of a v1 key file for its secret key");
  }
  return { publicKey: kind.publicOf(secretKey), secretKey };
}

/**
 * Writes a new key to `path` without ever exposing a partial file: the text goes to a 0600
 * temporary file that is then hard-linked into place, which fails if another process created
 * the key first (that key then wins).
 */
async function create(kind: KeyFileKind, path: string): Promise<void> {
  const folder = dirname(path);
  const existed = await Deno.stat(folder).then(() => true, () => false);
  if (!existed) {
    await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
    if (Deno.build.os !== "windows") await Deno.chmod(folder, 0o700);
  }
  const secretKey = crypto.getRandomValues(new Uint8Array(32));
  const temp = `${path}.${bytesToHex(crypto.getRandomValues(new Uint8Array(6)))}.tmp`;
  try {
    await Deno.writeTextFile(temp, keyFileText(kind, secretKey), { createNew: true, mode: 0o600 });
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
 * The key of `kind` stored at `path`, created on first use. Refuses a key file group or
 * others may access (`unauthorized`) and a malformed one (`corrupt`); I/O failures propagate.
 */
export async function loadOrCreateKeyFile(kind: KeyFileKind, path: string): Promise<KeyPair> {
  if (typeof path !== "string" || path === "") {
    throw new HelixError("invalid_input", `Cannot load ${kind.label}: the path is empty`);
  }
  try {
    return await load(kind, path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await create(kind, path);
  return await load(kind, path);
}
