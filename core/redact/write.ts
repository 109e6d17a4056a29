/**
 * Redaction of a whole write, the first stage of the write path: every free-text field a
 * caller can fill (content, event phrase, tags, attribute strings, source ref and agent) loses
 * its `<private>…</private>` spans ({@linkcode stripPrivate}) and then goes through
 * {@linkcode redact}, so no private span or secret reaches the strand, an op payload, a model
 * prompt, a log line or an export.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { stripPrivate } from "./private.ts";
import { redact } from "./redact.ts";
import type { RedactionCount, SecretType } from "./types.ts";

/** The write-shaped fields redaction looks at. */
export interface RedactableWrite {
  readonly content: string;
  readonly eventPhrase?: string | undefined;
  readonly tags?: readonly string[] | undefined;
  readonly attributes?: Readonly<Record<string, unknown>> | undefined;
  readonly source?:
    | { readonly ref?: string | undefined; readonly agent?: string | undefined }
    | undefined;
}

/** A write with its secrets replaced, and what was replaced. */
export interface RedactedWrite<T> {
  readonly write: T;
  /** Secrets replaced, by type (sorted by type; empty when none). */
  readonly redacted: readonly RedactionCount[];
}

/**
 * Removes the private spans and replaces the secrets in every free-text field of `write`. A tag
 * that held a secret or a private span is dropped (a placeholder is not a tag). Returns the
 * same object when nothing was found. Throws `invalid_input` when nothing of the content is
 * left once its private spans are gone.
 *
 * @example Usage
 * ```ts
 * import { redactWrite } from "./write.ts";
 * import { equal } from "node:assert/strict";
 *
 * const { write, redacted } = redactWrite({ content: "Deploy key: ghp_0123456789abcdefghijklmnopqrstuvwxyzAB" });
 * equal(write.content.includes("ghp_"), false);
 * equal(redacted[0]?.count, 1);
 * ```
 */
export function redactWrite<T extends RedactableWrite>(write: T): RedactedWrite<T> {
  const redactor = createRedactor();
  const clean = redactor.clean;
  const content = clean(write.content);
  if (content.trim() === "" && write.content.trim() !== "") {
    throw new HelixError(
      "invalid_input",
      "Cannot write memory: the content is all <private> spans, which are never stored",
    );
  }
  const out: Record<string, unknown> = { ...(write as object), content };
  if (write.eventPhrase !== undefined) out.eventPhrase = clean(write.eventPhrase);
  if (write.tags !== undefined) out.tags = write.tags.filter((tag) => clean(tag) === tag);
  if (write.attributes !== undefined) out.attributes = cleanJson(write.attributes, clean);
  if (write.source !== undefined) {
    const source: Record<string, unknown> = { ...write.source };
    if (write.source.ref !== undefined) source.ref = clean(write.source.ref);
    if (write.source.agent !== undefined) source.agent = clean(write.source.agent);
    out.source = source;
  }
  const redacted = redactor.redacted();
  return redacted.length || redactor.strippedPrivate()
    ? { write: out as T, redacted }
    : { write, redacted };
}

/** Redacts several texts and adds up what it replaced in all of them. */
export interface Redactor {
  /** `text` without its private spans, and with its secrets replaced. */
  clean(text: string): string;
  /** Secrets replaced so far, by type (sorted by type). */
  redacted(): RedactionCount[];
  /** Whether a private span was removed so far. */
  strippedPrivate(): boolean;
}

/**
 * A {@linkcode Redactor}: for a write's fields, or a note and its context.
 *
 * @example Usage
 * ```ts
 * import { createRedactor } from "./write.ts";
 * import { equal } from "node:assert/strict";
 *
 * const redactor = createRedactor();
 * redactor.clean("token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB");
 * redactor.clean("no secret here");
 * equal(redactor.redacted()[0]?.count, 1);
 * ```
 */
export function createRedactor(): Redactor {
  const counts = new Map<SecretType, number>();
  let stripped = false;
  return {
    clean(text) {
      const open = stripPrivate(text);
      stripped ||= open !== text;
      const result = redact(open);
      for (const { type, count } of result.redactions) {
        counts.set(type, (counts.get(type) ?? 0) + count);
      }
      return result.text;
    },
    redacted() {
      return [...counts.entries()]
        .map(([type, count]) => ({ type, count }))
        .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    },
    strippedPrivate: () => stripped,
  };
}

function cleanJson(value: unknown, clean: (text: string) => string): JsonValue {
  if (typeof value === "string") return clean(value);
  if (Array.isArray(value)) return value.map((v) => cleanJson(v, clean));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [clean(key), cleanJson(v, clean)]),
    );
  }
  return value as JsonValue;
}
