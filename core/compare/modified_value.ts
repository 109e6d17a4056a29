/**
 * An old value that only modifies the noun after it: "dropped slack notifications from CI",
 * "removed sentry breadcrumbs from the worker", "we stopped syncing Jira tickets". What ended is
 * the notifications, the breadcrumbs, the tickets: the tool itself stays, so a stored fact about
 * the tool ("We use Slack for chat") is not changed. A head that stands for the tool itself (its
 * account, server, plan, config: "the Twilio account closed", "the Jenkins box is gone") or one
 * the stored fact names too ("Deploy notifications go to Slack") keeps the value's reading.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import { sharesRoot, stem } from "./terms.ts";
import type { Value } from "./value_types.ts";

/**
 * Heads that name the tool itself, an install or a subscription of it, not a part or a use; or
 * the value itself in its form ("epoch ints are gone", "the YAML format").
 */
const TOOL_ITSELF = new Set([
  "account",
  "accounts",
  "binary",
  "box",
  "boxes",
  "cluster",
  "clusters",
  "config",
  "configs",
  "configuration",
  "contract",
  "daemon",
  "daemons",
  "deployment",
  "engine",
  "format",
  "formats",
  "host",
  "hosting",
  "image",
  "images",
  "install",
  "installation",
  "instance",
  "instances",
  "integers",
  "ints",
  "license",
  "licence",
  "licenses",
  "numbers",
  "org",
  "organisation",
  "organization",
  "plan",
  "seat",
  "seats",
  "server",
  "servers",
  "setup",
  "stack",
  "strings",
  "subscription",
  "tenant",
  "values",
  "vm",
  "vms",
  "workspace",
]);

/**
 * Acronyms that name a part or a use of a tool, not another product: "the LaunchDarkly SDK
 * wrapper", "the Stripe CLI", "the Grafana UI". Other words in capitals after a value may be a
 * product of its maker ("AWS Lambda"), which `other_product.ts` reads.
 */
const PART_ACRONYMS = new Set([
  "acl",
  "acls",
  "api",
  "apis",
  "cli",
  "dsn",
  "gui",
  "iam",
  "jwt",
  "jwts",
  "oauth",
  "rbac",
  "sdk",
  "sdks",
  "sla",
  "slo",
  "slos",
  "sso",
  "ui",
  "url",
  "urls",
  "ux",
]);

/** Words after a value that say when or how it ended, not what it modified. */
const AFTERWORDS = new Set([
  "again",
  "already",
  "altogether",
  "anymore",
  "away",
  "entirely",
  "for",
  "forever",
  "last",
  "next",
  "now",
  "outright",
  "soon",
  "this",
  "today",
  "tomorrow",
  "too",
  "yesterday",
]);

/** Verbs that can follow a value as its predicate ("Jenkins went away", "Karma got dropped"). */
const PREDICATES = new Set([
  "broke",
  "came",
  "died",
  "gets",
  "goes",
  "gone",
  "got",
  "left",
  "lives",
  "moves",
  "runs",
  "stays",
  "went",
]);

/**
 * Whether the incoming statement's value `v` is only a modifier of the noun after it, a noun
 * that is neither the tool itself nor a word of the stored statement, while the statement names
 * no other value in the stored value's `slots` (a replacement named beside it, "the OpenVPN
 * onboarding step is outdated, new hires get Tailscale", says the value itself was replaced).
 *
 * @example A tool's notifications, not the tool
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { readStatement } from "./claims.ts";
 *
 * const stored = readStatement("We use Slack for chat.");
 * const incoming = readStatement("dropped slack notifications from CI");
 * const slack = incoming.values.find((v) => v.norm === "slack")!;
 * equal(modifiesAnother(incoming, slack, stored), true);
 * const gone = readStatement("dropped slack, we are on Teams now");
 * equal(modifiesAnother(gone, gone.values.find((v) => v.norm === "slack")!, stored), false);
 * ```
 */
export function modifiesAnother(
  incoming: Statement,
  v: Value,
  stored: Statement,
  slots: readonly string[] = v.slots,
): boolean {
  if (v.kind !== "tech" && v.kind !== "name" && v.kind !== "choice") return false;
  const replaced = incoming.values.some((w) =>
    w.tense === "current" && !w.negated && w.norm !== v.norm &&
    w.slots.some((s) => slots.includes(s))
  );
  if (replaced) return false;
  const tokens = tokensFor(incoming.text);
  const last = tokens[v.end - 1];
  const next = tokens[v.end];
  if (!last || !next || last.possessive || next.kind !== "word" || next.clause !== last.clause) {
    return false;
  }
  const word = next.lower;
  if (
    word.length < 3 || next.cap && !PART_ACRONYMS.has(word) || STOPWORDS.has(word) ||
    AFTERWORDS.has(word) ||
    PREDICATES.has(word) || TOOL_ITSELF.has(word) || /(?:ed|ly)$/.test(word) ||
    incoming.cues.cueTokens.has(v.end) || incoming.values.some((w) => w.start === v.end)
  ) {
    return false;
  }
  // The stored fact names the head too, perhaps in another form ("responses" / "responds").
  const root = stem(word);
  const storedWords = [
    ...stored.words,
    ...tokensFor(stored.text).filter((t) => t.kind === "word").map((t) => stem(t.lower)),
  ];
  const named = storedWords.some((w) =>
    w === word || w === root ||
    sharesRoot(w, root) ||
    // "wrapping" (wrap) / "wrapper", "supports" / "support".
    w.length >= 4 && root.startsWith(w) || root.length >= 4 && w.startsWith(root)
  );
  return !named;
}

/**
 * Whether every mention in `incoming` of the stored value a change names as old (`from`) only
 * modifies another noun: whatever reading found the change, what ended is that noun.
 */
export function onlyModifies(from: string, incoming: Statement, stored: Statement): boolean {
  const kept = stored.values.filter((w) => w.text === from);
  const said = incoming.values.filter((v) =>
    (v.tense === "old" || v.negated) && kept.some((w) => w.norm === v.norm)
  );
  return said.length > 0 &&
    said.every((v) => modifiesAnother(incoming, v, stored, kept.flatMap((w) => w.slots)));
}
