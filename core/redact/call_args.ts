/**
 * Secrets passed as a call's string arguments, where no `name = value` shows them: a callee
 * named for its secret (`ds.setPassword("…")`, `builder.withApiKey("…")`,
 * `Keypair.fromSecretKey("…")`, `privateKeyToAccount("0x…")`), a wallet built from its private
 * key (`new ethers.Wallet("0x…", provider)`), and the positional password of a database connect
 * call in any language (`DBI->connect($dsn, "report", "…")`, `DriverManager.getConnection(url,
 * "app", "…")`, `new PDO($dsn, 'app', '…')`, `mysqli_connect("db", "app", "…", "shop")`): the
 * literal after the user name, the user name after the host or DSN. Reads the call's shape, not
 * its wording: a name that the assignment rule already weighs (`nameSignal`), an argument list
 * split at its top-level commas. A reference (`$pass`, `os.getenv(…)`, `"${PW}"`), a setting's
 * name (`"DB_PASSWORD"`), a placeholder and a plain word stay.
 *
 * @module
 */
import { type Candidate, isLiteral, nameSignal } from "./catalogue.ts";

/** A callee and its opening parenthesis: `a.b.setPassword(`, `new ethers.Wallet(`, `DBI->connect(`. */
const CALL = /(?<![\w$])((?:new[ \t]+)?(?:[A-Za-z_$][\w$]*(?:\.|->|::))*)([A-Za-z_][\w]{1,60})\(/g;

/**
 * Callees that read, check or transform a secret rather than set one: `hashPassword("…")`,
 * `verifyToken(…)`, `getPassword("name")`.
 */
const READS =
  /^(?:hash|verify|validate|check|compare|is|has|mask|redact|encode|encrypt|decrypt|test|assert|find|get|load|read|fetch|lookup|generate|random|reset|forgot|revoke|delete|remove)(?=[A-Z_])/;

/** Constructors and loaders that take a private key or a seed phrase as their first argument. */
const WALLET = /^(?:Wallet|HDNodeWallet|Signer|LocalAccount|Account|Keypair|KeyPair)$/;

/** Database connect calls that take a host or DSN, a user, then a password. */
const CONNECT =
  /^(?:connect|real_connect|getConnection|PDO|mysqli|mysqli_connect|mysql_connect|pg_connect|oci_connect|sqlsrv_connect|db2_connect|Connect|Open|open_connection|create_connection|createConnection)$/;

/** A string literal, whole: `"…"`, `'…'`, `` `…` ``, with an optional prefix (`r"…"`, `N'…'`). */
const STRING = /^[rubfRUBFN@]?(["'`])((?:(?!\1)[^\\\n]|\\.){1,256})\1$/s;

/** Candidate spans of secrets given as call arguments. */
export function callArgCandidates(text: string, out: Candidate[]): void {
  if (!text.includes("(")) return;
  for (const m of text.matchAll(CALL)) {
    const callee = m[2]!;
    const wallet = WALLET.test(callee) && /^new[ \t]|\.$/.test(m[1]!);
    const connect = CONNECT.test(callee);
    const named = !wallet && !connect && nameSignal(callee) === "strong" && !READS.test(callee);
    if (!wallet && !connect && !named) continue;
    const args = argumentsAt(text, m.index + m[0].length);
    if (args === undefined) continue;
    const literals = args.map((a) => literal(text, a));
    if (connect) {
      // The user name after the host or DSN, then its password.
      if (args.length < 3 || literals[2] === undefined) continue;
      const user = literals[1];
      if (user === undefined || !/^[A-Za-z_][\w.@\-]{0,40}$/.test(user.value)) continue;
      push(literals[2], out, false);
    } else if (wallet) {
      const first = literals[0];
      if (first && /^(?:0x)?[0-9a-fA-F]{64}$|^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(first.value)) {
        push(first, out, true);
      }
    } else {
      // `setPassword("…")`, `setCredentials("user", "…")`: the last argument, a literal.
      if (literals.length <= 3) push(literals.at(-1), out, false);
    }
  }
}

interface Literal {
  start: number;
  end: number;
  value: string;
}

/** Pushes a literal that is a value, not a name, a reference or a word. */
function push(found: Literal | undefined, out: Candidate[], strong: boolean): void {
  if (found === undefined) return;
  const v = found.value;
  if (!strong) {
    if (v.length < 6 || /\s/.test(v) || !isLiteral(v)) return;
    if (/^[A-Z][A-Z0-9_]*$|^[A-Z]?[a-z]+$|^[a-z][a-z0-9]*(?:[._\-][a-z0-9]+)+$/.test(v)) return; // a name
    if (/^(?:https?|file):\/\/|^\/|^\.\.?\//.test(v)) return; // a URL or a path
  }
  out.push({ start: found.start, end: found.end, type: "secret_assignment", tier: 1 });
}

/** The literal an argument is, if it is one: its inner span and text. */
function literal(text: string, [from, to]: [number, number]): Literal | undefined {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const m = STRING.exec(text.slice(start, end));
  if (!m) return undefined;
  const open = end - start - m[2]!.length - 1;
  return { start: start + open, end: end - 1, value: m[2]! };
}

/** The top-level arguments of a call whose parenthesis opened before `at`, up to eight. */
function argumentsAt(text: string, at: number): [number, number][] | undefined {
  const args: [number, number][] = [];
  let depth = 0;
  let quote = "";
  let start = at;
  for (let i = at; i < text.length && i - at < 600; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      else if (c === "\n") return undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) {
        if (c !== ")") return undefined;
        if (i > start || args.length > 0) args.push([start, i]);
        return args;
      }
      depth--;
    } else if (c === "," && depth === 0) {
      args.push([start, i]);
      start = i + 1;
      if (args.length > 8) return undefined;
    }
  }
  return undefined;
}
