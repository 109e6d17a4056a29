/**
 * A password given as `-p` after a user name on one command line (`az login -u <id> -p …`,
 * `docker login -u ci -p …`, `svn … --username ci -p …`): a `-p` that follows `-u`/`--user`
 * is the user's password, where alone it is as often a port (`ssh -p 2222`, `docker run -p
 * 8080:80`). Numbers and ports stay; so does `mysql -u root -p db`, where a spaced `-p` asks for
 * the password and the next word is the database.
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";
import { secretLooking } from "./lexical.ts";
import { valueShape } from "./value_shape.ts";

const PAIR =
  /[ \t](?:-u|-U|--user(?:name)?)(?:[ \t]+|=)["']?[^\s"'|;&]{1,128}["']?(?:[ \t]+[^\s|;&]{1,200}){0,6}?[ \t]+-p(?:[ \t]+|=)["']?([^\s"'|;&\-][^\s"'|;&]{2,255})/gd;

/** Candidate spans of `-p` passwords that follow a user name. */
export function cliPairCandidates(text: string, out: Candidate[]): void {
  if (!text.includes(" -p")) return;
  for (const m of text.matchAll(PAIR)) {
    const value = m[1]!;
    if (/^[\d:.\/]+(?:\/(?:tcp|udp))?$/.test(value) || !isLiteral(value)) continue; // a port
    const lineStart = text.lastIndexOf("\n", m.index) + 1;
    if (/\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/.test(text.slice(lineStart, m.index))) {
      continue;
    }
    if (valueShape(value) === undefined && !secretLooking(value)) continue;
    const [start, end] = m.indices![1]!;
    out.push({ start, end, type: "cli_secret_flag", tier: 1 });
  }
}
