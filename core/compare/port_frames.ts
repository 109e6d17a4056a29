/**
 * The frames a port is said in without the word "port": a verb of serving or listening, what
 * it carries (a protocol, connections, requests, traffic) and `on`/`at` before the number:
 * "listens on 8443", "serves HTTP on 8000", "accepts connections on 5433", "answers gRPC
 * requests at 50051". What it carries says how, not which subject: it is no subject word.
 *
 * @module
 */
import type { Token } from "./tokens.ts";

/** Verbs of serving, listening and binding, in their forms. */
const PORT_VERBS =
  /^(?:listens?|listening|serves?|served|serving|accepts?|accepting|answers?|answering|reachable|exposed|exposes?|exposing|published|publishes|publishing|bound|binds?|binding)$/;

/** What a served port carries: protocols and traffic, as the object of the verb. */
const CARRIED =
  /^(?:https?|http\/[123](?:\.\d)?|h2c?|grpc|tcp|udp|quic|tls|ssh|smtp|imap|ldap|ws|wss|websockets?|connections?|requests?|traffic|calls|metrics|for)$/;

/**
 * When `tokens[i]` is a port said in a frame, the indexes of the words it carries (maybe
 * none); null when it is not.
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { portFrame } from "./port_frames.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(portFrame(tokenize("billing serves HTTP on 8000"), 4), [2]);
 * equal(portFrame(tokenize("billing runs on 8 cores"), 3), null);
 * ```
 */
export function portFrame(tokens: readonly Token[], i: number): number[] | null {
  if (!/^:?\d{2,5}$/.test(tokens[i]?.lower ?? "")) return null;
  if (!/^(?:on|at)$/.test(tokens[i - 1]?.lower ?? "")) return null;
  const carried: number[] = [];
  for (let k = i - 2; k >= Math.max(0, i - 4); k--) {
    const w = tokens[k]!.lower;
    if (PORT_VERBS.test(w)) return carried;
    if (!CARRIED.test(w)) return null;
    carried.push(k);
  }
  return null;
}
