/**
 * Versions of things no lexicon knows, read by their shape: a dotted number right after a name
 * ("gateway firmware targets Zephyr 3.6"), and a name with its version written into it where a
 * value is said ("compiled to ES2020", "targets net8.0"). Each becomes a version of that name
 * (`version:zephyr`, `version:es`, `version:net`, the same as `.NET`'s), so two statements of
 * one subject giving two versions of it conflict like the versions of a known technology.
 *
 * @module
 */
import { TECH } from "./lexicon.ts";
import { versionOf } from "./numbers.ts";
import type { Token } from "./tokens.ts";
import { type Value, value, VERSION } from "./value_types.ts";

/** Where a value is said ("is ES2022", "compiled to ES2020", "targets net8.0"). */
const INTRO = /^(?:is|are|to|targets?|targeting|on|uses?|using|with|=|:)$/;

/** A name with its version inside (`es2020`, `net8.0`), not a ticket, size or instance type. */
const JOINED = /^\.?([a-z]{2,6})(\d+(?:\.\d+)*)$/;

/**
 * Rereads `values` (and the `identifiers` in subject position) for the versions of names (see
 * the module doc); values and identifiers it rereads are replaced in place.
 */
export function readNamedVersions(
  tokens: readonly Token[],
  values: Value[],
  identifiers: Map<number, string>,
  used: boolean[],
): void {
  values.forEach((v, k) => {
    if (v.kind !== "quantity" || v.slots.length !== 1 || v.slots[0] !== "num") return;
    // "the ios app min version is 15": the version of the technology named before "version".
    const said = tokens[v.start - 2]?.lower === "version" &&
      /^(?:is|=)$/.test(tokens[v.start - 1]?.lower ?? "");
    if (said && VERSION.test(tokens[v.start]!.lower)) {
      for (let j = v.start - 3; j >= 0 && tokens[j]!.clause === tokens[v.start]!.clause; j--) {
        const entry = TECH.get(tokens[j]!.lower)?.find((e) => e.tokens.length === 1);
        if (!entry) continue;
        const norm = VERSION.exec(tokens[v.start]!.lower)![1]!;
        values[k] = value(
          "version",
          [`version:${versionOf(entry.canonical)}`],
          norm,
          tokens,
          v.start,
          v.end,
        );
        return;
      }
    }
    if (v.end !== v.start + 1 || !/^\d+\.\d+(?:\.\d+)?$/.test(tokens[v.start]!.lower)) return;
    const prev = tokens[v.start - 1];
    if (prev?.kind !== "word" || !prev.cap || v.start - 1 === 0 || !/^\p{L}+$/u.test(prev.text)) {
      return;
    }
    values[k] = value(
      "version",
      [`version:${prev.lower}`],
      tokens[v.start]!.lower,
      tokens,
      v.start,
      v.end,
    );
  });
  tokens.forEach((t, i) => {
    const m = JOINED.exec(t.lower);
    const prev = tokens[i - 1]?.lower ?? "";
    if (!m || t.kind !== "word" || !INTRO.test(prev)) return;
    if (used[i] && !identifiers.has(i)) return;
    identifiers.delete(i);
    used[i] = true;
    // "net8.0" is a version of .NET.
    const known = (TECH.get(m[1]!) ?? TECH.get(`.${m[1]}`))?.find((e) => e.tokens.length === 1);
    const name = known ? versionOf(known.canonical) : m[1]!;
    values.push(value("version", [`version:${name}`], m[2]!, tokens, i, i + 1));
  });
  // "targets .NET 6", "targets 500 rps": the verb before a value says how, not what.
  for (const v of values) {
    const before = v.kind === "version" ? [v.start - 1, v.start - 2] : [v.start - 1];
    for (const k of before) {
      if (/^target(?:s|ed|ing)$/.test(tokens[k]?.lower ?? "")) used[k] = true;
    }
  }
}
