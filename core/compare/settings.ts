/**
 * Settings: a value given to a named key (`WORKER_CONCURRENCY=16`, `minReplicas: 2`,
 * `targetSdkVersion = 35`, `android targetSdk 34`, `QUEUE_CONNECTION=database`). The key is the
 * attribute, whatever its spelling: `targetSdk` and `targetSdkVersion`, `max_connections` and
 * `maxConnections` are one key (`key:target_sdk`, `key:max_connection`). The value gets the
 * key's slot besides its own, and the key is kept as the subject's identifier in that form, so
 * two statements about one key compare their values and the key is not read as another subject.
 *
 * @module
 */
import { stem } from "./terms.ts";
import type { Token } from "./tokens.ts";
import { type Value, value } from "./value_types.ts";

/** Parts of a key that do not tell keys apart (`targetSdkVersion` is `targetSdk`). */
const FILLER = new Set(["version", "value", "num", "number", "of", "the", "setting", "config"]);

/** Whether `t` is written as a key: snake_case, camelCase, SCREAMING_CASE or a `--flag`. */
export function keyLike(t: Token | undefined): boolean {
  if (!t || (t.kind !== "word" && t.kind !== "code")) return false;
  const x = t.text;
  // A file is where settings are written, not a key ("requirements.txt", "values.yaml").
  if (/\.(?:txt|json|ya?ml|toml|lock|mod|xml|gradle|kts|js|ts|cfg|ini|conf|env|md|sh)$/i.test(x)) {
    return false;
  }
  return /^-{1,2}[a-z][\w.-]*$/i.test(x) ||
    /^[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+$/.test(x) && /[_]|\.[a-z]/.test(x) ||
    /^[a-z]{2,}(?:[A-Z][a-z0-9]+)+$/.test(x);
}

/**
 * The key's normal form: parts split at separators and humps, lowercase, light-stemmed,
 * without filler parts.
 *
 * @example Usage
 * ```ts
 * import { keyOf } from "./settings.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(keyOf("targetSdkVersion"), keyOf("targetSdk"));
 * equal(keyOf("max_connections"), "max_connection");
 * ```
 */
export function keyOf(text: string): string {
  const parts = text.replace(/^-+/, "").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()
    .split(/[_.-]+/).filter((p) => p && !FILLER.has(p)).map(stem);
  return parts.join("_");
}

/**
 * Gives the values that follow a key (`KEY=v`, `KEY: v`, `KEY = v`, `KEY v`) the key's slot,
 * reads a plain word after `KEY=` as a value, and records the key as an identifier in its
 * normal form. `values` and `used` are updated in place.
 */
export function readSettings(
  tokens: readonly Token[],
  values: Value[],
  used: boolean[],
  identifiers: Map<number, string>,
): void {
  for (let k = 0; k < tokens.length; k++) {
    const key = tokens[k]!;
    if (!keyLike(key) || key.reason) continue;
    const sep = tokens[k + 1]?.lower ?? "";
    // "KEY=v", "KEY: v", "KEY is v", "KEY set to v", "KEY is now v".
    let at = k + 1;
    while (at < k + 3 && /^(?:=|:|is|to|set|now|of)$/.test(tokens[at]?.lower ?? "")) at++;
    const norm = keyOf(key.text);
    if (!norm) continue;
    // A key named apart from its value is still the one key ("max_connections on … is 500").
    if (identifiers.has(k) || !used[k]) {
      identifiers.set(k, norm);
      used[k] = true;
    }
    const next = tokens[at];
    if (!next || next.kind === "punct") continue;
    const slot = `key:${norm}`;
    // The value right after the key, else the one quantity later in its clause
    // ("refresh_interval on the products index is 30s").
    const later = values.filter((v) =>
      v.start > k && v.kind === "quantity" && tokens[v.start]!.clause === key.clause
    );
    let found = values.findIndex((v) => v.start === at);
    if (found < 0 && later.length === 1) found = values.indexOf(later[0]!);
    if (found >= 0) {
      const v = values[found]!;
      // A key's number is its value, not a version of a technology named before it.
      const number = v.kind === "version" && !/version/i.test(key.text);
      if (number) values[found] = { ...v, kind: "quantity", slots: ["num", slot] };
      else if (!v.slots.includes(slot)) values[found] = { ...v, slots: [...v.slots, slot] };
      // A duration keyed as an interval or a timeout is that ("scrape_interval: 60s").
      const kind = /interval|every|period|frequen|schedule/.test(norm)
        ? "qty:interval"
        : /timeout|ttl|expir|retention|max_age|lifetime/.test(norm)
        ? "qty:duration"
        : null;
      const w = values[found]!;
      if (kind && w.slots.some((x) => x.startsWith("qty:")) && !w.slots.includes(kind)) {
        values[found] = { ...w, slots: [...w.slots, kind] };
      }
    } else if (sep === "=" && !used[at] && next.kind === "word") {
      values.push(value("name", [slot], next.lower, tokens, at, at + 1));
      used[at] = true;
    } else continue;
    identifiers.set(k, norm);
    used[k] = true;
  }
}
