/**
 * Concurrent edits of one memory (DESIGN §5, sync-protocol R25–R26), in one import. Each
 * memory op names the memory's head ops its writer had seen (`parents`), so the ops of a
 * memory form a DAG; the fold keeps each memory's current heads (`heads.ts`). An op that did
 * not see every head was made concurrently with the ones it missed, and is merged three-way
 * (`merge_patch.ts`) against what its writer saw (its parents' view, `view.ts`) instead of
 * overwriting them. The conflicts found are recorded and settled as later ops end them
 * (`conflicts.ts`); two memories that both supersede one memory concurrently are conflicting
 * facts (`rivals.ts`).
 *
 * Everything here is a function of the op set, so every replica that holds the same ops has
 * the same state (the merge laws of sync-protocol T3).
 *
 * @module
 */
export { advanceHeads, headsOf, startHeads } from "./heads.ts";
export { conflictLabels, type FieldState, type MergedPatch, mergePatch } from "./merge_patch.ts";
export { setOf, viewAt } from "./view.ts";
export {
  type ConflictKind,
  type ConflictRecord,
  listConflicts,
  recordConflict,
  settleConflicts,
  settleFact,
} from "./conflicts.ts";
export { linkRivalSuccessors } from "./rivals.ts";
