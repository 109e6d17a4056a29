/**
 * The catalogue behind `redact()`: provider token formats, private key blocks, credentials
 * inside URLs, headers and cookies, and secret-named assignments in env files, code, YAML,
 * JSON, XML, SQL and command lines. Each detector proposes {@linkcode Candidate} spans;
 * `resolve.ts` resolves overlaps and `entropy.ts` adds the entropy detector; both share the
 * lexical helpers of `lexical.ts`.
 *
 * Every regex is linear-time on any input: quantifiers are bounded or disjoint from what
 * follows them, and each match can start only at a token's first character (a lookbehind
 * guard), so a long run of one character costs one scan, not one per position.
 *
 * @module
 */
import { typedRun } from "./typed_run.ts";
import { isPublicPoint, secretLooking, wordFraction, words } from "./lexical.ts";
import type { SecretType } from "./types.ts";

/** A span to redact, proposed by one detector. */
export interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly type: SecretType;
  /** Specificity: 4 key blocks, 3 provider formats, 2 URL/header credentials, 1 assignments. */
  readonly tier: number;
}

type Rule = (text: string, out: Candidate[]) => void;

interface TokenPattern {
  readonly type: SecretType;
  /** Flags `gd`; capture group 1, when present, is the part to redact. */
  readonly regex: RegExp;
  readonly tier?: number;
  /** Literals of which the text must hold one for the regex to be tried (a cheap scan first). */
  readonly hint?: readonly string[];
}

const TOKEN = "A-Za-z0-9_\\-";

/** A token regex that matches only a whole token: not preceded or followed by `left`/`right`. */
function tok(body: string, left = TOKEN, right = left, flags = ""): RegExp {
  return new RegExp(`(?<![${left}])(?:${body})(?![${right}])`, `gd${flags}`);
}

/** A dotted token may end a sentence: a `.` after it ends it unless a token character follows. */
const SENTENCE_END = `(?!\\.[${TOKEN}])`;

const ASSIGN = String.raw`["']?[ \t]{0,4}(?:=>|[:=])[ \t]{0,4}["']?`;
const B64 = String.raw`A-Za-z0-9+\/`;

const TOKEN_PATTERNS: readonly TokenPattern[] = [
  {
    hint: ["A3T", "AKIA", "ASIA", "ABIA", "ACCA"],
    type: "aws_access_key", // not AWS's documented example, `AKIAIOSFODNN7EXAMPLE`
    regex: tok(
      "(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)(?![A-Z0-9]{9}EXAMPLE)[A-Z0-9]{16}",
      "A-Za-z0-9",
    ),
  },
  {
    type: "aws_secret_key",
    regex: new RegExp(
      String
        .raw`(?:aws[_ .-]?secret[_ .-]?(?:access[_ .-]?)?key|secret[_ .-]?access[_ .-]?key)(?:[ \t]{0,4}\[[^\]\n]{0,40}\])?${ASSIGN}([${B64}]{40})(?![${B64}=])`,
      "gdi",
    ),
  },
  {
    hint: ["AKIA", "ASIA"],
    type: "aws_secret_key", // credentials.csv rows and KEY:SECRET pairs
    regex: new RegExp(
      String
        .raw`(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}["']?[ \t]{0,4}[,;:|\t][ \t]{0,4}["']?([${B64}]{40})(?![${B64}=])`,
      "gd",
    ),
  },
  {
    hint: ["configure"],
    type: "aws_secret_key", // aws configure set aws_secret_access_key …
    regex: new RegExp(
      String
        .raw`\bconfigure[ \t]+set[ \t]+aws_secret_access_key[ \t]+["']?([${B64}]{40})(?![${B64}=])`,
      "gd",
    ),
  },
  {
    type: "aws_session_token",
    regex: new RegExp(
      String
        .raw`(?:aws[_ .-]?session[_ .-]?token|aws[_ .-]?security[_ .-]?token|session[_ ]?token|x-amz-security-token)${ASSIGN}([${B64}%]{100,4096}={0,2})`,
      "gdi",
    ),
  },
  { type: "gcp_api_key", regex: tok("AIza[0-9A-Za-z_\\-]{35}"), hint: ["AIza"] },
  { type: "gcp_oauth_client_secret", regex: tok("GOCSPX-[A-Za-z0-9_\\-]{28}"), hint: ["GOCSPX-"] },
  {
    type: "google_oauth_token",
    regex: tok("ya29\\.[0-9A-Za-z_\\-]{30,2048}", `${TOKEN}.`, TOKEN),
    hint: ["ya29."],
  },
  {
    type: "google_oauth_token",
    regex: tok("1//0[0-9A-Za-z_\\-]{40,512}", `${TOKEN}/`, TOKEN),
    hint: ["1//0"],
  },
  {
    type: "azure_storage_key",
    regex: new RegExp(`AccountKey=([${B64}]{86}==)(?![${B64}=])`, "gdi"),
  },
  {
    type: "azure_shared_access_key",
    regex: new RegExp(`SharedAccessKey=([${B64}]{40,88}={0,2})(?![${B64}=])`, "gdi"),
  },
  { type: "azure_sas_signature", regex: /[?&;]sig=([A-Za-z0-9%+\/_\-]{40,200})/gd, hint: ["sig="] },
  {
    hint: ["Q~"],
    type: "azure_client_secret",
    regex: tok("[A-Za-z0-9_~.\\-]{3}\\dQ~[A-Za-z0-9_~.\\-]{31,34}", "A-Za-z0-9_~.\\-"),
  },
  { type: "digitalocean_token", regex: tok("do[opr]_v1_[a-f0-9]{64}"), hint: ["_v1_"] },
  { type: "heroku_api_key", regex: tok("HRKU-[A-Za-z0-9_\\-]{58,64}"), hint: ["HRKU-"] },
  {
    type: "heroku_api_key",
    regex: new RegExp(
      String
        .raw`heroku[\w.\-]{0,20}?(?:key|token)${ASSIGN}([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})(?![\w-])`,
      "gdi",
    ),
  },
  {
    type: "github_token",
    regex: tok("gh[pousr]_[A-Za-z0-9]{36,251}"),
    hint: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
  },
  {
    type: "github_fine_grained_pat",
    regex: tok("github_pat_[A-Za-z0-9_]{70,255}"),
    hint: ["github_pat_"],
  },
  {
    hint: ["gl", "GR1348941"],
    type: "gitlab_token",
    regex: tok(
      "(?:glpat|gldt|glrt|glcbt|glptt|glft|glimt|glagent|gloas|glsoat|glffct)-[A-Za-z0-9_\\-]{20,64}(?:\\.[0-9a-z]{2}\\.[0-9a-z]{9})?|GR1348941[A-Za-z0-9_\\-]{20}",
    ),
  },
  { type: "npm_token", regex: tok("npm_[A-Za-z0-9]{36}"), hint: ["npm_"] },
  {
    hint: ["_auth", "_password"],
    type: "npmrc_auth_token",
    regex:
      /(?:^|[\s:"'])_(?:authToken|auth|password)[ \t]{0,4}=[ \t]{0,4}["']?([^\s"']{8,2048})/gdm,
  },
  { type: "pypi_token", regex: tok("pypi-AgE[A-Za-z0-9_\\-]{50,400}"), hint: ["pypi-AgE"] },
  {
    type: "docker_hub_token",
    regex: tok("dckr_(?:pat|oat)_[A-Za-z0-9_\\-]{27,40}"),
    hint: ["dckr_"],
  },
  {
    type: "vault_token",
    regex: tok("hv[sbr]\\.[A-Za-z0-9_\\-]{24,512}", `${TOKEN}.`, TOKEN),
    hint: ["hvs.", "hvb.", "hvr."],
  },
  { type: "databricks_token", regex: tok("dapi[a-f0-9]{32}(?:-\\d)?"), hint: ["dapi"] },
  {
    hint: ["sk-"],
    type: "openai_api_key",
    regex: tok(
      "sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_\\-]{20,300}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48})",
    ),
  },
  {
    hint: ["sk-ant-"],
    type: "anthropic_api_key",
    regex: tok("sk-ant-(?:api|admin|oat|ort|sid)\\d\\d-[A-Za-z0-9_\\-]{20,300}"),
  },
  { type: "openrouter_api_key", regex: tok("sk-or-v1-[a-f0-9]{64}"), hint: ["sk-or-v1-"] },
  { type: "groq_api_key", regex: tok("gsk_[A-Za-z0-9]{52}"), hint: ["gsk_"] },
  { type: "replicate_token", regex: tok("r8_[A-Za-z0-9]{37}"), hint: ["r8_"] },
  {
    type: "huggingface_token",
    regex: tok("(?:hf|api_org)_[A-Za-z0-9]{30,40}"),
    hint: ["hf_", "api_org_"],
  },
  {
    hint: ["xox", "xapp-"],
    type: "slack_token",
    regex: tok("(?:xox[abposrec]|xoxe\\.xox[bp]|xapp)-[0-9A-Za-z\\-]{10,250}"),
  },
  {
    hint: ["hooks.slack.com"],
    type: "slack_webhook",
    regex: /hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_\/\-]{20,200})/gd,
  },
  {
    type: "discord_bot_token",
    regex: tok(
      "[MNO][A-Za-z0-9_\\-]{23,27}\\.[A-Za-z0-9_\\-]{6,7}\\.[A-Za-z0-9_\\-]{27,40}" + SENTENCE_END,
      `${TOKEN}.`,
      TOKEN,
    ),
  },
  {
    hint: ["discord"],
    type: "discord_webhook",
    regex: /discord(?:app)?\.com\/api\/webhooks\/(\d{17,20}\/[A-Za-z0-9_\-]{60,70})/gd,
  },
  {
    hint: [":AA"],
    type: "telegram_bot_token",
    regex: /(?<![0-9])(\d{8,10}:AA[A-Za-z0-9_\-]{33})(?![A-Za-z0-9_\-])/gd,
  },
  { type: "twilio_api_key", regex: tok("SK[0-9a-fA-F]{32}", "A-Za-z0-9"), hint: ["SK"] },
  {
    hint: ["SG."],
    type: "sendgrid_api_key",
    regex: tok("SG\\.[A-Za-z0-9_\\-]{22}\\.[A-Za-z0-9_\\-]{43}" + SENTENCE_END, `${TOKEN}.`, TOKEN),
  },
  {
    type: "mailgun_api_key",
    regex: tok("key-[0-9a-zA-Z]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}"),
  },
  {
    type: "stripe_secret_key",
    regex: tok("(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,247}"),
    hint: ["k_live_", "k_test_"],
  },
  {
    hint: ["whsec_"],
    type: "stripe_webhook_secret",
    regex: tok("whsec_[A-Za-z0-9+/=]{32,100}", `${TOKEN}+/`, `${TOKEN}+/=`),
  },
  { type: "shopify_token", regex: tok("shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"), hint: ["shp"] },
  {
    hint: ["sq0atp-", "sq0csp-", "EAAA"],
    type: "square_token",
    regex: tok("sq0atp-[0-9A-Za-z_\\-]{22}|sq0csp-[0-9A-Za-z_\\-]{43}|EAAA[A-Za-z0-9_\\-]{60}"),
  },
  {
    type: "age_secret_key",
    regex: tok("AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    hint: ["AGE-SECRET-KEY-1"],
  },
  { type: "linear_api_key", regex: tok("lin_(?:api|oauth)_[A-Za-z0-9]{40}"), hint: ["lin_"] },
  { type: "postman_api_key", regex: tok("PMAK-[a-f0-9]{24}-[a-f0-9]{34}"), hint: ["PMAK-"] },
  {
    hint: ["sntry"],
    type: "sentry_token",
    regex: tok(
      "sntrys_eyJ[A-Za-z0-9+/=_\\-]{40,400}|sntryu_[a-f0-9]{64}",
      `${TOKEN}+/`,
      `${TOKEN}+/=`,
    ),
  },
  {
    hint: ["glsa_", "glc_"],
    type: "grafana_token",
    regex: tok(
      "glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2}",
      `${TOKEN}+/`,
      `${TOKEN}+/=`,
    ),
  },
  {
    hint: ["NRAK-", "NRII-", "NRAL"],
    type: "new_relic_key",
    regex: tok("NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9_\\-]{32}|[a-f0-9]{36}NRAL"),
  },
  { type: "buildkite_token", regex: tok("bkua_[a-f0-9]{40}"), hint: ["bkua_"] },
  { type: "sonarqube_token", regex: tok("sq[upa]_[a-f0-9]{40}"), hint: ["squ_", "sqp_", "sqa_"] },
  {
    hint: ["sk.eyJ"],
    type: "mapbox_secret_token",
    regex: tok("sk\\.eyJ[A-Za-z0-9_\\-]{20,400}\\.[A-Za-z0-9_\\-]{20,100}", `${TOKEN}.`, TOKEN),
  },
  {
    hint: ["eyJ"],
    type: "jwt",
    regex: tok(
      "eyJ[A-Za-z0-9_\\-]{8,4096}\\.eyJ[A-Za-z0-9_\\-]{8,8192}\\.[A-Za-z0-9_\\-]{0,2048}",
      `${TOKEN}.`,
      TOKEN,
    ),
  },
];

function span(match: RegExpExecArray): [number, number] {
  const indices = match.indices!;
  const [start, end] = indices[1] ?? indices[0]!;
  return [start, end];
}

const tokenRule: Rule = (text, out) => {
  for (const { type, regex, tier = 3, hint } of TOKEN_PATTERNS) {
    if (hint !== undefined && !hint.some((h) => text.includes(h))) continue;
    for (const match of text.matchAll(regex)) {
      const [start, end] = span(match);
      if (!isLiteral(match[1] ?? match[0])) continue;
      out.push({ start, end, type, tier });
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Private key blocks

const PEM_BEGIN = /-----BEGIN ((?:[A-Z0-9]{1,12} ){0,3})PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_BODY_LINE = /^[ \t]*(?:[A-Za-z0-9+\/=]{8,200}|[A-Za-z-]{1,30}: [^\n]{0,200})?[ \t]*$/;

const pemRule: Rule = (text, out) => {
  let nextEnd = -2;
  for (const match of text.matchAll(PEM_BEGIN)) {
    const bodyStart = match.index + match[0].length;
    if (nextEnd !== -1 && nextEnd < bodyStart) nextEnd = text.indexOf("-----END ", bodyStart);
    const nextBegin = text.indexOf("-----BEGIN ", bodyStart);
    let bodyEnd = nextEnd !== -1 && (nextBegin === -1 || nextEnd < nextBegin)
      ? nextEnd
      : openBodyEnd(text, bodyStart);
    for (;;) {
      if (bodyEnd > bodyStart && /\s/.test(text[bodyEnd - 1]!)) bodyEnd--;
      else if (bodyEnd - 1 > bodyStart && text.startsWith("\\n", bodyEnd - 2)) bodyEnd -= 2;
      else break;
    }
    let bodyFrom = bodyStart;
    while (bodyFrom < bodyEnd && /\s/.test(text[bodyFrom]!)) bodyFrom++;
    if (text.startsWith("\\n", bodyFrom)) bodyFrom += 2;
    if (bodyEnd - bodyFrom < 16) continue;
    const label = match[1] ?? "";
    const type: SecretType = label.startsWith("OPENSSH")
      ? "openssh_private_key"
      : label.startsWith("PGP")
      ? "pgp_private_key"
      : /"private_key"\s*:\s*"$/.test(text.slice(Math.max(0, match.index - 40), match.index))
      ? "gcp_service_account_key"
      : "pem_private_key";
    out.push({ start: bodyFrom, end: bodyEnd, type, tier: 4 });
  }
};

/**
 * PuTTY `.ppk` files: the base64 lines after `Private-Lines: N` hold the private key, whether
 * the file is pasted whole, indented (a YAML block) or flattened onto one line.
 */
const PUTTY_PRIVATE = /(?<![\w\-])Private-Lines:[ \t]*(\d{1,3})(?=\s)/g;
const PUTTY_LINE = /^[ \t]*\r?\n?[ \t]*([A-Za-z0-9+\/=]{4,200})(?=\s|$)/;

const puttyRule: Rule = (text, out) => {
  for (const match of text.matchAll(PUTTY_PRIVATE)) {
    const header = text.lastIndexOf("PuTTY-User-Key-File-", match.index);
    if (header === -1 || match.index - header > 8192) continue;
    let at = match.index + match[0].length;
    let from = -1;
    for (let line = 0; line < Number(match[1]); line++) {
      const next = PUTTY_LINE.exec(text.slice(at, at + 240));
      if (next === null) break;
      if (from === -1) from = at + next[0].length - next[1]!.length;
      at += next[0].length;
    }
    if (from !== -1 && at - from >= 16) {
      out.push({ start: from, end: at, type: "pem_private_key", tier: 4 });
    }
  }
};

/** End of a block with no END line (a truncated paste): the run of base64 or header lines. */
function openBodyEnd(text: string, from: number): number {
  if (text.startsWith("\\n", from)) { // a JSON string: runs to the closing quote
    const quote = text.indexOf('"', from);
    return quote === -1 ? Math.min(text.length, from + 8192) : quote;
  }
  let end = from;
  let lineStart = text[from] === "\n" ? from + 1 : from;
  while (lineStart < text.length && lineStart - from < 16_384) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (lineEnd - lineStart > 240 || !PEM_BODY_LINE.test(text.slice(lineStart, lineEnd))) break;
    end = lineEnd;
    lineStart = lineEnd + 1;
  }
  return end;
}

// ---------------------------------------------------------------------------------------------
// Credentials in URLs, headers and cookies

const DB_SCHEMES = words(
  "postgres postgresql pgsql mysql mysql2 mysqlx mariadb mongodb mongodb+srv redis rediss " +
    "valkey amqp amqps mssql sqlserver cockroachdb clickhouse couchdb cassandra neo4j neo4j+s " +
    "bolt oracle db2 memcached nats influxdb snowflake",
);

/**
 * `scheme://user:password@host`; people leave `#`, `?` and `@` unescaped in a password, so it
 * may hold them (a `?` not followed by a query's `name=`; the host follows the last `@`).
 */
const URL_USERINFO =
  /(?<![\w+.\-])([a-zA-Z][a-zA-Z0-9+.\-]{1,30}):\/\/[^\s:@\/?#"'<>`]{0,128}:([^\s\/?"'<>`]{1,256}(?:\?[^\s\/?"'<>`=&]{0,64})*)@(?=[\w\[.\-%])/gd;
/** A token as a URL's user name: `https://<token>@host`, `https://<token>:x-oauth-basic@host`. */
const URL_USER_TOKEN = /:\/\/([A-Za-z0-9_\-]{20,256})(?::[^\s\/?#"'<>`@]{0,128})?@(?=[\w\[.\-%])/gd;
const MYSQL_DSN = /(?<![\w.:\/\-])[\w.\-]{1,64}:([^\s\/:"'`]{1,128}?)@(?:tcp|unix)\(/gd;

/** The user name before the `:` that starts a URL's password at `at`. */
function userOf(text: string, at: number): string {
  let i = at - 1;
  while (i > 0 && at - i < 130 && !/[\/@\s]/.test(text[i - 1]!)) i--;
  return text.slice(i, at - 1);
}

const urlRule: Rule = (text, out) => {
  for (const match of text.matchAll(URL_USERINFO)) {
    const password = match[2]!;
    // A sigil that starts a password (`*Xa13…`, `@sEiO…`) is no YAML alias inside a URL.
    if (
      !isLiteral(password.replace(/^[&*@]+(?=.)/, "")) ||
      /^(?:\d{1,5}|password|passwd|pass|pwd|pw|secret)$/i.test(password)
    ) continue;
    // `guest:guest`, `postgres:postgres`: a service's default login, its user name again.
    if (userOf(text, match.indices![2]![0]) === password) continue;
    const [start, end] = match.indices![2]!;
    const scheme = match[1]!.toLowerCase();
    const db = DB_SCHEMES.has(scheme) || DB_SCHEMES.has(scheme.split("+")[0]!);
    const type = db ? "database_url_password" : "url_password";
    out.push({ start, end, type, tier: 2 });
  }
  for (const match of text.matchAll(URL_USER_TOKEN)) {
    if (
      !/(?<![\w+.\-])[a-zA-Z][a-zA-Z0-9+.\-]{1,30}$/.test(
        text.slice(Math.max(0, match.index - 32), match.index),
      )
    ) {
      continue; // not after a scheme
    }
    const user = match[1]!;
    if (!isLiteral(user) || !/^(?:[0-9a-f]{32,}|[A-Za-z0-9_\-]{20,})$/.test(user)) continue;
    // Hex of a key's length is a key (a Sentry DSN's, which lets anyone post to the project);
    // other tokens must look random.
    const hex = /^[0-9a-f]+$/.test(user);
    if (hex ? !/^(?:[0-9a-f]{32}|[0-9a-f]{40,})$/.test(user) : !secretLooking(user)) continue;
    const [start, end] = match.indices![1]!;
    out.push({ start, end, type: "url_password", tier: 2 });
  }
  for (const match of text.matchAll(MYSQL_DSN)) {
    if (!isLiteral(match[1]!)) continue;
    const [start, end] = match.indices![1]!;
    out.push({ start, end, type: "database_url_password", tier: 2 });
  }
};

const AUTH_HEADER =
  /\b(?:proxy-)?authorization["']?[ \t]{0,4}[:=,][ \t]{0,4}["'`]?[ \t]{0,4}(bearer|basic|token|bot|apikey|api-key|key|ssws|jwt|sso-key)[ \t]{1,4}([A-Za-z0-9._~+\/\-]{8,4096}={0,2})/gdi;
const BEARER = /(?<![\w\-])bearer[ \t]{1,4}([A-Za-z0-9._~+\/\-]{16,4096}={0,2})/gdi;

const headerRule: Rule = (text, out) => {
  for (const match of text.matchAll(AUTH_HEADER)) {
    if (!isLiteral(match[2]!)) continue;
    if (match[1]!.toLowerCase() === "basic" && placeholderPair(match[2]!)) continue;
    const [start, end] = match.indices![2]!;
    const type = match[1]!.toLowerCase() === "basic"
      ? "authorization_basic"
      : "authorization_bearer";
    out.push({ start, end, type, tier: 2 });
  }
  for (const match of text.matchAll(BEARER)) {
    if (!isLiteral(match[1]!) || !secretLooking(match[1]!)) continue;
    const [start, end] = match.indices![1]!;
    out.push({ start, end, type: "authorization_bearer", tier: 2 });
  }
};

/** Basic credentials that decode to placeholder words (`user:password`, `username:secret`). */
function placeholderPair(encoded: string): boolean {
  let decoded: string;
  try {
    decoded = atob(encoded);
  } catch {
    return false;
  }
  const pair = /^([\w.\-]{1,40}):([\w.\-]{1,40})$/.exec(decoded);
  return pair !== null && [pair[1]!, pair[2]!].every((w) => PLACEHOLDER_WORDS.has(w.toLowerCase()));
}

const COOKIE_HEADER =
  /(?:\b(?:set-)?cookie["']?[ \t]{0,4}[:=]|[ \t](?:-b|--cookie))[ \t]{0,4}["']?([^\n"']{1,4096})/gdi;
const COOKIE_PAIR = /(?<![\w.\-])([\w.\-]{1,64})=([^;\s,"']{16,4096})/gd;
const SESSION_COOKIE = /sess|sid|auth|token|jwt|remember|login|csrf|xsrf|secret/i;

const cookieRule: Rule = (text, out) => {
  for (const header of text.matchAll(COOKIE_HEADER)) {
    const offset = header.indices![1]![0];
    for (const pair of header[1]!.matchAll(COOKIE_PAIR)) {
      if (!SESSION_COOKIE.test(pair[1]!) || !isLiteral(pair[2]!)) continue;
      const [start, end] = pair.indices![2]!;
      out.push({ start: offset + start, end: offset + end, type: "session_cookie", tier: 2 });
    }
  }
};

/**
 * A cookie written as a name/value object (HAR exports, browser dumps, test fixtures): `{ "name":
 * "session_id", "value": "…" }`. The name says a session cookie as in a header; the value must be
 * a literal of a cookie's length.
 */
const COOKIE_OBJECT =
  /["']name["'][ \t]{0,4}:[ \t]{0,4}["']([\w.\-]{1,64})["'][ \t]{0,4},[ \t]{0,4}["']value["'][ \t]{0,4}:[ \t]{0,4}["']([^"'\n]{16,4096})["']/gd;

const cookieObjectRule: Rule = (text, out) => {
  for (const m of text.matchAll(COOKIE_OBJECT)) {
    if (!SESSION_COOKIE.test(m[1]!) || !isLiteral(m[2]!)) continue;
    const [start, end] = m.indices![2]!;
    out.push({ start, end, type: "session_cookie", tier: 2 });
  }
};

// ---------------------------------------------------------------------------------------------
// Secret-named assignments

/** How strongly a variable, key or flag name says its value is a secret. */
export type NameSignal = "strong" | "weak" | undefined;

const STRONG_WORDS = words(
  "password passwd pwd pass passphrase passcode pword secret token credential apikey " +
    "apitoken accesstoken authtoken refreshtoken idtoken bearertoken secretkey privatekey " +
    "accesskey clientsecret appsecret apisecret masterkey signingkey encryptionkey storepass " +
    "keypass srcstorepass deststorepass srckeypass destkeypass pgpass dbpass rootpass adminpass " +
    "userpass smtppass mysqlpass requirepass masterauth",
);
const STRONG_SUFFIXES = [
  "password",
  "passwd",
  "secret",
  "token",
  "apikey",
  "secretkey",
  "privatekey",
];
/** See {@linkcode nameSignal}. */
export const STRONG_KEY_QUALIFIERS: ReadonlySet<string> = words(
  "api secret private access encryption encrypt signing sign master client app auth admin " +
    "webhook shared hmac jwt crypt cipher aes decryption consumer ssh gpg pgp openai " +
    "anthropic stripe sendgrid mailgun twilio google gcp maps aws azure github gitlab slack " +
    "algolia mapbox pusher datadog dd sentry cloudflare cf vercel netlify supabase firebase " +
    "groq mistral cohere deepseek gemini pinecone resend postmark mailchimp openrouter " +
    "together fireworks perplexity elevenlabs notion airtable hubspot paypal plaid coinbase " +
    "binance",
);
/** See {@linkcode nameSignal}. */
export const DENY_BEFORE: ReadonlySet<string> = words(
  "max min num n total count next prev page pagination continuation cursor cancellation " +
    "cancel is has use show hide enable allow require input prompt ask validate check verify " +
    "placeholder label no public pub publishable site sort primary foreign partition routing " +
    "idempotency cache lookup object bucket hot shortcut translation i18n dedupe unique " +
    "composite row column index group map dict forgot csrf per invalid incorrect wrong bad " +
    "existing socket websocket resume sync delta offset marker watermark checkpoint position " +
    "seek",
);
/** See {@linkcode nameSignal}. */
export const DENY_AFTER: ReadonlySet<string> = words(
  "file path dir name id ids type kind url uri endpoint length len size count min max limit " +
    "expiry expires expiration expire ttl lifetime timeout age rotation policy hint prompt " +
    "label placeholder description help message msg error regex pattern validator validation " +
    "required enabled enable disabled mode strategy provider source manager header prefix " +
    "suffix format hash hashed digest sha checksum fingerprint version env var variable arn " +
    "ref location region used usage budget encoding template schema class interface param " +
    "parameter query method algorithm alg algo bits rounds iterations cost field store " +
    "storage cache changed updated created at date time status state set valid invalid " +
    "strength rules requirements scope scopes audience issuer interval delay duration seconds " +
    "minutes hours days ms threshold window retries host port owner command cmd script helper " +
    "backend callback handler exchange introspection revocation generator service server " +
    "dialog modal form button screen page view component stdin through rate reset auth mount " +
    "volume selector ref refs key sha1 sha256 sha512 md5 salt salted bcrypt hashes accessor " +
    "sql stmt statement rotated revoked expired issued refreshed deleted removed generated " +
    "invalidated verified failed succeeded requested granted denied",
);

/** Lower-case words of an identifier: `getAPIKey` → get, api, key. */
export function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/**
 * Whether a name says its value is a secret: `DB_PASSWORD`, `apiKey`, `--client-secret` are
 * strong; `FOO_KEY`, `auth` are weak (the value must also look random); `PASSWORD_MIN_LENGTH`,
 * `max_tokens`, `public_key`, `token_type`, `secretName` are not.
 */
export function nameSignal(name: string): NameSignal {
  const words = nameWords(name);
  if (words.length === 0 || words.length > 10) return undefined;
  let signal: NameSignal;
  let last = -1;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const previous = words[i - 1];
    let here: NameSignal;
    if (STRONG_WORDS.has(word)) here = "strong";
    else if (
      STRONG_SUFFIXES.some((s) => word.endsWith(s) && !DENY_BEFORE.has(word.slice(0, -s.length)))
    ) {
      here = "strong";
    } else if (word === "key" && previous !== undefined) {
      here = STRONG_KEY_QUALIFIERS.has(previous) ? "strong" : "weak";
    } else if ((word === "auth" || word === "pat") && i === words.length - 1) here = "weak";
    if (here === undefined) continue;
    if (here === "strong" || signal === undefined) signal = here;
    last = i;
  }
  if (last < 0) return undefined;
  if (words.slice(0, last).some((w) => DENY_BEFORE.has(w))) return undefined;
  if (words.slice(last + 1).some((w) => DENY_AFTER.has(w))) return undefined;
  return signal;
}

const NAME =
  /(?<![\w.\-])(--?)?(?=[A-Za-z_])([\w.\-]{0,40}?(?:pass|pwd|secret|token|key|auth|cred|pat)[\w.\-]{0,40})/gdi;

type Form = "env" | "code" | "cli";

/** Calls whose first argument names a setting and second gives its value. */
const SETTER =
  /\b(?:define|setdefault|setenv|Setenv|putenv|set|setItem|put|SetEnvironmentVariable)\(\s*["']$/;

/** A placeholder left by an earlier redaction: never a setting's name (redaction is idempotent). */
const PLACEHOLDER = /\[REDACTED:[a-z0-9_]+\]/g;

const assignmentRule: Rule = (text, out) => {
  const cache: RunCache = { env: { from: -1, to: -1 }, code: { from: -1, to: -1 } };
  const placeholders = [...text.matchAll(PLACEHOLDER)].map((m) => [m.index, m.index + m[0].length]);
  const inPlaceholder = (at: number) => placeholders.some(([from, to]) => at >= from! && at < to!);
  let valueEnd = -1; // a name inside a redacted value is part of that value
  for (const match of text.matchAll(NAME)) {
    if (match.index < valueEnd) continue;
    if (inPlaceholder(match.index)) continue;
    // A URL's user name (`https://deploy:…@`, `https://gitlab+deploy-token-46:…@`): the URL
    // rules take its password, up to the `@` and never the host after it.
    if (/:\/\/[^\s@\/]*$/.test(text.slice(Math.max(0, match.index - 64), match.index))) continue;
    if (text.startsWith("${", match.index - 2)) continue; // ${DB_PASSWORD:-default}: an expansion
    if (ARN_PREFIX.test(text.slice(Math.max(0, match.index - 96), match.index))) continue; // arn:…:secret:prod/db
    const dashes = match[1] ?? "";
    let name = match[2]!;
    const [nameStart] = match.indices![2]!;
    while (name.endsWith(".") || name.endsWith("-")) name = name.slice(0, -1);
    let i = nameStart + name.length;
    if (/[\w]/.test(text[i] ?? "")) continue; // the name ran past the bounded length
    const signal = nameSignal(name);
    if (signal === undefined) continue;
    const quote = dashes ? "" : openingQuote(text, match.index);
    if (quote && text.startsWith(quote, i)) i += quote.length;
    if (text[i] === "]") i++;
    if (text[i] === "?" || text[i] === "!") i++;
    const afterName = i;
    while ((text[i] === " " || text[i] === "\t") && i - afterName < 8) i++;
    let op = /^(?::=|=>|===|==|\?=|=|:(?!\/))(?![=:])/.exec(text.slice(i, i + 4))?.[0];
    // define('DB_PASSWORD', '…'), os.environ.setdefault("API_KEY", "…"): a quoted name, a comma.
    const call = quote !== "" && op === undefined && text[i] === "," &&
      /\(\s*$/.test(text.slice(Math.max(0, match.index - 24), match.index - quote.length));
    if (call) op = ",";
    const setter = call && SETTER.test(text.slice(Math.max(0, match.index - 24), match.index));
    const form: Form = dashes ? "cli" : /^[A-Z][A-Z0-9_]*$/.test(name) ? "env" : "code";
    if (op === undefined) {
      if (!dashes || i === afterName) continue; // `--password value`
    } else i += op.length;
    const tight = op === "=" && i === afterName + 1;
    const value = readValue(text, i, form === "env" && tight ? "env" : "code", cache);
    if (value === undefined) continue;
    if ((op === "==" || op === "===" || op === ",") && !value.quoted) continue;
    // Server=db;User Id=app;Password=value; (ADO.NET, ODBC, JDBC): a list of literal pairs.
    const pairList = tight && (text[nameStart - 1] === ";" || /^;[ \t]*[A-Za-z][\w ]{0,30}=/.test(
      text.slice(value.end, value.end + 40),
    ));
    // spring.datasource.password=…, helm's --set db.password=…: a dotted key in a properties
    // line or a chart override, where the value is always a literal, never a name.
    const dotted = tight && /^[a-z][\w\-]*(?:\.[\w\-]+)+$/.test(name) &&
      !/^(?:this|self|that|cls|ctx|config|props|state|options|opts|env|process)\./.test(name) &&
      (/(?:^|\n)[ \t]*$/.test(text.slice(Math.max(0, nameStart - 40), nameStart)) ||
        /--set(?:-string)?[ \t]+$/.test(text.slice(Math.max(0, nameStart - 20), nameStart)));
    const context = {
      signal,
      form,
      spaced: op === undefined,
      literalForm: (form === "env" && tight) || pairList || dotted,
      quotedName: quote !== "",
      name,
    };
    if (!acceptValue(text, value, context)) continue;
    if (call && !setter && !secretLooking(text.slice(value.start, value.end))) continue;
    valueEnd = value.end;
    const type: SecretType = dashes
      ? "cli_secret_flag"
      : form === "env"
      ? "env_secret"
      : "secret_assignment";
    out.push({ start: value.start, end: value.end, type, tier: 1 });
  }
};

/** An AWS ARN up to its resource type: what follows names a resource, it holds no value. */
const ARN_PREFIX = /\barn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:(?:[\w-]+[:/])?$/;

function openingQuote(text: string, at: number): string {
  if (text[at - 1] === '"' && text[at - 2] === "\\") return '\\"';
  const c = text[at - 1];
  return c === '"' || c === "'" ? c : "";
}

interface Value {
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
}

/** The last bare run read in each mode: positions inside it end where it ends. */
type RunCache = Record<"env" | "code", { from: number; to: number }>;

const CODE_STOP = /[\s"'`,;&<>(){}\[\]|\\]/;
const ENV_STOP = /[\s"'`\\]/;

/**
 * The value after an assignment operator: a quoted string on one line, or a bare run up to a
 * terminator. `cache` remembers the last bare run per mode, so candidates inside one long run
 * share one scan.
 */
function readValue(
  text: string,
  from: number,
  mode: "env" | "code",
  cache: RunCache,
): Value | undefined {
  let i = from;
  while ((text[i] === " " || text[i] === "\t") && i - from < 20) i++;
  const quote = text.startsWith('\\"', i) ? '\\"' : /["'`]/.test(text[i] ?? "") ? text[i]! : "";
  if (quote) {
    const start = i + quote.length;
    let end = start;
    while (end < text.length && end - start < 4096 && text[end] !== "\n") {
      if (text.startsWith(quote, end) && (quote === '\\"' || text[end - 1] !== "\\")) {
        return end > start ? { start, end, quoted: true } : undefined;
      }
      end++;
    }
    return undefined;
  }
  const stop = mode === "env" ? ENV_STOP : CODE_STOP;
  const typed = typedRun(text, i);
  if (typed) return { ...typed, quoted: false };
  if (i >= text.length || stop.test(text[i]!)) return undefined;
  const run = cache[mode];
  if (!(run.from <= i && i < run.to)) {
    let end = i;
    while (end < text.length && !stop.test(text[end]!)) end++;
    run.from = i;
    run.to = end;
  }
  return { start: i, end: run.to, quoted: false };
}

interface ValueContext {
  readonly signal: "strong" | "weak";
  readonly form: Form;
  /** `--flag value`: separated by whitespace only. */
  readonly spaced: boolean;
  /** `NAME=value` with nothing around `=`: an env file or shell line, where bare words are literals. */
  readonly literalForm: boolean;
  /** `"name": value`: a JSON-like key, where a bare number is a number. */
  readonly quotedName: boolean;
  readonly name: string;
}

const KEYWORDS = words(
  "true false null none nil undefined yes no on off required optional string str bytes int " +
    "integer number boolean bool any unknown object secret secretstr text hidden include omit " +
    "inherit auto default empty redacted masked env environment vault basic bearer oauth read write " +
    "oauth2 jwt header query cookie session plain plaintext file stdin prompt same-origin " +
    "password passwd pwd token apikey " + // the key's own word as its value: `password: "password"`
    "private public self this new return await function lambda const let var",
);

/** Keys that are public by design: Stripe and Mapbox publishable keys, PostHog project keys, age recipients, SSH public keys. */
export const PUBLIC_FORMAT: RegExp =
  /^(?:pk_(?:live|test)_|pk\.eyJ|phc_|age1[a-z0-9]{50}|ssh-(?:ed25519|rsa|dss) |ecdsa-sha2-)/;

function acceptValue(text: string, value: Value, context: ValueContext): boolean {
  // Longer bare values are data, not secrets (long tokens have their own rules); the cap also
  // bounds the work when one long run holds many names.
  if (value.end - value.start > (value.quoted ? 4096 : 1024)) return false;
  let raw = text.slice(value.start, value.end);
  if (!isLiteral(raw)) return false;
  if (!value.quoted) raw = raw.replace(/[.,:!?]+$/, "");
  if (raw.length < 3 || !isLiteral(raw) || PUBLIC_FORMAT.test(raw) || isPublicPoint(raw)) {
    return false;
  }
  if (countingUp(raw)) return false; // ACME_TOKEN=acme_test_1234567890abcdef: a made-up example
  if (/^[A-Za-z][\w+.\-]*:\/\//.test(raw)) return false; // a URL: its credentials have their own rules
  if (raw.startsWith("<")) return false; // a placeholder: `TOKEN=<your GitLab token>`
  if (KEYWORDS.has(raw.toLowerCase())) return false;
  if (value.quoted) {
    if (/\s/.test(raw) && !/phrase/i.test(context.name) && isProse(raw)) return false;
    if (/^[A-Z][a-z]+$/.test(raw)) return false; // a label: "Password"
  } else {
    const next = text.slice(value.end, value.end + 8);
    if (/^[(\[]/.test(next)) return false; // a call or an index
    // `SECRET_0: Uint8Array = …`: a type annotation, the value comes after `=`.
    if (/^[ \t]*=(?!=)/.test(next) && /^[A-Za-z_$][\w$<>\[\],. ]*$/.test(raw)) return false;
    if (!context.literalForm && isReference(raw, next)) return false;
    if (
      /^[a-z]+$/.test(raw) && /[ \t]:$/.test(text.slice(value.start - 8, value.start).trimEnd())
    ) {
      return false; // `API_KEY : owns`: a relation or a label, not a value
    }
    if (/^[a-z]+$/.test(raw)) {
      const lineEnd = text.indexOf("\n", value.end);
      const rest = text.slice(value.end, lineEnd === -1 ? text.length : lineEnd);
      if (context.spaced || /^[ \t]+(?:[A-Za-z0-9]|\[REDACTED:)/.test(rest)) {
        return false; // prose or a positional
      }
    }
    if (
      /^\d[\d_.]*$/.test(raw) && (raw.length < 4 || context.signal === "weak" || context.quotedName)
    ) {
      return false; // a number: too short, or a JSON number, or 1_000
    }
    if (context.spaced && raw.startsWith("-")) return false;
    if (context.form === "cli" && /^\w+=/.test(raw)) return false; // --secret id=x,src=y
    // --secret=ledger-api-key: a secret's name in a store, in words, not its value.
    if (context.form === "cli" && SECRET_NAME.test(raw)) return false;
  }
  return context.signal === "strong" || secretLooking(raw);
}

/** A secret's name in a store: lower-case words ending in what it holds (`ledger-db-password`). */
const SECRET_NAME =
  /^[a-z][a-z0-9]*(?:[\-_.][a-z0-9]+)*[\-_.](?:api[\-_]key|key|token|secret|password|passwd|credentials?|creds)$/;

/** An unquoted code value that names something instead of being a literal. */
function isReference(raw: string, next: string): boolean {
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(raw)) return true; // config.db.password
  if (!/^[A-Za-z_$][\w$]*$/.test(raw)) return false;
  if (/^[ \t]*[,;)}]/.test(next)) return true; // an argument
  if (/^[ \t]+(?:[<>]=?|[+\-*\/%?^]|&&|\|\||[!=]==?)[ \t]/.test(next)) return true; // score >= cutoff
  if (/^[A-Z][a-z]+$/.test(raw)) return true; // a type or a label
  // user_input, dbPassword; not random case that reads as no words (`ZcoYlsZveOfpSkm`).
  if (/[a-z]_[a-z]|[a-z][A-Z][a-z]/.test(raw) && !/\d/.test(raw) && wordFraction(raw) >= 0.5) {
    return true;
  }
  return nameSignal(raw) !== undefined;
}

function isProse(value: string): boolean {
  const words = value.trim().split(/\s+/);
  const wordy = words.filter((w) => /^[A-Za-z][a-z']*[.,!?:;]?$/.test(w)).length;
  return words.length >= 2 && wordy * 2 >= words.length;
}

/** A token format's prefix with nothing after it: it names the format, it holds no token. */
const TOKEN_PREFIX_ALONE =
  /^(?:AIza|AKIA|ASIA|eyJ|gh[pousr]_|github_pat_|glpat-|xox[bpaer]-|sk-(?:proj-|ant-)?|[sr]k_(?:live|test)_|pk_(?:live|test)_|npm_|hf_|SG\.|whsec_|dop_v1_|hvs\.)$/;

export const PLACEHOLDER_WORDS: ReadonlySet<string> = words(
  "your my the a an api key token secret password pass passwd pwd here goes access auth " +
    "client app value placeholder replace me with insert put example sample dummy fake " +
    "redacted removed hidden masked private personal bot webhook url id user username db " +
    "database admin root service account env var new old todo fixme tbd some real actual " +
    "secure strong random generated long string github openai stripe slack aws npm jwt bearer " +
    "session cookie signing encryption master prod production staging dev test demo mock " +
    "stub none null empty",
);

/** Single words that only ever stand in for a value: `DUMMY_SECRET=dummy`. */
const STAND_IN = /^(?:dummy|fake|mock|stub|sample|example|placeholder|redacted|tbd|todo)$/i;

/**
 * Whether most of a value is runs counting up (`1234567890abcdef`, `abcd-1234`): a made-up
 * example, never a generated or chosen secret (four in a row or more count).
 */
function countingUp(v: string): boolean {
  if (v.length < 8) return false;
  let inRuns = 0;
  let run = 1;
  let alnum = 0;
  let previous = -2;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const isAlnum = (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a);
    if (!isAlnum) {
      run = 1;
      previous = -2;
      continue;
    }
    alnum++;
    run = c === previous + 1 ? run + 1 : 1;
    previous = c;
    if (run === 4) inRuns += 4;
    else if (run > 4) inRuns++;
  }
  return alnum >= 8 && inRuns * 2 >= alnum;
}

/**
 * False for values that are not literal secrets: references (`$VAR`, `${VAR}`,
 * `{{ secrets.X }}`, `%VAR%`, `!secret x`, `op://…`), placeholders (`<token>`, `xxxx`,
 * `YOUR_API_KEY`, `sk-...`) and text this module already redacted.
 */
export function isLiteral(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return false;
  if (
    /\$\{[A-Za-z_]|\$\([A-Za-z_]|#\{[A-Za-z_@]|\{\{|%\([A-Za-z_]\w*\)[sdr]|(?<![A-Za-z0-9])%[sd](?![A-Za-z0-9])|\{\d?\}|\[REDACTED/
      .test(v)
  ) {
    return false; // templates and text already redacted
  }
  // A sigil before a random run is a password that starts with one (`*Lq7Pz9x2Kv`, `@Rk4mZ8pQ2w`),
  // not a YAML alias or a bind parameter, whose names are words (`*default_db`, `@userId`).
  const sigilled = /^[&*@]/.test(v) && secretLooking(v.slice(1));
  if (
    /^\$[A-Za-z_]\w*$|^%[A-Za-z_]\w*%$|^![A-Za-z]+$|^@[A-Za-z][\w.]*\(/.test(v) ||
    (!sigilled && /^[&*][A-Za-z_][\w\-]*$/.test(v))
  ) {
    return false; // $VAR, %VAR%, YAML tags, anchors and aliases, @Microsoft.KeyVault(…)
  }
  if (!sigilled && /^(?::[A-Za-z_]\w*|@[A-Za-z_]\w*|\$\d+|\?)$/.test(v)) return false; // SQL bind parameters
  if (/^<.*>$|^\{.*\}$|^\[.*\]$/s.test(v)) return false;
  if (
    /^(?:arn:|op:\/\/|vault:|ref\+|sm:\/\/|projects\/[^/]+\/secrets\/|process\.env|os\.environ)/
      .test(v)
  ) {
    return false;
  }
  if (/^\/[\w.\-]+\/[\w.\-\/]+$/.test(v) && !/\d.*[A-Z]|[A-Z].*\d/.test(v)) return false; // a path
  const core = v.replace(/^[A-Za-z]{2,5}[_\-](?:[a-z]{2,5}[_\-])?/, "");
  if (/^[xX*.•…_\-#]{3,}$/.test(core) || /^[xX*•…]+$/.test(v)) return false;
  if (/^(?:your[-_ ]?|my[-_ ])[a-z]/i.test(v) || /[-_ ]here$/i.test(v)) return false;
  if (/^change[-_ ]?(?:me|it|this)!?$/i.test(v)) return false; // a default that says to change it
  if (TOKEN_PREFIX_ALONE.test(v)) return false; // a format's prefix alone: `apiKey: "AIza"`
  if (STAND_IN.test(v) || /^([A-Za-z])\1{3,}$/.test(v)) return false; // dummy, yyyy
  if (/^(?:n\/a|tbd|none|null|nil|-+|\?+)$/i.test(v)) return false; // password: N/A
  // ghp_REDACTED, ***REMOVED***, [hidden]: a word that says the value was taken out.
  if (/^[*#_\-.•]*(?:redacted|removed|hidden|masked|omitted)[*#_\-.•]*$/i.test(core)) return false;
  if (/EXAMPLE(?:KEY)?$/.test(v)) return false; // a vendor's documented example (AWS's `…EXAMPLEKEY`)
  if (/x{6,}|X{6,}|[*•●∙·◦]{4,}/.test(v)) return false; // masked: `ghp_••••1a2b`
  if (/^[^\s.…]{1,16}(?:\.{3}|…)$/.test(v)) return false; // elided: eyJhbGciOi...
  if (/^[^\s.…]{1,16}(?:\.{3}|…)[A-Za-z0-9]{1,8}$/.test(v)) return false; // masked: sk-…Zq8v
  const words = v.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  // `xxxx-xxxx-xxxx-test`: runs of x are placeholder words too.
  const allPlaceholder = words.length > 0 &&
    words.every((w) => PLACEHOLDER_WORDS.has(w) || /^x{3,}$/.test(w));
  if (allPlaceholder && (words.length >= 2 || /^[A-Z_]+$/.test(v))) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Other assignment shapes

const extraPatterns: readonly { type: SecretType; regex: RegExp; strict?: boolean }[] = [
  { // Kubernetes, Compose and ECS env lists: name: DB_PASSWORD / value: hunter2
    type: "secret_assignment",
    regex:
      /\bname["']?[ \t]{0,4}:[ \t]{0,4}["']?([A-Za-z_][\w.\-]{0,80})["']?[ \t]{0,4},?[ \t]{0,4}(?:\r?\n[ \t]{0,40}(?:-[ \t]{1,4})?)?["']?value["']?[ \t]{0,4}:[ \t]{0,4}(["']?)([^\s"',}]{1,4096})\2/gd,
  },
  { // XML: <password>hunter2</password>
    type: "secret_assignment",
    regex:
      /<([\w:.\-]{0,40}(?:password|passwd|secret|token|apikey|api-key|api_key|key)[\w:.\-]{0,40})>()([^<\n]{1,1024})<\/\1>/gdi,
  },
  { // Java properties XML: <entry key="db.password">…</entry>
    type: "secret_assignment",
    regex: /<entry[ \t]+key="([\w:.\-]{1,80})"[ \t]*>()([^<\n]{1,1024})<\/entry>/gd,
  },
  { // A setting as an element's name and value: <add key="ApiKey" value="…" /> (.NET),
    // <property name="db.password" value="…"/> (Spring, Hibernate, Ant), <env name=… value=…>.
    type: "secret_assignment",
    regex: /\b(?:key|name|property)="([\w:.\-]{1,80})"[ \t]{1,4}value=(")([^"\n]{1,1024})"/gd,
  },
  { // An element named by its attribute: <Setting name="ClientSecret">…</Setting>
    type: "secret_assignment",
    regex:
      /<[\w:.\-]{1,40}[ \t][^>\n]{0,80}?\bname=["']([\w:.\-]{1,80})["'][^>\n]{0,80}>()([^<\n]{1,1024})<\//gd,
  },
];

const STRICT_PATTERNS: readonly { type: SecretType; regex: RegExp }[] = [
  { // Authorization: <token>, with no scheme word before the token
    type: "authorization_bearer",
    regex:
      /\bauthorization["']?[ \t]{0,4}[:=][ \t]{0,4}["'`]?([A-Za-z0-9._~+\/\-]{20,4096}={0,2})(?![A-Za-z0-9._~+\/\-=])/gdi,
  },
  {
    type: "secret_assignment",
    regex:
      /\b(?:password|identified[ \t]+by)(?:[ \t]{1,4}|[ \t]{0,4}=[ \t]{0,4}[NE]?)'([^'\n]{3,256})'/gdi,
  }, // SQL; T-SQL's `PASSWORD = N'…'`
  {
    type: "secret_assignment", // .netrc
    regex:
      /\bmachine[ \t\n]{1,8}\S{1,256}[ \t\n]{1,8}login[ \t\n]{1,8}\S{1,256}[ \t\n]{1,8}password[ \t\n]{1,8}(\S{1,1024})/gdi,
  },
  {
    type: "cli_secret_flag", // mysql -pSECRET
    regex:
      /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n|;&]{0,200}?[ \t]-p([^\s\-][^\s]{0,255})/gd,
  },
  {
    type: "cli_secret_flag",
    regex:
      /\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)[ \t]+(?:registry[ \t]+)?login\b[^\n|;&]{0,200}?[ \t]-p[ \t]{1,4}["']?([^\s"']{1,256})/gd,
  },
  {
    type: "secret_assignment",
    regex: /^[^\s:#]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:([^\s:]{1,256})$/gdm,
  }, // .pgpass
  {
    type: "cli_secret_flag", // az keyvault secret set --value, gh secret set --body
    regex:
      /\bsecrets?[ \t]+set\b[^\n|;&]{0,200}?[ \t](?:--value|--body|-b)[ \t=]{1,4}["']?([^\s"']{1,1024})/gd,
  },
  {
    type: "secret_assignment", // requests auth=("user", "pass"), HTTPBasicAuth("user", "pass")
    regex:
      /(?:\bauth[ \t]{0,4}=[ \t]{0,4}\(|BasicAuth\()[ \t]{0,4}["'][^"'\n]{1,100}["'][ \t]{0,4},[ \t]{0,4}["']([^"'\n]{1,256})["']/gd,
  },
  { type: "cli_secret_flag", regex: /\bsshpass[ \t]+-p[ \t]{0,4}["']?([^\s"']{1,256})/gd },
  { // htpasswd -b[c] <file> <user> <password>
    type: "cli_secret_flag",
    regex:
      /\bhtpasswd[ \t]+(?:-[A-Za-z]+[ \t]+)*-[a-z]*b[a-z]*[ \t]+(?:-[A-Za-z]+[ \t]+)*\S+[ \t]+\S+[ \t]+["']?([^\s"']{1,256})/gd,
  },
  {
    type: "database_url_password", // Oracle EZConnect, alone: app/secret@//db:1521/ORCL
    regex: /(?<![\w$#\/])[\w$#]{1,30}\/([^\s\/@"']{1,128})@\/\/[\w.\-]+(?::\d{1,5})?\//gd,
  },
  {
    type: "database_url_password", // Oracle EZConnect: sqlplus app/secret@db:1521/ORCL
    regex:
      /\b(?:sqlplus|rman|expdp|impdp|sqlldr|dgmgrl|sql|conn|connect)[ \t]+(?:-[A-Za-z]+[ \t]+)*["']?[\w$#]{1,30}\/([^\s\/@"']{1,128})@/gd,
  },
  {
    type: "cli_secret_flag", // echo '…' | docker login --password-stdin
    regex:
      /\becho[ \t]+(?:-n[ \t]+)?["']?([^\s"'|$]{1,256})["']?[ \t]*\|[ \t]*(?:(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\b[^\n|;&]{0,200}?--password-stdin|sudo[ \t]+(?:-\w+[ \t]+)*-S\b|passwd[ \t]+--stdin\b)/gd,
  },
  {
    type: "secret_assignment", // a presigned URL's signature
    regex: /[?&](?:X-Amz-Signature|X-Goog-Signature|Signature)=([A-Za-z0-9%+\/=_\-]{16,1024})/gd,
  },
  {
    type: "cli_secret_flag",
    regex: /\bredis-cli\b[^\n|;&]{0,200}?[ \t]-a[ \t]{1,4}["']?([^\s"']{1,256})/gd,
  },
  { type: "cli_secret_flag", regex: /[ \t]-pass(?:in|out)?[ \t]{1,4}pass:([^\s"']{1,256})/gd },
  {
    type: "cli_secret_flag", // curl -u user:password
    regex:
      /\b(?:curl|wget|http|https)\b[^\n|;&]{0,300}?[ \t](?:-u|--user)[ \t=]{1,4}["']?[^\s:"']{1,100}:([^\s"']{1,256})/gd,
  },
];

const extraRule: Rule = (text, out) => {
  for (const { type, regex } of extraPatterns) {
    for (const match of text.matchAll(regex)) {
      const name = match[1]!;
      const raw = match[3]!;
      const signal = nameSignal(name);
      if (signal === undefined || !isLiteral(raw) || KEYWORDS.has(raw.toLowerCase())) continue;
      if (signal === "weak" && !secretLooking(raw)) continue;
      const [start, end] = match.indices![3]!;
      const named = /^[A-Z][A-Z0-9_]*$/.test(name) && type === "secret_assignment" &&
          match[0].startsWith("name")
        ? "env_secret"
        : type;
      out.push({ start, end, type: named, tier: 1 });
    }
  }
  for (const { type, regex } of STRICT_PATTERNS) {
    for (const match of text.matchAll(regex)) {
      // A flag's value may start with a sigil (`-a &Oo…`): no YAML alias on a command line.
      const value = type === "cli_secret_flag" ? match[1]!.replace(/^[&*@]+(?=.)/, "") : match[1]!;
      if (!isLiteral(value) || /^\d{1,6}(?::\d+)?$/.test(match[1]!)) continue;
      const [start, end] = match.indices![1]!;
      out.push({ start, end, type, tier: 1 });
    }
  }
};

const RULES: readonly Rule[] = [
  tokenRule,
  pemRule,
  puttyRule,
  urlRule,
  headerRule,
  cookieRule,
  cookieObjectRule,
  assignmentRule,
  extraRule,
];

/** Every catalogue match in `text`, overlapping and unresolved. */
export function catalogueCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const rule of RULES) rule(text, out);
  return out;
}
