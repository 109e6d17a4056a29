/**
 * How a failed input check reads: each schema issue as one short phrase ("statuses must be
 * one of active, superseded, …"), and the same error restated in a caller's own words (the
 * CLI's `--status`, an MCP tool's `as_of` and action), so no surface shows the engine's
 * field paths or zod's wording.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";

/** One failed check, as `HelixError("invalid_input").details.issues` carries it. */
export interface InputIssue {
  /** Where, from the input's root: `["statuses", "0"]`. */
  readonly path: readonly string[];
  /** What is wrong, a phrase: `must be one of active, superseded`. */
  readonly message: string;
}

/** The parts of a zod issue this module reads (any version's shape fits). */
export interface SchemaIssue {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly values?: readonly unknown[];
  readonly expected?: unknown;
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly keys?: readonly string[];
}

/** A schema issue as an {@linkcode InputIssue}: its path as strings, its problem as a phrase. */
export function inputIssue(issue: SchemaIssue): InputIssue {
  return { path: issue.path.map(String), message: issuePhrase(issue) };
}

/**
 * Issues as one line, each field named by `name` (identity when absent): `--status must be
 * one of active, superseded`. Array positions are left out of the name, at most five issues.
 *
 * @example Usage
 * ```ts
 * import { issuesLine } from "./input_issues.ts";
 * import { equal } from "node:assert/strict";
 *
 * const issues = [{ path: ["statuses", "0"], message: "must be one of active, superseded" }];
 * equal(issuesLine(issues), "statuses must be one of active, superseded");
 * equal(issuesLine(issues, (f) => f === "statuses" ? "--status" : undefined), "--status must be one of active, superseded");
 * ```
 */
export function issuesLine(
  issues: readonly InputIssue[],
  name: (field: string) => string | undefined = () => undefined,
): string {
  return issues.slice(0, 5).map((issue) => {
    const [field, ...rest] = issue.path.filter((part) => !/^\d+$/.test(part));
    if (field === undefined) return issue.message;
    // The whole path may have its own name (`source.agent` → `--agent`), else its head.
    const whole = rest.length ? name([field, ...rest].join(".")) : undefined;
    const where = whole ?? [name(field) ?? field, ...rest].join(".");
    return /^(?:must|is|are)\b/.test(issue.message)
      ? `${where} ${issue.message}`
      : `${where}: ${issue.message}`;
  }).join("; ");
}

/**
 * An `invalid_input` error about one field, found by a check after the schema's: it carries
 * the issue like a schema's, so edges name the field their own way.
 */
export function fieldError(action: string, field: string, message: string): HelixError {
  const issues: InputIssue[] = [{ path: [field], message }];
  return new HelixError("invalid_input", `Cannot ${action}: ${issuesLine(issues)}`, {
    details: { field, issues },
  });
}

/** How a caller names things the engine names otherwise. */
export interface CallerTerms {
  /**
   * The caller's action for each engine action it restates, in "Cannot <action>: …"
   * (`{ "reinforce memory": "give feedback" }`); other openings are kept.
   */
  readonly actions?: Readonly<Record<string, string>>;
  /**
   * A field's name as the caller spells it (`asOf` → `as_of`), or undefined to keep it; asked
   * for a nested path whole first (`source.agent`), then for its head.
   */
  readonly field?: (field: string) => string | undefined;
}

/**
 * `error` in the caller's terms: an `invalid_input` error with schema issues names each field
 * as `terms.field` says, and a `HelixError` whose message opens "Cannot <engine action>:"
 * opens with the caller's action when `terms.actions` names one. Code and details are kept;
 * anything else passes through.
 *
 * @example Usage
 * ```ts
 * import { inCallerTerms } from "./input_issues.ts";
 * import { HelixError } from "../errors.ts";
 * import { equal } from "node:assert/strict";
 *
 * const error = new HelixError("invalid_input", "Cannot search memories: asOf: expected a date", {
 *   details: { issues: [{ path: ["asOf"], message: "expected a date" }] },
 * });
 * const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
 * equal((inCallerTerms(error, { field: snake }) as Error).message, "Cannot search memories: as_of: expected a date");
 * const gone = new HelixError("not_found", 'Cannot reinforce memory: no memory has id "mem_x"');
 * const terms = { actions: { "reinforce memory": "give feedback" } };
 * equal((inCallerTerms(gone, terms) as Error).message, 'Cannot give feedback: no memory has id "mem_x"');
 * const other = new HelixError("not_found", "Cannot read global: no memories are in it");
 * equal(inCallerTerms(other, terms), other);
 * ```
 */
export function inCallerTerms(error: unknown, terms: CallerTerms): unknown {
  if (!isHelixError(error)) return error;
  const opening = /^Cannot (.+?): /.exec(error.message);
  if (!opening) return error;
  const action = terms.actions?.[opening[1]!] ?? opening[1];
  const issues = error.details?.issues;
  const problem = error.code === "invalid_input" && isIssueList(issues) && terms.field
    ? issuesLine(issues, terms.field)
    : error.message.slice(opening[0].length);
  const message = `Cannot ${action}: ${problem}`;
  if (message === error.message) return error;
  const restated = new HelixError(error.code, message, {
    cause: error,
    ...(error.details ? { details: error.details } : {}),
  });
  if (error.stack) restated.stack = error.stack.replace(error.message, message);
  return restated;
}

function isIssueList(value: unknown): value is InputIssue[] {
  return Array.isArray(value) && value.length > 0 &&
    value.every((issue) =>
      typeof issue === "object" && issue !== null && Array.isArray(issue.path) &&
      issue.path.every((part: unknown) => typeof part === "string") &&
      typeof issue.message === "string"
    );
}

function issuePhrase(issue: SchemaIssue): string {
  const bound = issue.code === "too_big" ? issue.maximum : issue.minimum;
  switch (issue.code) {
    case "invalid_value": {
      const values = (issue.values ?? []).map(String);
      return values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(", ")}`;
    }
    case "invalid_type":
      if (/received undefined$/.test(issue.message)) return "is required";
      return `must be ${article(String(issue.expected ?? "another type"))}`;
    case "too_big":
    case "too_small": {
      const most = issue.code === "too_big";
      if (issue.origin === "string" && !most && Number(bound) === 1) return "must not be empty";
      const unit = issue.origin === "string"
        ? " characters"
        : issue.origin === "array" || issue.origin === "set"
        ? " items"
        : "";
      const relation = issue.inclusive === false
        ? (most ? "less than" : "more than")
        : (most ? "at most" : "at least");
      return `must be ${relation} ${String(bound)}${unit}`;
    }
    case "unrecognized_keys":
      return `has unknown field${issue.keys?.length === 1 ? "" : "s"} ${
        (issue.keys ?? []).map((k) => `"${k}"`).join(", ")
      }`;
    default:
      return issue.message.replace(/^Invalid input: /, "");
  }
}

function article(type: string): string {
  if (type === "int") return "an integer";
  if (type === "array" || type === "object") return `an ${type}`;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
