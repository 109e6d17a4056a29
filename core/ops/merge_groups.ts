/**
 * Cutting a merge's effect into pieces a reader may see one at a time. The fold is local: an
 * op reads and writes only the rows of what it names (its refs: memories, edges, sessions),
 * so a merge changes only what the ops from its first new op onwards (in fold order, the
 * "window") name, and ops that name nothing in common affect disjoint rows. Joining the refs
 * of every window op (and the subjects a changed row ties: an edge and its ends, a fact
 * conflict and the memory it names) gives groups such that each op's whole effect, and the
 * effect of every op that shares a subject with it, falls in one group. Applying a group
 * together with its new ops in one transaction leaves the tables, at every commit, the fold
 * of the log they are committed with: some of the merged ops before others, never half of
 * one (see `docs/merge.md`).
 *
 * @module
 */
import type { RowChange } from "../store/folded_diff.ts";
import type { Op } from "./kinds.ts";

/** A new op and the refs the log indexes it under. */
export interface GroupedOp {
  readonly op: Op;
  readonly refs: readonly string[];
}

/** The new ops and row changes that go in together. */
export interface MergeGroup<T extends GroupedOp = GroupedOp> {
  /** The new ops of the group, in fold order. */
  readonly ops: T[];
  /** The row changes of its subjects. */
  readonly changes: RowChange[];
  /** Its subjects (memory, edge and `session:` ids). */
  readonly subjects: string[];
}

/** Subjects joined into groups: a union-find over strings. */
export interface SubjectGroups {
  /** Joins every subject of `subjects` into one group. */
  join(subjects: readonly string[]): void;
  /** The group of `subject` (its root; itself when it was never joined). */
  find(subject: string): string;
  /** Whether `subject` was ever joined. */
  has(subject: string): boolean;
}

/** An empty {@linkcode SubjectGroups}. */
export function subjectGroups(): SubjectGroups {
  const parent = new Map<string, string>();
  const find = (subject: string): string => {
    let root = subject;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up;
    }
    // Path compression: later finds of these subjects take one step.
    for (let node = subject; node !== root;) {
      const up = parent.get(node)!;
      parent.set(node, root);
      node = up;
    }
    if (!parent.has(root)) parent.set(root, root);
    return root;
  };
  return {
    join(subjects) {
      const [first, ...rest] = subjects;
      if (first === undefined) return;
      const root = find(first);
      for (const subject of rest) {
        const other = find(subject);
        if (other !== root) parent.set(other, root);
      }
    },
    find,
    has: (subject) => parent.has(subject),
  };
}

/** Subjects of changed rows that no window op names are applied together, in one group. */
const UNEXPLAINED = "\u0000unexplained";

/**
 * The groups of a merge: `fresh` (the new ops, in fold order, each with its refs) and the
 * row changes by subject, joined by `groups` (the refs of the window's ops) and `links`.
 * Groups come in the fold order of their first new op; groups without a new op last.
 */
export function mergeGroups<T extends GroupedOp>(
  groups: SubjectGroups,
  fresh: readonly T[],
  bySubject: ReadonlyMap<string, readonly RowChange[]>,
  links: readonly (readonly [string, string])[],
): MergeGroup<T>[] {
  for (const [a, b] of links) groups.join([a, b]);
  for (const { refs } of fresh) groups.join(refs);
  const byRoot = new Map<string, MergeGroup<T>>();
  const groupOf = (root: string) => {
    let group = byRoot.get(root);
    if (!group) byRoot.set(root, group = { ops: [], changes: [], subjects: [] });
    return group;
  };
  for (const item of fresh) {
    const { op, refs } = item;
    groupOf(refs.length > 0 ? groups.find(refs[0]!) : `\u0000op:${op.changeId}`).ops.push(item);
  }
  for (const [subject, changes] of bySubject) {
    const group = groupOf(groups.has(subject) ? groups.find(subject) : UNEXPLAINED);
    group.changes.push(...changes);
    group.subjects.push(subject);
  }
  return [...byRoot.values()];
}
