/**
 * Profiles (DESIGN §4): a derived, always-on summary per scope that `memory_context` puts
 * first. The *static* profile says who the user is and how they like to work (their identity
 * and stable preferences in that scope); the *dynamic* one says what a project is busy with
 * now (the words its recent memories share, and its latest decisions). Each is a memory of
 * type `profile` whose `attributes.grounding` lists the memories it rests on, written and
 * refreshed by the worker's `profile` job, so history, sync and undo treat it like any other
 * memory. The text is deterministic (the same memories give the same words); with a model
 * configured it is the model's summary of the same items, cached by their content.
 *
 * @module
 */
import { contentWordForms } from "../text/words.ts";
import type { MemoryType } from "../model/types.ts";
import {
  identityItems,
  recentItems,
  scopesWithActiveMemories,
} from "../store/queries/lifecycle_profiles.ts";
import type { LifecycleDeps } from "./deps.ts";

/** How far back the dynamic profile looks. */
export const FOCUS_WINDOW_MS = 7 * 86_400_000;
/** Identity and preference memories a static profile summarises, at most. */
const STATIC_ITEMS = 8;
/** Recent memories a dynamic profile reads, at most. */
const FOCUS_ITEMS = 200;
/** Fewest recent memories that make a current focus. */
const MIN_FOCUS_ITEMS = 3;
/** Focus words shown, at most; each must be shared by two recent memories. */
const FOCUS_WORDS = 6;
/** Latest decisions shown. */
const FOCUS_DECISIONS = 3;
/** Longest statement quoted in a profile. */
const MAX_QUOTE = 160;

/** Which profile. */
export type ProfileKind = "static" | "dynamic";

/** A profile as the worker should store it. */
export interface ProfilePlan {
  readonly scope: string;
  readonly kind: ProfileKind;
  readonly content: string;
  /** The memories it rests on. */
  readonly grounding: readonly string[];
}

/** A memory a profile is made from. */
export interface ProfileItem {
  readonly id: string;
  readonly type: MemoryType;
  readonly content: string;
}

/** The scopes that may have profiles: global and every project with active memories. */
export function profileScopes(deps: Pick<LifecycleDeps, "store">): string[] {
  return scopesWithActiveMemories(deps.store);
}

/** The identity and preference memories a static profile of `scope` summarises. */
export function staticItems(deps: Pick<LifecycleDeps, "store">, scope: string): ProfileItem[] {
  return identityItems(deps.store, scope, STATIC_ITEMS);
}

/** The memories of `scope` recorded or used within the focus window, newest first. */
export function focusItems(
  deps: Pick<LifecycleDeps, "store">,
  scope: string,
  now: number,
): ProfileItem[] {
  return recentItems(deps.store, scope, now - FOCUS_WINDOW_MS, FOCUS_ITEMS);
}

/**
 * The static profile of `items`: their statements, most important first.
 *
 * @example Usage
 * ```ts
 * import { staticProfile } from "./profile.ts";
 * import { equal } from "node:assert/strict";
 *
 * const plan = staticProfile("global", [
 *   { id: "mem_a", type: "identity", content: "The user is Ada, a backend engineer." },
 *   { id: "mem_b", type: "preference", content: "Prefers pnpm over npm." },
 * ]);
 * equal(plan?.content, "Who the user is and how they work: The user is Ada, a backend engineer; Prefers pnpm over npm.");
 * ```
 */
export function staticProfile(scope: string, items: readonly ProfileItem[]): ProfilePlan | null {
  if (items.length === 0) return null;
  return {
    scope,
    kind: "static",
    content: `Who the user is and how they work: ${items.map((i) => quote(i.content)).join("; ")}.`,
    grounding: items.map((i) => i.id),
  };
}

/**
 * The dynamic profile of recent `items` (newest first): the content words most of them share
 * (each in two memories at least), and the latest decisions.
 *
 * @example Usage
 * ```ts
 * import { dynamicProfile } from "./profile.ts";
 * import { equal } from "node:assert/strict";
 *
 * const plan = dynamicProfile("project:api", [
 *   { id: "mem_1", type: "decision", content: "Billing exports move to Parquet." },
 *   { id: "mem_2", type: "episode", content: "The billing export job timed out." },
 *   { id: "mem_3", type: "fact", content: "Billing exports run hourly." },
 * ]);
 * equal(plan?.content, "Current focus (last 7 days): billing, export. Latest decisions: Billing exports move to Parquet.");
 * ```
 */
export function dynamicProfile(scope: string, items: readonly ProfileItem[]): ProfilePlan | null {
  if (items.length < MIN_FOCUS_ITEMS) return null;
  const holders = new Map<string, string[]>();
  // Words are counted by key (`export`, `exports`) but shown as written (`postgres`, never
  // the key `postgre`).
  const shown = new Map<string, string>();
  for (const item of items) {
    for (const [word, form] of contentWordForms(item.content)) {
      if (word.length < 3 || /^\d+$/.test(word)) continue;
      holders.set(word, [...(holders.get(word) ?? []), item.id]);
      const seen = shown.get(word);
      if (seen === undefined || form.length < seen.length) shown.set(word, form);
    }
  }
  const words = [...holders]
    .filter(([, ids]) => ids.length >= 2)
    .sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FOCUS_WORDS);
  const decisions = items.filter((i) => i.type === "decision").slice(0, FOCUS_DECISIONS);
  if (words.length === 0 && decisions.length === 0) return null;
  const parts = [
    ...(words.length
      ? [`Current focus (last 7 days): ${words.map(([w]) => shown.get(w) ?? w).join(", ")}.`]
      : []),
    ...(decisions.length
      ? [`Latest decisions: ${decisions.map((d) => quote(d.content)).join("; ")}.`]
      : []),
  ];
  const grounding = new Set([...words.flatMap(([, ids]) => ids), ...decisions.map((d) => d.id)]);
  return {
    scope,
    kind: "dynamic",
    content: parts.join(" "),
    grounding: items.map((i) => i.id).filter((id) => grounding.has(id)),
  };
}

/** A statement as a profile quotes it: one line, no closing full stop, at most {@linkcode MAX_QUOTE}. */
function quote(content: string): string {
  const line = content.replace(/\s+/g, " ").trim().replace(/[.!]+$/, "");
  return line.length <= MAX_QUOTE ? line : `${line.slice(0, MAX_QUOTE - 1).trimEnd()}…`;
}
