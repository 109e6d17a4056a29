/**
 * Lexical measures shared by the catalogue and the entropy detector: word lists, Shannon
 * entropy, how word-like a token reads, base64 decoding and public-by-design EC points.
 *
 * @module
 */

/** A set of space-separated words. */
export function words(list: string): ReadonlySet<string> {
  return new Set(list.split(" "));
}

/** Shannon entropy of `s` in bits per character. */
export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Letter pairs common in English and code words; random letters rarely chain them. */
const COMMON_BIGRAMS = new Set(
  ("th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le " +
    "ve co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec " +
    "pr no ct us ac ot il tr ly nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na " +
    "ul ni ts mo ow pa im mi ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab " +
    "gh ty op wo sa ay ex ke fr oo av ag if ap gr od bo sp rd do uc bu ei ov by rm ep tt oc fa " +
    "ef cu rn sc gi da yo cr cl du ga qu ue ff ba ey ls va um pp ua up lu go ht ru ug ds lt pi " +
    "rc rr eg au ck ew mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu ph og ms ye ud mb ip " +
    "ub oi rl gu dr hr cc ft nu af hu nn eo vo rv nf xp gn sm fl iz ok nl my gl aw ju oa sy sl " +
    "ps jo rf tp js sq ql db fg cf mg").split(" "),
);

/** COMMON_BIGRAMS as a 26 × 26 table of lower-case letter pairs (read per character, no strings). */
const BIGRAM_TABLE = (() => {
  const table = new Uint8Array(26 * 26);
  for (const pair of COMMON_BIGRAMS) {
    table[(pair.charCodeAt(0) - 97) * 26 + pair.charCodeAt(1) - 97] = 1;
  }
  return table;
})();

/** Whether the letters s[from, to) read like a word: most of their pairs are common ones. */
function wordLike(s: string, from: number, to: number): boolean {
  if (to - from < 3) return false;
  let common = 0;
  let previous = (s.charCodeAt(from) | 0x20) - 97;
  for (let i = from + 1; i < to; i++) {
    const letter = (s.charCodeAt(i) | 0x20) - 97;
    common += BIGRAM_TABLE[previous * 26 + letter]!;
    previous = letter;
  }
  return common / (to - from - 1) >= 0.6;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/**
 * The fraction of characters in `s` that belong to word-like segments (camelCase, snake_case and
 * kebab-case parts: `[A-Z]?[a-z]+` or a capital run not followed by a small letter), in one pass.
 */
export function wordFraction(s: string): number {
  let wordy = 0;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    let end = i + 1;
    if (isLower(c) || (isUpper(c) && isLower(s.charCodeAt(i + 1)))) { // Word or word
      while (end < s.length && isLower(s.charCodeAt(end))) end++;
    } else if (isUpper(c)) { // ABC, or ABC before Word (the capital run stops short of it)
      while (end < s.length && isUpper(s.charCodeAt(end))) end++;
      if (end < s.length && isLower(s.charCodeAt(end))) end--;
    } else {
      i++;
      continue;
    }
    if (wordLike(s, i, end)) wordy += end - i;
    i = end;
  }
  return s.length === 0 ? 0 : wordy / s.length;
}

/**
 * Whether a value looks machine-generated rather than a word: at least eight characters,
 * two character classes, and not mostly words (`Tr0ub4dor&3`, `a8Fk2…` yes; `bearer`,
 * `SHA-256`, `userPassword` no).
 */
export function secretLooking(value: string): boolean {
  if (value.length < 8) return false;
  const classes = Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) +
    Number(/\d/.test(value)) + Number(/[^A-Za-z0-9]/.test(value));
  if (classes < 2) return false;
  if (/^[A-Za-z]+[-_ ]?v?\d{1,4}(?:\.\d+)*$/.test(value)) return false; // SHA-256, utf8, ES2022
  return wordFraction(value) < 0.6;
}

/** An elliptic-curve public point in base64url (a VAPID or ECDH public key): public by design. */
export function isPublicPoint(value: string): boolean {
  if (value.length < 43 || value.length > 90) return false;
  const bytes = decodeBase64(value);
  if (bytes === undefined) return false;
  return (bytes.length === 65 && bytes.charCodeAt(0) === 4) ||
    (bytes.length === 33 && (bytes.charCodeAt(0) === 2 || bytes.charCodeAt(0) === 3));
}

/** The bytes (as a binary string) of standard or URL-safe base64, or undefined if it is not base64. */
export function decodeBase64(token: string): string | undefined {
  const bare = token.replace(/=+$/, "");
  if (bare.length % 4 === 1 || token.length - bare.length > 2) return undefined;
  if (!/^[A-Za-z0-9+\/]*$/.test(bare) && !/^[A-Za-z0-9_\-]*$/.test(bare)) return undefined;
  const standard = bare.replace(/-/g, "+").replace(/_/g, "/");
  return atob(standard + "=".repeat((4 - standard.length % 4) % 4));
}
