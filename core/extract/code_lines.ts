/**
 * Source code and logs inside prose: which lines read as code (the rule stages ignore words
 * such as "error" inside code), the prose around them, and whether a whole text is a log.
 *
 * @module
 */

/**
 * Whether a line reads as source code rather than prose (statements, braces, imports): the
 * rule stages ignore words such as "error" inside code.
 */
export function isCodeLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === "") return false;
  if (/^\d+\s*[|:]\s/.test(trimmed)) return true; // a numbered source listing
  if (CODE_START.test(trimmed)) return true;
  if (/^(?:\/\/|\/\*|\*\/|#!|<\/?[a-zA-Z][\w-]*[\s/>])/.test(trimmed)) return true;
  if (/[{}]\s*$/.test(trimmed) || /[=)\]}]\s*;\s*$/.test(trimmed) || /^[)}\]]/.test(trimmed)) {
    return true;
  }
  return /\w\(.*\)\s*[;,{]?$/.test(trimmed) && /[=.]/.test(trimmed) &&
    !/\s[a-z]+\s[a-z]+\s[a-z]+\s/.test(trimmed);
}

const CODE_START = new RegExp(
  "^(?:" +
    [
      String.raw`import\s+(?:[\w{*]+.*\bfrom\b|["'])`,
      String.raw`export\s+(?:default|const|let|function|class|interface|type|async|\{|\*)`,
      String.raw`(?:const|let|var)\s+[\w{[][^=]*=`,
      String.raw`(?:async\s+)?function\s*\*?\s*\w*\s*\(`,
      String.raw`(?:class|interface|enum|struct)\s+\w+.*\{`,
      String.raw`type\s+\w+(?:<[^>]*>)?\s*=`,
      String.raw`(?:def|fn)\s+\w+\s*[(<]`,
      String.raw`pub\s+(?:fn|struct|enum|mod|use)\b`,
      String.raw`(?:if|for|while|switch|catch)\s*\(`,
      String.raw`}\s*(?:else|catch|finally)\b`,
      String.raw`(?:return|throw|await)\b.*[;)]$`,
      String.raw`try\s*\{`,
      String.raw`use\s+[\w:]+(?:::\{[^}]*\})?;$`,
    ].join("|") +
    ")",
);

/** The prose of a text: its lines that are not source code, joined by newlines. */
export function proseOf(text: string): string {
  return text.split("\n").filter((line) => !isCodeLine(line)).join("\n");
}

/**
 * Whether a text reads as a raw log or dump (test runner output, compiler errors, listings)
 * rather than prose: four or more lines, fewer than a third of them sentences.
 */
export function isLogLike(text: string): boolean {
  const lines = text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  if (lines.length < 4) return false;
  const prose = lines.filter((line) =>
    /^[A-Z"'`(]/.test(line) && /\S+\s+\S+\s+\S+/.test(line) && /[.!?:)]$/.test(line) &&
    !isCodeLine(line)
  );
  return prose.length / lines.length < 1 / 3;
}
