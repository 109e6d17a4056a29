/**
 * A secret hard-coded as the fallback of a lookup, the value used whenever the environment
 * holds none: a shell or Compose default (`${DB_PASSWORD:-…}`, `${API_TOKEN:=…}`), a default
 * after `??`, `||` or `or` (`process.env.API_KEY ?? "…"`, `os.environ.get("X") or "…"`), and the
 * second argument of an environment getter whose result a secret-named variable takes
 * (`config.api_key = ENV.fetch("X", "…")`). The name that says secret is the variable's, the
 * assignment's or the lookup's (`nameSignal`); a value must be a literal, not another
 * reference, and `weak` names (`auth`, `FOO_KEY`) need a value that looks random.
 *
 * @module
 */
import { type Candidate, isLiteral, nameSignal } from "./catalogue.ts";
import { secretLooking } from "./lexical.ts";

/** `${NAME:-value}`, `${NAME-value}`, `${NAME:=value}`: group 1 the name, 2 the default. */
const EXPANSION = /\$\{([A-Za-z_]\w{0,60}):?[-=]([^\s{}$"'`]{1,256})\}/gd;

/** A default after `??`, `||` or `or`: group 1 what comes before it on the line, 3 the value. */
const DEFAULT = /([^\n]{1,120}?)[ \t]*(?:\?\?|\|\||[ \t]or)[ \t]*(["'`])([^"'`\n\\]{1,256})\2/gd;

/** `name = X.fetch("…", "value")`: group 1 the assigned name, 3 the fallback. */
const GETTER =
  /([A-Za-z_][\w.\-\[\]"']{0,80}?)["'\]]?[ \t]*(?::=|=|:)[ \t]*[\w.]{0,40}?(?:fetch|get|getenv|getEnv|GetEnv|env|Getenv|GetEnvironmentVariable)\([ \t]*["'][^"'\n]{1,80}["'][ \t]*,[ \t]*(["'])([^"'\n\\]{1,256})\2[ \t]*\)/gd;

/** The last name in a stretch of code: `process.env.API_KEY`, `os.environ.get("APP_SECRET")`. */
const LAST_NAME = /([A-Za-z_][\w\-]{0,60})["'\]]?[ \t]*\)?[ \t]*$/;

/** Candidate spans of secrets given as fallbacks. */
export function fallbackCandidates(text: string, out: Candidate[]): void {
  if (text.includes("${")) {
    for (const m of text.matchAll(EXPANSION)) push(m[1]!, m[2]!, m.indices![2]!, out);
  }
  // The two line patterns start a lazy match at every character: they run only on the lines
  // that hold what they need (a 16 KB document would otherwise be read a hundred times over).
  for (const [line, at] of lines(text)) {
    if (OPERATOR.test(line) && /["'`]/.test(line)) {
      for (const m of line.matchAll(DEFAULT)) {
        const name = LAST_NAME.exec(m[1]!)?.[1];
        if (name !== undefined) push(name, m[3]!, shifted(m.indices![3]!, at), out);
      }
    }
    if (line.includes(",") && GETTER_WORD.test(line)) {
      for (const m of line.matchAll(GETTER)) {
        const name = m[1]!.split(/[.\[\]"']+/).filter((w) => w.length > 0).at(-1) ?? "";
        push(name, m[3]!, shifted(m.indices![3]!, at), out);
      }
    }
  }
}

/** `??`, `||` or ` or `: what a default follows. */
const OPERATOR = /\?\?|\|\||[ \t]or[ \t]/;

/** An environment getter's call, as `GETTER` reads it. */
const GETTER_WORD = /(?:fetch|get|getenv|getEnv|GetEnv|env|Getenv|GetEnvironmentVariable)\(/;

/** Each line of `text` with its offset. */
function* lines(text: string): Generator<[string, number]> {
  let at = 0;
  for (const line of text.split("\n")) {
    yield [line, at];
    at += line.length + 1;
  }
}

function shifted([start, end]: [number, number], by: number): [number, number] {
  return [start + by, end + by];
}

function push(name: string, value: string, [start, end]: [number, number], out: Candidate[]) {
  const signal = nameSignal(name);
  if (signal === undefined || value.length < 6 || !isLiteral(value)) return;
  if (/^(?:true|false|null|none|nil|undefined|changeme|secret|password|dev|test)$/i.test(value)) {
    return;
  }
  if (signal === "weak" && !secretLooking(value)) return;
  if (/^[A-Z][A-Z0-9_]*$|^[a-z]+$/.test(value)) return; // a name or a word
  out.push({ start, end, type: "secret_assignment", tier: 1 });
}
