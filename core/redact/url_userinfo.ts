/**
 * A URL's password holding the characters a query uses (`?`, `=`, `&`), left unescaped as people
 * paste them: `mongodb+srv://admin:Qx??7$k=u2@cluster0.example.net/?retryWrites=true`,
 * `neo4j+s://neo4j:AB_?c+d=Ef9@host`. The catalogue's URL rule stops a password at a query's
 * `name=`, so that `https://host:8443?next=a@b` stays; here the user name and the host around the
 * `@` must both be there, and what follows the `:` is not a port (digits, then `?`, `/` or `#`).
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";

const DB_SCHEME =
  /^(?:postgres|postgresql|mysql|mariadb|mongodb|redis|rediss|amqps?|mssql|neo4j|bolt)/i;

/** `scheme://user:password@host`, the password up to the last `@` before a host name. */
const USERINFO =
  /(?<![\w+.\-])([a-zA-Z][a-zA-Z0-9+.\-]{1,30}):\/\/([^\s:@\/?#"'<>`]{1,128}):([^\s\/"'<>`@]{1,256})@(?=[A-Za-z0-9][\w\-]*(?:\.[\w\-]+)*(?::\d{1,5})?(?:[\/?#)\s"'`,;]|$))/gd;

/** Candidate spans of URL passwords that hold `?`, `=` or `&`. */
export function urlUserinfoCandidates(text: string, out: Candidate[]): void {
  if (!text.includes("://")) return;
  for (const m of text.matchAll(USERINFO)) {
    const [user, password] = [m[2]!, m[3]!];
    if (!/[?=&]/.test(password) || /^\d{1,5}(?:[?#]|$)/.test(password)) continue; // a port
    if (password === user || !isLiteral(password)) continue;
    const [start, end] = m.indices![3]!;
    const type = DB_SCHEME.test(m[1]!) ? "database_url_password" : "url_password";
    out.push({ start, end, type, tier: 2 });
  }
}
