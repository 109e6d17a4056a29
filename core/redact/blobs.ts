/**
 * What decoded or surrounding bytes say about a token: text, a known binary file, a line of a
 * wrapped base64 blob, or an alphabet table.
 *
 * @module
 */

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Whether decoded bytes are text: valid UTF-8, nearly all letters, digits, punctuation or spaces. */
export function isText(bytes: string): boolean {
  let text: string;
  try {
    text = UTF8.decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
  } catch {
    return false;
  }
  const ordinary = text.match(/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\t\n\r]/gu)?.length ?? 0;
  return ordinary >= 0.95 * [...text].length;
}

const MAGIC = [
  "\x89PNG",
  "GIF8",
  "\xff\xd8\xff",
  "%PDF",
  "PK\x03\x04",
  "\x1f\x8b",
  "\x00asm",
  "\x7fELF",
  "RIFF",
  "wOF2",
  "wOFF",
  "\x00\x00\x00",
];

/** Whether decoded bytes start like a known binary file (image, archive, font, executable). */
export function hasFileMagic(bytes: string): boolean {
  return MAGIC.some((m) => bytes.startsWith(m)) || /^.{4}ftyp/s.test(bytes);
}

const BASE64_LINE = /^[ \t]*[A-Za-z0-9+\/]+={0,2}[ \t]*$/;

/**
 * Whether a token is one line of a wrapped base64 blob (a certificate, a MIME part, a public
 * key block): its line is nothing but base64 and it has a base64 neighbour, one of the two
 * at least 40 characters long (a full line before a shorter last one).
 */
export function inBlob(view: string, start: number): boolean {
  const lines = linesAround(view, start);
  if (!BASE64_LINE.test(lines.current)) return false;
  const full = (line: string) => BASE64_LINE.test(line) && line.trim().length >= 40;
  const any = (line: string) => BASE64_LINE.test(line) && line.trim().length > 0;
  return (full(lines.previous) && any(lines.current)) ||
    (full(lines.current) && any(lines.next));
}

function linesAround(
  view: string,
  at: number,
): { previous: string; current: string; next: string } {
  const start = view.lastIndexOf("\n", at - 1) + 1;
  const endAt = view.indexOf("\n", at);
  const end = endAt === -1 ? view.length : endAt;
  const previous = start === 0 ? "" : view.slice(view.lastIndexOf("\n", start - 2) + 1, start - 1);
  const nextEnd = endAt === -1 ? -1 : view.indexOf("\n", end + 1);
  const next = endAt === -1 ? "" : view.slice(end + 1, nextEnd === -1 ? view.length : nextEnd);
  return { previous, current: view.slice(start, end), next };
}

/** Six or more consecutive alphabet or digit characters: an alphabet table, not a secret. */
export function hasSequence(token: string): boolean {
  let run = 1;
  for (let i = 1; i < token.length; i++) {
    run = token.charCodeAt(i) === token.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run >= 6) return true;
  }
  return false;
}
