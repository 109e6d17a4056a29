/**
 * A number said as a port by the frame around it, without the word "port": a verb that only
 * a listening thing does ("listens on 8080", "is reachable on 3000", "binds to 9000"), a verb
 * with what it serves between ("serves HTTP on :8090", "accepts connections on 6432",
 * "answers requests on 7000"), or a plain verb of being with a number only a port is ("is on
 * 5433", "runs on 8443": four or five digits, not a year). The number must end its phrase
 * ("on 10 workers" counts workers). A number written `:8090` is a port whatever its frame.
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** Verbs only a listening thing does. */
const LISTENING =
  /^(?:listens?|listening|reachable|served|serves|serving|exposed|exposes|exposing|published|publishes|bound|binds|accepts?|accepting|answers?|answering|responds?|available|mapped|maps)$/;

/** Plain verbs of being or running: a port only with a port-like number. */
const BEING = /^(?:is|are|runs?|running|sits?|lives?|stays?|now)$/;

/** What a listening thing serves, said between its verb and the port (part of the frame). */
export const SERVED =
  /^(?:https?|http\/[123](?:\.\d)?|h2c?|grpc|tcp|udp|quic|tls|ssh|smtp|imap|ldap|wss?|websockets?|connections?|traffic|requests?|queries|calls|clients|webhooks|metrics|api|ui)$/;

/** A port-like number: 2 to 5 digits, or with `:` before it. */
const NUMBER = /^:?\d{2,5}$/;

/**
 * Whether token `i` (a number) is a port by its frame; returns the index of what is served
 * between the verb and the port (a frame word, not a subject word), `-1` when there is none,
 * or null when the frame does not say a port.
 */
export function portFrame(
  tokens: readonly Token[],
  i: number,
  used: readonly boolean[],
): number | null {
  const t = tokens[i]!;
  if (!NUMBER.test(t.lower)) return null;
  const at = tokens[i - 1]?.lower;
  const on = at === "on" || at === "at" || at === "to";
  // What is served, one or two words between a listening verb and the port ("serves HTTP on
  // :8090", "answers HTTPS requests at 9443").
  const servedAt = (k: number): boolean =>
    SERVED.test(tokens[k]?.lower ?? "") &&
    (LISTENING.test(tokens[k - 1]?.lower ?? "") ||
      k === i - 2 && SERVED.test(tokens[k - 1]?.lower ?? "") &&
        LISTENING.test(tokens[k - 2]?.lower ?? ""));
  const served = on && servedAt(i - 2) ? i - 2 : -1;
  if (t.lower.startsWith(":")) return served;
  const next = tokens[i + 1];
  if (next && next.kind === "word" && next.clause === t.clause && !STOPWORDS.has(next.lower)) {
    return null;
  }
  if (!on) return null;
  const verb = tokens[i - 2]?.lower ?? "";
  if (LISTENING.test(verb)) return -1;
  const digits = t.lower;
  if (
    BEING.test(verb) && at === "on" && /^\d{4,5}$/.test(digits) && !/^(?:19|20)\d\d$/.test(digits)
  ) {
    return -1;
  }
  // A value between names what listens ("exposes postgres on 5432").
  if (served >= 0 || used[i - 2] && LISTENING.test(tokens[i - 3]?.lower ?? "")) return served;
  return null;
}
