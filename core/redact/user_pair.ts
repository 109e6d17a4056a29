/**
 * A `user:password` pair standing alone as a word, with no label and no URL around it
 * (`# admin:Vq8Lz2mX7kWp3Rt9`, "try deploy:Hk7#pLq2Wz9 on the box"): a lower-case user name, a
 * colon, then a value only a secret has: sixteen letters and digits or more mixing lower case,
 * upper case and digits, or ten characters or more with a typed symbol (`!@#$%^&*?~|<>`). A name
 * before the colon that names something public (`trace:…`, `sha:…`, `build:…`) or a scheme, a
 * path or a host around the word (`ghcr.io/acme/api:…`, `redis://…`) leave it.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { PUBLIC_KEYS } from "./back_cues.ts";
import { NEGATIVE_WORDS } from "./entropy.ts";

/** A word `user:value`: group 1 the user, 2 the value. */
const PAIR =
  /(?<![^\s"'`(\[{,;])([a-z][a-z0-9_.\-]{1,31}):([A-Za-z0-9!@#$%^&*?~|<>+=_.\-]{10,64})(?=$|[\s"'`)\]},;])/gd;

/** Names whose `name:<value>` is an id (`user:<id>` in a log), not a login. */
const ID_OWNERS = new Set(
  "user uid userid users account acct tenant org team repo file doc room guild chat".split(" "),
);

/** Candidate spans of passwords in lone `user:password` words. */
export function userPairCandidates(text: string, out: Candidate[]): void {
  if (!text.includes(":")) return;
  for (const m of text.matchAll(PAIR)) {
    const [user, v] = [m[1]!, m[2]!];
    if (PUBLIC_KEYS.has(user) || NEGATIVE_WORDS.has(user) || ID_OWNERS.has(user)) continue;
    if (/[.\-]$/.test(user)) continue;
    if (/\.[a-z]{2,}$/.test(user)) continue; // a host: `api.example.io:…`
    const classes = Number(/[a-z]/.test(v)) + Number(/[A-Z]/.test(v)) + Number(/\d/.test(v));
    const random = /^[A-Za-z0-9]{16,64}$/.test(v) && classes === 3;
    const typed = /[!@#$%^&*?~|<>]/.test(v) && classes >= 2 && !/^[!@#$%^&*?~|<>]|[(){}]/.test(v);
    if (!random && !typed) continue;
    const [start, end] = m.indices![2]!;
    out.push({ start, end, type: "secret_assignment", tier: 1 });
  }
}
