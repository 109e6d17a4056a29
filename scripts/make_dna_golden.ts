/**
 * Writes the frozen `.dna` v1 fixtures in `tests/fixtures/dna/`: two golden files with their
 * JSON twins, the known-answer vectors (`kat.json`) and the must-fail vectors
 * (`must_fail.json`). Tests never run this: the files are frozen, and every released
 * version's golden files must keep decoding. It refuses to overwrite them unless given
 * `--force`, which is only right while a format version is still unreleased.
 *
 *   deno run -A scripts/make_dna_golden.ts [--force]
 *
 * @module
 */
import { join } from "node:path";
import { canonicalJson } from "../core/util/canonical_json.ts";
import { sealContainer } from "../core/transfer/dna/seal.ts";
import { ARGON2_MIN, passphraseKey } from "../core/crypto/argon2.ts";
import { keyFingerprint, publicKeyOf, signMessage } from "../core/crypto/ed25519.ts";
import {
  deriveFileKeys,
  keyCommitment,
  sealPayload,
  signatureMessage,
} from "../core/transfer/dna/crypto.ts";
import { encodeDna } from "../core/transfer/dna/format.ts";
import type { DnaManifest } from "../core/transfer/dna/manifest.ts";
import { readDnaHeader } from "../core/transfer/dna/read_header.ts";
import { HEADER_LENGTH, OFFSET } from "../core/transfer/dna/header.ts";
import { merkleRoot } from "../core/crypto/merkle.ts";
import { bytesToHex, sha256 } from "../core/crypto/_noble.ts";

const DIR = new URL("../tests/fixtures/dna/", import.meta.url).pathname;
const encoder = new TextEncoder();

/** 32 bytes named by a label: readable, reproducible test keys. */
const labelled = (label: string) => sha256(encoder.encode(label));
const counting = (length: number, start: number) =>
  Uint8Array.from({ length }, (_, i) => (start + i) & 0xff);

const SIGNING_KEY = labelled("helix/dna/v1 golden signing key (test only)");
const RAW_KEY = labelled("helix/dna/v1 golden raw key (test only)");
const OTHER_RAW_KEY = labelled("helix/dna/v1 golden other raw key (test only)");
const PASSPHRASE = "helix golden v1 \u2014 correct horse battery staple";
const DEVICE = keyFingerprint(publicKeyOf(SIGNING_KEY));

function op(hlc: string, seq: number, kind: string, payload: Record<string, unknown>): string {
  return canonicalJson({ device: DEVICE, hlc, kind, payload, seq, v: 1 } as never);
}

const provenance = { agent: "claude-code", origin: "agent-ingested", ref: "session:golden" };
const exportOps = [
  op("001767225600000-00000", 1, "memory.put", {
    attributes: {},
    confidence: 0.9,
    content: "Prefers tabs over spaces in Go code.",
    id: "mem_prefers-tabs_k2m9",
    importance: 6,
    provenance,
    recordedAt: 1767225600000,
    scope: "global",
    status: "active",
    tags: ["go", "style"],
    type: "preference",
    validFrom: 1767225600000,
  }),
  op("001767225601000-00000", 2, "memory.put", {
    attributes: {},
    confidence: 1,
    content: "Helix stores one strand per SQLite file; sync ships ops, never rows.",
    id: "mem_helix-stores-one_q7x4",
    importance: 8,
    provenance: { ...provenance, origin: "user-asserted" },
    recordedAt: 1767225601000,
    scope: "project:helix",
    status: "active",
    tags: ["architecture"],
    type: "decision",
    validFrom: 1767225601000,
  }),
  op("001767225602000-00000", 3, "edge.put", {
    from: "mem_helix-stores-one_q7x4",
    id: "edge_related-to_8d3f",
    provenance,
    relation: "related_to",
    to: "mem_prefers-tabs_k2m9",
    weight: 0.5,
  }),
];
const deltaOps = [
  op("001767312000000-00000", 4, "memory.patch", {
    id: "mem_prefers-tabs_k2m9",
    parents: [],
    reason: "user correction",
    set: { content: "Prefers gofmt defaults (tabs) in Go code.", importance: 7 },
  }),
  op("001767312001000-00000", 5, "memory.forget", {
    id: "mem_helix-stores-one_q7x4",
    parents: [],
    reason: "superseded by the sync design",
  }),
];

const changeIds = (ops: readonly string[]) =>
  ops.map((line) => bytesToHex(sha256(encoder.encode(line))));
const jsonl = (ops: readonly string[]) => ops.map((line) => `${line}\n`).join("");

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const exportManifest: DnaManifest = {
  formatVersion: 1,
  kind: "export",
  schemaVersion: 6,
  strandId: "str_golden_v1",
  embedding: { model: "Xenova/bge-small-en-v1.5", dimension: 384 },
  counts: { ops: 3, memories: 2, edges: 1 },
  created: { at: 1767225700000, deviceId: DEVICE, helixVersion: "0.1.0" },
  filters: { scopes: ["global", "project:helix"] },
  merkleRoot: merkleRoot(changeIds(exportOps)),
  bodyEncoding: "jsonl",
};
const deltaManifest: DnaManifest = {
  formatVersion: 1,
  kind: "delta",
  schemaVersion: 6,
  strandId: "str_golden_v1",
  embedding: null,
  counts: { ops: 2, memories: 2, edges: 0 },
  created: { at: 1767312100000, deviceId: DEVICE, helixVersion: "0.1.0" },
  merkleRoot: merkleRoot(changeIds(deltaOps)),
  bodyEncoding: "jsonl+deflate",
};

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function golden(name: string, options: {
  manifest: DnaManifest;
  ops: readonly string[];
  body: Uint8Array;
  key: { passphrase: string } | { rawKey: Uint8Array };
  salt: Uint8Array;
  nonce: Uint8Array;
}) {
  const bytes = await encodeDna({
    manifest: options.manifest,
    body: options.body,
    key: options.key,
    signingKey: SIGNING_KEY,
    salt: options.salt,
    nonce: options.nonce,
    ...("passphrase" in options.key ? { argon2: ARGON2_MIN } : {}),
  });
  const header = readDnaHeader(bytes);
  const twin = {
    file: `${name}.dna`,
    sha256: bytesToHex(sha256(bytes)),
    formatVersion: header.formatVersion,
    kind: header.kind,
    kdf: header.kdf,
    argon2: header.argon2,
    key: "passphrase" in options.key
      ? { passphrase: options.key.passphrase }
      : { rawKeyHex: bytesToHex(options.key.rawKey) },
    signingKeyHex: bytesToHex(SIGNING_KEY),
    signerPublicKeyHex: bytesToHex(header.signer),
    signerFingerprint: header.signerFingerprint,
    saltHex: bytesToHex(options.salt),
    nonceHex: bytesToHex(options.nonce),
    manifest: options.manifest,
    changeIds: changeIds(options.ops),
    bodyText: jsonl(options.ops),
    bodyBase64: base64(options.body),
  };
  return { bytes, twin };
}

function hex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

async function katVectors(exportSalt: Uint8Array) {
  const fileKey = await passphraseKey(PASSPHRASE, exportSalt, ARGON2_MIN);
  const salts = [counting(16, 0x00), counting(16, 0x80)];
  const keyVectors = [RAW_KEY, OTHER_RAW_KEY].map((key, i) => {
    const keys = deriveFileKeys(key, salts[i]!);
    return {
      fileKeyHex: hex(key),
      saltHex: hex(salts[i]!),
      encKeyHex: hex(keys.enc),
      commitKeyHex: hex(keys.commit),
    };
  });
  const header = counting(HEADER_LENGTH, 0x30);
  const commitKey = deriveFileKeys(RAW_KEY, salts[0]!).commit;
  const plaintext = encoder.encode("helix/dna/v1 known-answer plaintext, 47 bytes.");
  const nonce = counting(24, 0x60);
  const encKey = deriveFileKeys(RAW_KEY, salts[0]!).enc;
  const ciphertext = sealPayload(encKey, nonce, header, plaintext);
  const message = signatureMessage(header, ciphertext);
  const merkle = [0, 1, 2, 3, 5, 7].map((n) => {
    const hashes = Array.from({ length: n }, (_, i) => hex(labelled(`leaf ${i}`)));
    return { hashes, rootHex: merkleRoot(hashes) };
  });
  return {
    description: "helix .dna v1 known-answer vectors; see docs/dna-format.md §3",
    passphraseKey: [{
      passphrase: PASSPHRASE,
      saltHex: hex(exportSalt),
      argon2: ARGON2_MIN,
      fileKeyHex: hex(fileKey),
    }],
    fileKeys: keyVectors,
    commitment: [{
      commitKeyHex: hex(commitKey),
      headerHex: hex(header),
      commitHex: hex(keyCommitment(commitKey, header)),
    }],
    aead: [{
      encKeyHex: hex(encKey),
      nonceHex: hex(nonce),
      aadHex: hex(header),
      plaintextHex: hex(plaintext),
      sealedHex: hex(ciphertext),
    }],
    signature: [{
      headerHex: hex(header),
      ciphertextHex: hex(ciphertext),
      messageHex: hex(message),
      secretKeyHex: hex(SIGNING_KEY),
      publicKeyHex: hex(publicKeyOf(SIGNING_KEY)),
      signatureHex: hex(signMessage(message, SIGNING_KEY)),
    }],
    merkle,
  };
}

/** Small raw-key files that every v1 decoder must refuse, with the code it must give. */
async function mustFail(delta: Uint8Array) {
  const key = { rawKey: RAW_KEY };
  const resign = (file: Uint8Array) => {
    const out = file.slice();
    const header = out.subarray(0, HEADER_LENGTH);
    const ciphertext = out.subarray(HEADER_LENGTH, out.length - 64);
    out.set(signMessage(signatureMessage(header, ciphertext), SIGNING_KEY), out.length - 64);
    return out;
  };
  const altered = (edit: (file: Uint8Array) => void, sign = false) => {
    const file = delta.slice();
    edit(file);
    return sign ? resign(file) : file;
  };
  const sealed = (plaintext: Uint8Array, kind: "export" | "delta" = "delta") =>
    sealContainer({
      kind,
      plaintext,
      key,
      signingKey: SIGNING_KEY,
      salt: counting(16, 0x11),
      nonce: counting(24, 0x22),
    });
  const framed = (manifestText: string) => {
    const manifest = encoder.encode(manifestText);
    const out = new Uint8Array(4 + manifest.length);
    new DataView(out.buffer).setUint32(0, manifest.length);
    out.set(manifest, 4);
    return out;
  };
  const canonical = canonicalJson(deltaManifest);
  const salt = delta.subarray(OFFSET.salt, OFFSET.nonce);
  const cases: [string, string, Uint8Array, "raw" | "other"][] = [
    ["bad magic", "corrupt", altered((f) => (f[0] = 0x88)), "raw"],
    ["format version 2", "unsupported_version", altered((f) => (f[9] = 2)), "raw"],
    ["truncated by one byte", "corrupt", delta.slice(0, -1), "raw"],
    ["one trailing byte", "corrupt", Uint8Array.from([...delta, 0]), "raw"],
    ["unknown kind code", "corrupt", altered((f) => (f[OFFSET.kind] = 9)), "raw"],
    [
      "a flipped ciphertext bit",
      "bad_signature",
      altered((f) => (f[HEADER_LENGTH + 3]! ^= 1)),
      "raw",
    ],
    ["a flipped signature bit", "bad_signature", altered((f) => (f[f.length - 1]! ^= 1)), "raw"],
    ["wrong raw key", "decrypt_failed", delta, "other"],
    [
      "commitment of another key, re-signed",
      "decrypt_failed",
      altered((f) =>
        f.set(
          keyCommitment(deriveFileKeys(OTHER_RAW_KEY, salt).commit, f.subarray(0, HEADER_LENGTH)),
          OFFSET.commit,
        ), true),
      "raw",
    ],
    [
      "a flipped ciphertext bit, re-signed",
      "tampered",
      altered((f) => (f[HEADER_LENGTH + 3]! ^= 1), true),
      "raw",
    ],
    [
      "Argon2id memory below 64 MiB, signed",
      "corrupt",
      altered((f) => {
        f[OFFSET.kdf] = 0x01;
        new DataView(f.buffer).setUint32(OFFSET.argon2Memory, 1024);
        new DataView(f.buffer).setUint32(OFFSET.argon2Iterations, 3);
        new DataView(f.buffer).setUint32(OFFSET.argon2Parallelism, 1);
      }, true),
      "raw",
    ],
    [
      "header kind export, manifest kind delta",
      "tampered",
      await sealed(framed(canonical), "export"),
      "raw",
    ],
    ["manifest with a space", "corrupt", await sealed(framed(canonical.replace(":", ": "))), "raw"],
    [
      "manifest with an unknown field",
      "corrupt",
      await sealed(framed(canonicalJson({ ...deltaManifest, extra: true } as never))),
      "raw",
    ],
  ];
  return {
    description: "helix .dna v1 must-fail vectors: decoding fileHex with the named key must " +
      "throw a HelixError with this code",
    keys: { raw: hex(RAW_KEY), other: hex(OTHER_RAW_KEY) },
    vectors: cases.map(([name, code, file, keyName]) => ({
      name,
      code,
      key: keyName,
      fileHex: hex(file),
    })),
  };
}

async function main(force: boolean): Promise<void> {
  const exportSalt = counting(16, 0xa0);
  const exported = await golden("v1-export", {
    manifest: exportManifest,
    ops: exportOps,
    body: encoder.encode(jsonl(exportOps)),
    key: { passphrase: PASSPHRASE },
    salt: exportSalt,
    nonce: counting(24, 0xb0),
  });
  const delta = await golden("v1-delta", {
    manifest: deltaManifest,
    ops: deltaOps,
    body: await deflate(encoder.encode(jsonl(deltaOps))),
    key: { rawKey: RAW_KEY },
    salt: counting(16, 0xc0),
    nonce: counting(24, 0xd0),
  });
  const outputs: [string, Uint8Array | string][] = [
    ["v1-export.dna", exported.bytes],
    ["v1-export.json", JSON.stringify(exported.twin, null, 2) + "\n"],
    ["v1-delta.dna", delta.bytes],
    ["v1-delta.json", JSON.stringify(delta.twin, null, 2) + "\n"],
    ["kat.json", JSON.stringify(await katVectors(exportSalt), null, 2) + "\n"],
    ["must_fail.json", JSON.stringify(await mustFail(delta.bytes), null, 2) + "\n"],
  ];
  await Deno.mkdir(DIR, { recursive: true });
  for (const [name] of outputs) {
    const path = join(DIR, name);
    const exists = await Deno.stat(path).then(() => true, () => false);
    if (exists && !force) {
      throw new Error(
        `${path} exists: golden fixtures are frozen (pass --force only before release)`,
      );
    }
  }
  for (const [name, content] of outputs) {
    const path = join(DIR, name);
    if (typeof content === "string") await Deno.writeTextFile(path, content);
    else await Deno.writeFile(path, content);
    // deno-lint-ignore no-console
    console.log(`wrote ${path}`);
  }
}

if (import.meta.main) await main(Deno.args.includes("--force"));
