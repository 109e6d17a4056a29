/**
 * A password given as `-p` or `-P` after a user name on one command line (`az login -u <id> -p
 * …`, `mosquitto_pub -u sensor -P …`, `sqlcmd -U sa -P …`): a `-p` that follows `-u`/`--user`
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
  /[ \t](?:-u|-U|--user(?:name)?)(?:[ \t]+|=)["']?[^\s"'|;&]{1,128}["']?(?:[ \t]+[^\s|;&]{1,200}){0,6}?[ \t]+-[pP](?:[ \t]+|=)["']?([^\s"'|;&\-][^\s"'|;&]{2,255})/gd;

/**
 * Tools whose password flag or position has no secret word in it: archives (`zip -P`, `7z
 * -p…`), Windows accounts (`net user name pw`), `chpasswd`, LDAP binds (`-w`), Samba
 * (`-U user%pw`), RDP (`/p:`), npm's `config set …:_authToken <value>`, a value piped into a
 * command that stores a secret, PowerShell's `ConvertTo-SecureString`, `lftp -u user,pw`,
 * `openssl enc -k pw`, a key's passphrase in `ssh-keygen -N pw` (and the old one, `-P pw`).
 */
const TOOLS: readonly (readonly [hints: readonly string[], regex: RegExp])[] = [
  [
    ["zip"],
    /\b(?:zip|unzip|zipcloak)\b[^\n|;&]{0,200}?[ \t]-P[ \t]+["']?([^\s"'\-][^\s"']{2,255})/gd,
  ],
  [
    [" -p"],
    /\b(?:7z|7za|7zz|rar|unrar)[ \t][^\n|;&]{0,200}?[ \t]-p["']?([^\s"'\-][^\s"']{2,255})/gd,
  ],
  [
    ["net user"],
    /\bnet[ \t]+user[ \t]+[^\s\/]{1,64}[ \t]+["']?([^\s"'\/*][^\s"']{2,255})(?=[ \t]+\/|[ \t]*$)/gdm,
  ],
  [
    ["chpasswd"],
    /\becho[ \t]+["']?[\w.\-]{1,64}:([^\s"'|:]{3,255})["']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd\b/gd,
  ],
  [
    ["openssl"],
    /\bopenssl[ \t]+(?:enc|aes\S*|des\S*|bf\S*)\b[^\n|;&]{0,200}?[ \t]-k[ \t]+["']?([^\s"'\-][^\s"']{2,255})/gd,
  ],
  [
    ["ssh-keygen"],
    /(?<=\bssh-keygen\b[^\n|;&]{0,200})[ \t]-[NP][ \t]+(["']?)([^\s"'\-][^\s"']{2,255})\1/gd,
  ],
  [["ldap"], /\bldap\w{0,12}\b[^\n|;&]{0,200}?[ \t]-w[ \t]+["']?([^\s"'\-][^\s"']{2,255})/gd],
  [["%"], /[ \t](?:-U|--user)[ \t=]+["']?[^\s%"'\/]{1,64}%([^\s"']{3,255})/gd],
  [["/p:"], /[ \t]\/u:[^\s]{1,128}[^\n]{0,200}?[ \t]\/p:["']?([^\s"']{3,255})/gd],
  [ // a secret store's put: the value of a parameter whose name or type says secret
    ["put-parameter", "-secret"],
    /\b(?:put-parameter|put-secret-value|create-secret|update-secret)\b(?=[^\n|;&]{0,400}?(?:SecureString|pass|secret|token|key|cred))[^\n|;&]{0,300}?[ \t]--(?:value|secret-string)[ \t=]+["']?([^\s"']{3,1024})/gdi,
  ],
  [ // a value piped into a command that stores or sets a secret: `echo … | gh secret set X`,
    // `printf '…' | docker secret create x -`, `echo … | docker login --password-stdin`
    ["|"],
    /\b(?:echo(?:[ \t]+-[ne]+)?|printf(?:[ \t]+["']%s(?:\\n)?["'])?)[ \t]+(["']?)([^\s"'|;&$][^\s"'|;&]{5,255})\1[ \t]*\|[ \t]*(?=[^\n;&|]{0,120}?(?:secret[ \t]+(?:set|create|put|add)|--password-stdin|\bpasswd\b|--stdin\b))/gd,
  ],
  [["SecureString"], /ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(["'])([^"'\n]{3,255})\1/gd],
  [[" -u "], /\blftp\b[^\n|;&]{0,100}?[ \t]-u[ \t]+["']?[^\s,"']{1,64},([^\s"']{3,255})/gd],
  [
    ["config set"],
    /\b(?:npm|pnpm|yarn)[ \t]+config[ \t]+set[ \t]+\S{0,200}?_(?:authToken|auth|password)[ \t]+["']?([^\s"'=]{8,2048})/gd,
  ],
];

/** Candidate spans of `-p` passwords that follow a user name, and of {@linkcode TOOLS}. */
export function cliPairCandidates(text: string, out: Candidate[]): void {
  for (const [hints, regex] of TOOLS) {
    if (!hints.some((hint) => text.includes(hint))) continue;
    for (const m of text.matchAll(regex)) {
      const g = m.length - 1; // the value is the last group (a quote may come first)
      if (!isLiteral(m[g]!)) continue;
      // Piped in: only a value shaped like a secret (`echo building | …` is a word).
      if (hints[0] === "|" && valueShape(m[g]!) === undefined && !secretLooking(m[g]!)) continue;
      const [start, end] = m.indices![g]!;
      out.push({ start, end, type: "cli_secret_flag", tier: 1 });
    }
  }
  if (!/ -[pP]/.test(text) || !/ -[uU][ =]| --user/.test(text)) return;
  for (const m of text.matchAll(PAIR)) {
    const value = m[1]!;
    if (/^[\d:.,\/\-]+(?:\/(?:tcp|udp))?$/.test(value) || !isLiteral(value)) continue; // a port
    const lineStart = text.lastIndexOf("\n", m.index) + 1;
    if (/\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/.test(text.slice(lineStart, m.index))) {
      continue;
    }
    if (valueShape(value) === undefined && !secretLooking(value)) continue;
    const [start, end] = m.indices![1]!;
    out.push({ start, end, type: "cli_secret_flag", tier: 1 });
  }
}
