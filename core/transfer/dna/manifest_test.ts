import fc from "fast-check";
import { deepEqual, equal, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { type DnaManifest, parseManifest, serializeManifest } from "./manifest.ts";
import { manifestArbitrary, sampleManifest } from "../../../tests/fixtures/dna_samples.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const isCorrupt = (error: unknown) => isHelixError(error, "corrupt");
const isInvalid = (error: unknown) => isHelixError(error, "invalid_input");

Deno.test("parseManifest(serializeManifest(x)) = x and serializeManifest(parseManifest(b)) = b", () => {
  fc.assert(fc.property(manifestArbitrary, (manifest) => {
    const bytes = serializeManifest(manifest);
    const parsed = parseManifest(bytes);
    deepEqual(parsed, manifest);
    deepEqual(serializeManifest(parsed), bytes);
  }));
});

Deno.test("serializeManifest() writes canonical JSON: sorted keys, no spaces", () => {
  const text = new TextDecoder().decode(serializeManifest(sampleManifest({ embedding: null })));
  equal(text, canonicalJson(JSON.parse(text)));
  equal(text.startsWith('{"bodyEncoding":"jsonl","counts":{"edges":0,'), true);
});

Deno.test("a string with a lone surrogate survives the round trip", () => {
  const manifest = sampleManifest({ strandId: "str_\ud800x" });
  deepEqual(parseManifest(serializeManifest(manifest)), manifest);
});

Deno.test("parseManifest() refuses JSON that is valid but not canonical", async (t) => {
  const canonical = new TextDecoder().decode(serializeManifest(sampleManifest()));
  const variants: Record<string, string> = {
    "a space after a colon": canonical.replace('"kind":', '"kind": '),
    "a trailing newline": `${canonical}\n`,
    "a byte order mark": `\ufeff${canonical}`,
    "keys out of order": canonical.replace(
      '{"bodyEncoding":"jsonl",',
      '{"counts":{"edges":0,"memories":1,"ops":2},"bodyEncoding":"jsonl",',
    ).replace(',"counts":{"edges":0,"memories":1,"ops":2}', ""),
    "a number written 3.0": canonical.replace('"schemaVersion":3', '"schemaVersion":3.0'),
    "a number written 3e0": canonical.replace('"schemaVersion":3', '"schemaVersion":3e0'),
    "an escaped plain letter": canonical.replace('"str_5k2m9q7x"', '"\\u0073tr_5k2m9q7x"'),
    "a duplicate key": canonical.replace(
      '{"bodyEncoding":"jsonl",',
      '{"bodyEncoding":"x","bodyEncoding":"jsonl",',
    ),
  };
  for (const [name, text] of Object.entries(variants)) {
    await t.step(name, () => {
      equal(text === canonical, false);
      if (!text.startsWith("\ufeff")) deepEqual(JSON.parse(text), JSON.parse(canonical));
      throws(() => parseManifest(encode(text)), isCorrupt);
    });
  }
});

Deno.test("parseManifest() refuses bytes that are not a v1 manifest with corrupt", async (t) => {
  const cases: Record<string, unknown> = {
    "an unknown field": { ...sampleManifest(), extra: 1 },
    "a missing field": (({ merkleRoot: _, ...rest }) => rest)(sampleManifest()),
    "format version 2": sampleManifest({ formatVersion: 2 }),
    "an unknown kind": { ...sampleManifest(), kind: "snapshot" },
    "a fractional count": sampleManifest({ counts: { ops: 1.5, memories: 0, edges: 0 } }),
    "a negative count": sampleManifest({ counts: { ops: -1, memories: 0, edges: 0 } }),
    "an unsafe integer": sampleManifest({ counts: { ops: 2 ** 53, memories: 0, edges: 0 } }),
    "an empty strand id": sampleManifest({ strandId: "" }),
    "a 257-character strand id": sampleManifest({ strandId: "s".repeat(257) }),
    "an escape sequence in the strand id": sampleManifest({ strandId: "str_\u001b[2J" }),
    "a C1 control in a scope": sampleManifest({ filters: { scopes: ["global\u009b"] } }),
    "embedding dimension 0": sampleManifest({ embedding: { model: "m", dimension: 0 } }),
    "an embedding with an extra field": {
      ...sampleManifest(),
      embedding: { model: "m", dimension: 3, x: 1 },
    },
    "empty filters": sampleManifest({ filters: {} }),
    "an empty scope list": sampleManifest({ filters: { scopes: [] } }),
    "duplicate scopes": sampleManifest({ filters: { scopes: ["global", "global"] } }),
    "an uppercase Merkle root": sampleManifest({ merkleRoot: "AB".repeat(32) }),
    "an unknown body encoding": { ...sampleManifest(), bodyEncoding: "csv" },
    "an array": [sampleManifest()],
    "null": null,
  };
  for (const [name, value] of Object.entries(cases)) {
    await t.step(name, () => {
      throws(() => parseManifest(encode(canonicalJson(value))), isCorrupt);
      throws(() => serializeManifest(value as DnaManifest), isInvalid);
    });
  }
  await t.step("invalid UTF-8", () => {
    const bytes = serializeManifest(sampleManifest());
    const broken = bytes.slice();
    broken[5] = 0xff;
    throws(() => parseManifest(broken), isCorrupt);
  });
  await t.step("not JSON", () => throws(() => parseManifest(encode("{")), isCorrupt));
  await t.step("empty", () => throws(() => parseManifest(new Uint8Array(0)), isCorrupt));
});

Deno.test("serializeManifest() refuses -0 and explicitly undefined fields", () => {
  throws(
    () =>
      serializeManifest(
        sampleManifest({ schemaVersion: 1, created: { at: -0, deviceId: "d", helixVersion: "v" } }),
      ),
    isInvalid,
  );
  throws(
    () => serializeManifest({ ...sampleManifest(), filters: undefined } as unknown as DnaManifest),
    isInvalid,
  );
});
