/**
 * Where text hides inside decoded input: the contents of HTML comments, hidden elements and
 * markdown comments, and the printable text a base64 run decodes to.
 *
 * @module
 */

const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|pt|em|rem|%)?\s*(?:[;"'!]|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:[;"'!]|$)|(?:^|[;"'\s])color\s*:\s*(?:#fff(?:fff)?|white|transparent)\b|(?:^|[;"'\s])(?:height|width)\s*:\s*0(?:px)?\s*(?:[;"'!]|$)|left\s*:\s*-\d{3,}px/i;

/** Contents of HTML comments, hidden elements and markdown comments. */
export function hiddenRegions(decoded: string): string[] {
  const regions: string[] = [];
  let at = 0;
  while (regions.length < 64) {
    const open = decoded.indexOf("<!--", at);
    if (open < 0) break;
    const close = decoded.indexOf("-->", open + 4);
    regions.push(decoded.slice(open + 4, close < 0 ? open + 4 + 4000 : close));
    if (close < 0) break;
    at = close + 3;
  }
  const tag = /<(\w+)\b([^<>]{0,500})>/g;
  let m: RegExpExecArray | null;
  let found = 0;
  while ((m = tag.exec(decoded)) && found < 64) {
    const attributes = m[2]!;
    const style = /style\s*=\s*["']([^"']{0,500})/i.exec(attributes)?.[1] ?? "";
    if (HIDDEN_STYLE.test(style) || /(?:^|\s)hidden(?:\s|=|$)/i.test(attributes)) {
      const start = m.index + m[0].length;
      const end = decoded.indexOf(`</${m[1]}`, start);
      regions.push(decoded.slice(start, end < 0 ? start + 2000 : Math.min(end, start + 4000)));
      found++;
    }
  }
  for (
    const md of decoded.matchAll(
      /^[ \t]*\[(?:\/\/|comment|_)\]:\s*(?:#|<>)\s*\(([^)\n]{0,2000})\)/gim,
    )
  ) {
    regions.push(md[1]!);
  }
  return regions;
}

/** Printable text that a base64 run decodes to, or undefined. */
export function decodeBase64(run: string): string | undefined {
  let b = run.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (b.length % 4 === 1) return undefined;
  b += "=".repeat((4 - (b.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(b);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const text = new TextDecoder().decode(bytes);
  let printable = 0;
  let spaces = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || code === 10 || code === 9 || code > 0xa0) printable++;
    if (code === 0x20) spaces++;
  }
  return printable >= text.length * 0.95 && spaces >= 3 ? text : undefined;
}
