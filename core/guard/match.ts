/**
 * Matching the rule table against a text: each rule over the form of the text it reads
 * (flattened prose, lines, or decoded markup), a negation just before cancelling negatable
 * ones, and the sentence-level rules (a transfer verb with a secret and a destination; a
 * dangerous command framed as a standing instruction).
 *
 * @module
 */
import { add, excerpt, type Hit } from "./hits.ts";
import { INJECTION_KINDS } from "./kinds.ts";
import { type NormalizedText, normalizeText } from "./normalize.ts";
import {
  compileRules,
  DEST_NET,
  DEST_REPLY,
  KNOWN_INSTALLER,
  NEGATION,
  type Rule,
  SECRET_STRONG,
  SECRET_WEAK,
  SKETCHY_HOST,
  STANDING,
  TRANSFER,
} from "./rules.ts";

const RULES: readonly Rule[] = compileRules(INJECTION_KINDS);

function negated(text: string, index: number): boolean {
  return NEGATION.test(text.slice(Math.max(0, index - 60), index));
}

function firstMatch(rule: Rule, text: string): RegExpExecArray | undefined {
  rule.re.lastIndex = 0;
  for (let i = 0; i < 32; i++) {
    const m = rule.re.exec(text);
    if (!m) return undefined;
    if (m[0].length === 0) rule.re.lastIndex++;
    if (!rule.negatable || !negated(text, m.index)) return m;
  }
  return undefined;
}

/**
 * Sentences, at most 400 characters each. A line break ends one unless the line reads as
 * wrapped prose (it ends in a word and the next line starts in lower case).
 */
function sentences(lines: string): string[] {
  const out: string[] = [];
  const rows = lines.split("\n");
  let joined = rows[0]!.trim();
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!.trim();
    const wraps = /[\w-]/.test(joined.at(-1) ?? "") && /[a-z0-9~$\x60(./]/.test(row[0] ?? "");
    joined += wraps ? ` ${row}` : `\n\n${row}`;
  }
  for (const part of joined.split(/[.!?;]["'\x60)\]]*(?=\s|$)|\n[ \t]*\n|"\s*[,}\]]/)) {
    const s = part.replace(/\s+/g, " ").trim();
    for (let i = 0; i < s.length; i += 400) out.push(s.slice(i, i + 400));
  }
  return out;
}

function scanSentences(lines: string, hits: Map<string, Hit>): void {
  const danger = RULES.filter((r) => r.kind === "dangerous_command");
  for (const s of sentences(lines)) {
    if (s.length < 8) continue;
    // verb + secret + destination
    TRANSFER.lastIndex = 0;
    let verb: RegExpExecArray | null;
    while ((verb = TRANSFER.exec(s))) {
      if (!negated(s, verb.index)) break;
    }
    if (verb) {
      const strong = SECRET_STRONG.test(s);
      const weak = strong || SECRET_WEAK.test(s);
      const reply = DEST_REPLY.test(s);
      const net = DEST_NET.test(s);
      if (strong && (reply || net)) {
        add(hits, "exfiltration.secret_out", {
          kind: "exfiltration",
          weight: 0.8,
          excerpt: excerpt(s),
        });
      } else if (weak && reply) {
        add(hits, "exfiltration.secret_reply", {
          kind: "exfiltration",
          weight: 0.6,
          excerpt: excerpt(s),
        });
      } else if (weak && net) {
        add(hits, "exfiltration.secret_net", {
          kind: "exfiltration",
          weight: 0.35,
          excerpt: excerpt(s),
        });
      }
    }
    // a dangerous command framed as a standing instruction
    if (STANDING.test(s) && !negated(s, s.search(STANDING))) {
      for (const rule of danger) {
        const m = firstMatch(rule, s);
        if (m) {
          add(hits, "dangerous_command.framed", {
            kind: "dangerous_command",
            weight: 0.4,
            excerpt: excerpt(s),
          });
          break;
        }
      }
    }
  }
}

/** Every rule over the forms of a text, and the sentence-level rules over its lines. */
export function scanText(forms: NormalizedText, hits: Map<string, Hit>): void {
  const { decoded, lines, flat } = forms;
  for (const rule of RULES) {
    const m = firstMatch(
      rule,
      rule.on === "lines" ? lines : rule.on === "decoded" ? decoded : flat,
    );
    if (!m) continue;
    let weight = rule.weight;
    if (rule.id === "dangerous_command.pipe_to_shell") {
      // Where the script comes from: the rest of the line names the host.
      const text = m.input;
      const start = Math.max(0, text.lastIndexOf("\n", m.index) + 1, m.index - 300);
      const end = text.indexOf("\n", m.index + m[0].length);
      const line = text.slice(
        start,
        end < 0 ? m.index + m[0].length + 300 : Math.min(end, m.index + m[0].length + 300),
      );
      if (KNOWN_INSTALLER.test(line) && !SKETCHY_HOST.test(line)) weight = 0.15;
      else if (SKETCHY_HOST.test(line)) weight = 0.55;
    }
    add(hits, rule.id, { kind: rule.kind, weight, excerpt: excerpt(m[0]) });
  }
  scanSentences(lines, hits);
}

/** Scans `text` with no decoding of nested payloads (used for decoded and hidden parts). */
export function scanPart(text: string): Map<string, Hit> {
  const hits = new Map<string, Hit>();
  scanText(normalizeText(text), hits);
  return hits;
}
