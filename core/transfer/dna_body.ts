/**
 * The body of a strand's `.dna` file: its ops as lines (`dna_lines.ts`), deflated, and back.
 * Reading checks that the body is exactly what the manifest promises — it inflates, is UTF-8,
 * ends with a line break, holds `counts.ops` canonical lines, and its change ids give the
 * manifest's Merkle root — or refuses it with `corrupt`.
 *
 * @module
 */
import { merkleRoot } from "../crypto/merkle.ts";
import { HelixError } from "../errors.ts";
import type { Op } from "../ops/kinds.ts";
import type { DnaManifest } from "./dna/manifest.ts";
import { decodeLine } from "./dna_lines.ts";

/** The deflated body of `lines` (each an op's line, without its line break). */
export async function encodeBody(lines: readonly string[]): Promise<Uint8Array> {
  const text = lines.map((line) => `${line}\n`).join("");
  return await deflate(new TextEncoder().encode(text));
}

/** The ops of a decoded file's body, checked against its manifest. */
export async function decodeBody(manifest: DnaManifest, body: Uint8Array): Promise<Op[]> {
  const text = manifest.bodyEncoding === "jsonl"
    ? new TextDecoder("utf-8", { fatal: true }).decode(body)
    : await inflate(body);
  if (text.length > 0 && !text.endsWith("\n")) {
    throw new HelixError("corrupt", "Cannot import .dna: the body does not end with a line break");
  }
  const lines = text.length === 0 ? [] : text.slice(0, -1).split("\n");
  if (lines.length !== manifest.counts.ops) {
    throw new HelixError(
      "corrupt",
      `Cannot import .dna: the manifest promises ${manifest.counts.ops} ops, the body holds ${lines.length}`,
    );
  }
  const ops = lines.map(decodeLine);
  if (merkleRoot(ops.map((op) => op.changeId)) !== manifest.merkleRoot) {
    throw new HelixError(
      "corrupt",
      "Cannot import .dna: the body's ops do not match the manifest's Merkle root",
    );
  }
  return ops;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes: Uint8Array): Promise<string> {
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
      new DecompressionStream("deflate"),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await new Response(stream).arrayBuffer(),
    );
  } catch (error) {
    throw new HelixError("corrupt", "Cannot import .dna: the body does not inflate", {
      cause: error,
    });
  }
}
