/**
 * Whether a value after a label is stated as its value: hex and UUIDs (which commits and ids
 * share) only right after the label or after "is", "to", ":" or "="; a made-up phrase only
 * after a colon or a password label's copula; a PIN only after a colon or "is".
 *
 * @module
 */
import type { LabelKind } from "./labels.ts";
import type { ValueShape } from "./value_shape.ts";

/** A word: its text (where it sits does not matter here). */
interface Word {
  readonly text: string;
}

/**
 * Whether a value is stated as the label's value: hex and UUIDs (which commits and ids share)
 * only right after the label or after "is", "to", ":", "=" or "value" ("rotated in <sha>" is
 * not), or a key-length hex after a user's "/".
 */
export function stated(
  value: { readonly shape: ValueShape; readonly start: number; readonly end: number },
  before: Word | undefined,
  after: Word | undefined,
  kind: LabelKind,
): boolean {
  if (value.shape === "digits") { // a PIN: only after a colon or a copula ("PIN: 4829")
    const word = before?.text.toLowerCase() ?? "";
    return /^[:=：]$/.test(word) || /^(?:is|was|es|est|ist|é|è|är|er|lautet|là|это)$/.test(word);
  }
  if (value.shape === "phrase") { // words and digits: only as the label's stated value
    // Right after a password label, a phrase is its value; after a secret's, a name
    // (`secret catalog-token-x7k2p`) unless a copula states it.
    if (before === undefined) return kind !== "secret";
    const word = before.text.toLowerCase();
    // After a secret's label only a copula states it ("… secret is …"), not any colon on the way.
    if (kind === "secret") return COPULAS.has(word) || CHOSEN.has(word);
    return /[:=→：\/]$/.test(word) || word === "/" ||
      kind === "password" && (COPULAS.has(word) || CHOSEN.has(word));
  }
  if (value.shape !== "hex" && value.shape !== "uuid") return true;
  if (before === undefined) return true;
  const word = before.text.toLowerCase().replace(/^[(\[]/, ""); // "(currently <hex>)"
  if (word === "from") return after?.text.toLowerCase() === "to"; // "from <old> to <new>"
  // "current value <hex>"; "creds: user / <hex>" for hex of a key's length (32 or 64 digits).
  const keyLength = value.shape === "hex" && [32, 64].includes(value.end - value.start);
  // "is this the right api key? <hex>": the question offers the value.
  return /[:=→：?？]$/.test(word) || COPULAS.has(word) || /^values?$/.test(word) ||
    (keyLength && word === "/");
}

/** Verbs that give a password's phrase after its label: "asked for a passphrase, I used …". */
const CHOSEN = new Set("used use using entered typed chose picked".split(" "));

/** "is" and "to" in the languages labels are written in. */
const COPULAS = new Set(
  ("is 's ’s was are were be being to now still currently becomes became -> => - – — es era é está est était ist " +
    "lautet war sind är var er jest to это là adalah ialah è sono é são zijn wynosi был была " +
    "olarak dır dir είναι है هي هو היא הוא คือ " +
    // Slavic, Baltic, Finnic, Catalan, Filipino, Swahili, Bulgarian, Irish, Welsh, Albanian, Romanian,
    // and Hungarian forms of "is" and "was".
    "je jsou bol bola byl byla bylo są yra buvo ir bija oli és ay ni е беше " +
    "tá ydy yw është lett volt este estas " +
    // "now" as a copula's stand-in ("het wachtwoord is nu …"): Dutch, Scandinavian, German,
    // French, Spanish, Portuguese, Italian, Polish, Russian, Turkish, Finnish.
    "nu nå jetzt maintenant ahora agora ora teraz сейчас теперь şimdi nyt").split(" "),
);
