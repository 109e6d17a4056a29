/**
 * Secret redaction: the first stage of the write path, before storage, before any model
 * call, before logs. {@linkcode redact} replaces every secret it finds with a typed
 * placeholder such as `[REDACTED:github_token]`, keeping what makes the memory useful: the
 * variable name in `DB_PASSWORD=[REDACTED:env_secret]`, the host in
 * `postgres://app:[REDACTED:database_url_password]@db:5432/x`.
 *
 * Four detectors run. The catalogue (`catalogue.ts`) knows provider token formats (more by
 * their prefixes in `vendor_formats.ts`), private key blocks (PEM, OpenSSH, PuTTY), credentials
 * in URLs, headers and cookies, the fields that travel with a key in its file (a PuTTY MAC, a
 * service account key's id: `key_files.ts`), secret-named assignments in env files, code, YAML, JSON and
 * command lines (a `-p` after a user name: `cli_pairs.ts`; a key as a C byte array:
 * `code_literals.ts`; `storePassword "…"` in a DSL: `dsl_line.ts`), and the values of Kubernetes
 * Secret manifests (`k8s_secret.ts`). The prose binder
 * (`prose.ts`) catches secrets named in a sentence rather than assigned ("the Datadog API key
 * for prod is …", "passed … as the client secret", "密码是…"): it binds a secret-bearing label
 * to the nearest secret-shaped value of its clause, and values of several words to their label
 * (passphrases, spaced app passwords, credential lists under a heading: `multiword.ts`). A generated password strong enough to stand
 * alone (four character classes, two symbols, no words, no syntax) needs no label
 * (`bare_password.ts`), and one that a phrase says grants access ("anyone with … can push",
 * "… was revoked") needs none either (`grant_cues.ts`). A message's subject line that names a secret labels the one key-shaped
 * value of its body (`subject_line.ts`), and a block named for a secret labels the value under
 * its generic `default`/`value` key (`block_label.ts`). Stand-ins made of placeholder words under a
 * line that calls its values fake or examples are dropped (`fixture_values.ts`). The entropy detector then looks at what is
 * left for long random-looking tokens of unknown formats, leaving alone git SHAs, UUIDs, hex
 * checksums, integrity strings, base64 data, identifiers, paths and URLs. Last, a secret that
 * ends its line takes the lone token of its own alphabet on the line after it, where a wrap, a
 * soft break or a concatenation split it (`continuation.ts`).
 *
 * Overlaps resolve deterministically: key blocks beat provider formats, which beat URL and
 * header credentials, which beat assignments, which beat entropy; within a tier the longest
 * match wins. Placeholders already in the text are never matched again, so redaction is
 * idempotent. Pure, no I/O, linear in the input.
 *
 * @module
 */
import { barePasswords } from "./bare_password.ts";
import { blockLabelCandidates } from "./block_label.ts";
import { callArgCandidates } from "./call_args.ts";
import { catalogueCandidates } from "./catalogue.ts";
import { ciphertextSpans } from "./ciphertext.ts";
import { cliPairCandidates } from "./cli_pairs.ts";
import { codeLiteralCandidates } from "./code_literals.ts";
import { collapse } from "./collapse.ts";
import { continuationSpans } from "./continuation.ts";
import { documentedExamples } from "./documented.ts";
import { dslLineCandidates } from "./dsl_line.ts";
import { entropySpans } from "./entropy.ts";
import { grantCandidates } from "./grant_cues.ts";
import { dropFixtureValues } from "./fixture_values.ts";
import { fallbackCandidates } from "./fallbacks.ts";
import { Intervals } from "./intervals.ts";
import { joinedLineCandidates } from "./joined_lines.ts";
import { joinTokenCandidates } from "./join_tokens.ts";
import { k8sSecretCandidates } from "./k8s_secret.ts";
import { keyFileCandidates } from "./key_files.ts";
import { proseCandidates } from "./prose.ts";
import { resolve } from "./resolve.ts";
import { sentenceLabelCandidates } from "./sentence_label.ts";
import { sqlValues } from "./sql_values.ts";
import { subjectCandidates } from "./subject_line.ts";
import { urlTokenCandidates } from "./url_token.ts";
import { userPairCandidates } from "./user_pair.ts";
import { urlUserinfoCandidates } from "./url_userinfo.ts";
import { vendorCandidates } from "./vendor_formats.ts";
import type { Candidate } from "./catalogue.ts";
import { placeholder, type Redaction, type SecretType } from "./types.ts";

/**
 * Replaces every secret in `text` with a typed placeholder and counts what it replaced.
 * Running it again on its own output changes nothing.
 *
 * @example Usage
 * ```ts
 * import { redact } from "./redact.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const result = redact(
 *   "export DB_PASSWORD=hunter2-prod\n" +
 *     "DATABASE_URL=postgres://app:s3cr3t-Pa55@db:5432/app",
 * );
 * equal(
 *   result.text,
 *   "export DB_PASSWORD=[REDACTED:env_secret]\n" +
 *     "DATABASE_URL=postgres://app:[REDACTED:database_url_password]@db:5432/app",
 * );
 * deepEqual(result.redactions, [
 *   { type: "database_url_password", count: 1 },
 *   { type: "env_secret", count: 1 },
 * ]);
 * equal(result.total, 2);
 * equal(redact(result.text).text, result.text);
 * ```
 */
export function redact(text: string): Redaction {
  if (typeof text !== "string") throw new TypeError("Cannot redact: text must be a string");
  // Placeholders of an earlier pass, public keys, which are published (a PEM `PUBLIC KEY`
  // block, a JWK with no private member, a minisign public key), committed ciphertext, and
  // documented example credentials (jwt.io's tokens).
  const kept = [
    ...text.matchAll(PLACEHOLDER),
    ...text.matchAll(PUBLIC_KEY_BLOCK),
    ...text.matchAll(MINISIGN_PUBLIC),
    ...[...text.matchAll(JWK)].filter((m) => !JWK_PRIVATE.test(m[0])),
  ].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  // An SQL row's values under public columns (`id`, `token_hash`): their key is the column.
  const sqlSecrets: Candidate[] = [];
  const occupied = new Intervals(
    disjoint([
      ...kept,
      ...ciphertextSpans(text),
      ...documentedExamples(text),
      ...sqlValues(text, sqlSecrets),
    ]),
  );
  const candidates = catalogueCandidates(text);
  candidates.push(...sqlSecrets);
  vendorCandidates(text, candidates);
  joinTokenCandidates(text, candidates);
  k8sSecretCandidates(text, candidates);
  keyFileCandidates(text, candidates);
  cliPairCandidates(text, candidates);
  codeLiteralCandidates(text, candidates);
  callArgCandidates(text, candidates);
  fallbackCandidates(text, candidates);
  dslLineCandidates(text, candidates);
  proseCandidates(text, candidates);
  subjectCandidates(text, candidates);
  blockLabelCandidates(text, candidates);
  barePasswords(text, candidates);
  grantCandidates(text, candidates);
  sentenceLabelCandidates(text, candidates);
  userPairCandidates(text, candidates);
  urlTokenCandidates(text, candidates);
  urlUserinfoCandidates(text, candidates);
  joinedLineCandidates(text, candidates, (line) => redact(line).text);
  const accepted = resolve(text, dropFixtureValues(text, candidates), occupied);
  const view = collapse(text, occupied);
  for (const [start, end, type] of entropySpans(view.text)) {
    accepted.push({ start: view.original(start), end: view.original(end - 1) + 1, type, tier: 0 });
  }
  // The rest of a secret wrapped onto the lines after it (`continuation.ts`).
  const taken = new Intervals(disjoint(accepted.map((c) => [c.start, c.end])));
  const covered = (start: number, end: number) =>
    taken.overlaps(start, end) || occupied.overlaps(start, end);
  accepted.push(...continuationSpans(text, accepted, covered));
  return apply(text, accepted);
}

const PLACEHOLDER = /\[REDACTED:[a-z0-9_]{1,40}\]/g;
/** A flat JSON Web Key, and the members only a private one has (RFC 7518 §6). */
const JWK = /\{[^{}]{0,4096}"kty"[ \t]*:[^{}]{0,4096}\}/g;
const JWK_PRIVATE = /"(?:d|p|q|dp|dq|qi|k|oth)"[ \t]*:/;
/** A minisign public key where a command or its file shows it (secret keys are far longer). */
const MINISIGN_PUBLIC =
  /(?<=(?:minisign[^\n]{0,80}-P[ \t]+|public key[^\n]{0,40}\n))RW[A-Za-z0-9+/]{54,56}(?![A-Za-z0-9+/=])/g;
const PUBLIC_KEY_BLOCK =
  /-----BEGIN (?:RSA |EC |SSH2 )?PUBLIC KEY-----[A-Za-z0-9+/=\s:"-]{16,8192}?-----END (?:RSA |EC |SSH2 )?PUBLIC KEY-----/g;

/** Spans sorted and merged where they overlap (an interval set takes disjoint spans). */
function disjoint(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

function apply(text: string, accepted: Candidate[]): Redaction {
  const ordered = [...accepted].sort((a, b) => a.start - b.start);
  const counts = new Map<SecretType, number>();
  let out = "";
  let at = 0;
  for (const { start, end, type } of ordered) {
    out += text.slice(at, start) + placeholder(type);
    at = end;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  out += text.slice(at);
  const redactions = [...counts].map(([type, count]) => ({ type, count }))
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return { text: out, redactions, total: ordered.length };
}
