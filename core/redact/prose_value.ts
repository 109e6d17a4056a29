/**
 * The value a word of prose holds, and its shape (`value_shape.ts`), for the prose binder
 * (`prose.ts`): the word trimmed of quotes and punctuation, the password of a `user:password`
 * pair, cut before a query's next setting; nothing when the word is elided or masked
 * (`9aG9…`), names its value public (`jti=…`, `request_id:…`) or is a digest (`SHA256:…`).
 *
 * @module
 */
import { nameWords } from "./catalogue.ts";
import { PUBLIC_KEYS } from "./back_cues.ts";
import {
  isPhrase,
  isSettingName,
  namesAlgorithm,
  trimWord,
  type ValueShape,
  valueShape,
} from "./value_shape.ts";

/** A word of prose: a run between spaces, quotes, table bars and CJK characters. */
export interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A value inside a word, and its shape. */
export interface Shaped {
  readonly start: number;
  readonly end: number;
  readonly shape: ValueShape;
  /** Whether it is the password of a `user:password` word. */
  readonly paired?: boolean;
}

/** The trimmed value of a word and its shape, or undefined when it cannot be a secret. */
export function shaped(word: Word): Shaped | undefined {
  // Shorter than any value, whatever is trimmed, but a PIN.
  if (word.text.length < 8 && !/^\d{4,7}[.,;!?]?$/.test(word.text)) return undefined;
  // `name:` ends as a key does (`>:Atoken: …`): it labels the next value, it is none itself.
  if (/[A-Za-z_]:$/.test(word.text)) return undefined;
  // Elided or masked: `9aG9ewJF...`, `7p1o…Mzyc`, `sk_live_…4242`: what is shown is no secret.
  if (ELIDED.test(word.text) || MASKED.test(word.text)) return undefined;
  let { start, end } = trimWord(word.text);
  let value = word.text.slice(start, end);
  // `jti=<uuid>`, `request_id:<hex>`: the value's own name says it names something.
  const own = /^([A-Za-z_][\w.\-]{0,40})[=:](?!\/\/)/.exec(value)?.[1];
  if (own && nameWords(own).some((w) => PUBLIC_KEYS.has(w) || ID_NAMES.has(w))) return undefined;
  const query = /[&?]([A-Za-z_]{3,}\w*)=/.exec(value.slice(1)); // value&issuer=Acme: the value ends
  if (query && isSettingName(query[1]!)) {
    end = start + 1 + query.index;
    value = value.slice(0, 1 + query.index);
  }
  let pair = /^([A-Za-z][\w.\-]{0,31})[:\/]([^:\/]{6,})$/.exec(value); // user:password
  if (pair && valueShape(pair[1]!)) pair = null;
  if (pair && DIGEST_NAME.test(pair[1]!)) return undefined; // SHA256:<fingerprint>, md5:<digest>
  if (pair) {
    start += pair[1]!.length + 1;
    value = pair[2]!;
  }
  const shape = valueShape(value) ??
    (isPhrase(value) && !namesAlgorithm(value)
      ? "phrase"
      : /^\d{4,12}$/.test(value)
      ? "digits"
      : undefined);
  return shape && { start: word.start + start, end: word.start + end, shape, paired: !!pair };
}

/** A run of mask characters inside a value (`ghp_••••••1a2b`, `sk-****abcd`): it is masked. */
const MASKED = /[•●∙·◦*]{4,}/;

/** Claims and fields that name a token rather than hold one (a JWT's id, a key's id). */
const ID_NAMES = new Set(["jti", "kid", "sub", "iss", "aud", "ids", "key_id", "keyid"]);

/** A digest algorithm's name before a colon: the value after it is a digest or a fingerprint. */
const DIGEST_NAME = /^(?:sha-?\d{0,3}|md5|blake2[bs]?|blake3|sha3-\d{3}|h1|crc32c?)$/i;

/** A value cut short (`…` or `...` at its end) or masked in its middle (`ab12…yz89`). */
const ELIDED = /[\w](?:\.{3}|…)[)\]"'`,;:!?]*$|^[^\s…]{0,12}[\w](?:\.{3}|…)[\w][^\s…]{0,8}$/;

/**
 * Letters whose case changes inside a word where no name's would (`MeadowkELP`, `fjorDMarBLE`):
 * a password someone typed, once a password label's clause has ended in a colon before it.
 * Capitalised words (`ResetRequired`) and a name ending in a common acronym (`parseURL`) are not.
 */
export function oddCase(word: Word): Shaped | undefined {
  const { start, end } = trimWord(word.text);
  const v = word.text.slice(start, end);
  if (!/^[A-Za-z]{8,40}$/.test(v) || !/[a-z]/.test(v) || !/[A-Z]/.test(v)) return undefined;
  if (
    /^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*(?:URL|URI|API|IDs?|HTTPS?|JSON|XML|SQL|UUID|DB|IP|UI)?$/.test(v)
  ) {
    return undefined;
  }
  return { start: word.start + start, end: word.start + end, shape: "letters" };
}
