/**
 * The plaintext of a `.dna` v1 file: `manifest length (u32 BE) ‖ manifest ‖ body`
 * (`docs/dna-format.md` §1). Framing only: the manifest's bytes are `manifest.ts`'s to check.
 *
 * @module
 */
import { HelixError } from "../../errors.ts";
import { MAX_MANIFEST_BYTES } from "./manifest.ts";

/** The payload holding `manifest` (its canonical bytes) and `body`. */
export function framePayload(manifest: Uint8Array, body: Uint8Array): Uint8Array {
  const plaintext = new Uint8Array(4 + manifest.length + body.length);
  new DataView(plaintext.buffer).setUint32(0, manifest.length);
  plaintext.set(manifest, 4);
  plaintext.set(body, 4 + manifest.length);
  return plaintext;
}

/**
 * The manifest bytes (a view) and a copy of the body of a decrypted payload; `corrupt` when
 * the manifest length is missing, over the limit or past the payload's end.
 */
export function splitPayload(plaintext: Uint8Array): { manifest: Uint8Array; body: Uint8Array } {
  if (plaintext.length < 4) {
    throw new HelixError("corrupt", "Cannot decode .dna file: the payload has no manifest length");
  }
  const length = new DataView(plaintext.buffer, plaintext.byteOffset, 4).getUint32(0);
  if (length > MAX_MANIFEST_BYTES || length > plaintext.length - 4) {
    throw new HelixError(
      "corrupt",
      `Cannot decode .dna file: the manifest length ${length} exceeds the payload`,
    );
  }
  return { manifest: plaintext.subarray(4, 4 + length), body: plaintext.slice(4 + length) };
}
