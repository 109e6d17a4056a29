/**
 * The open contradictions of one memory: the provenance refs of the active `contradicts`
 * edges that touch it while both their ends are active. A ref says which attribute the
 * conflict is about (`compare/statements.ts` `conflictRef`), so a memory's confidence is
 * lowered once per open conflict, not once per pair of memories.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** The provenance refs (null when none) of the open `contradicts` edges that touch `id`. */
export function openContradictionRefs(
  store: Pick<Store, "prepare">,
  id: string,
): (string | null)[] {
  const rows = store.prepare(
    `SELECT p.ref AS ref FROM (
       SELECT id, to_id AS other FROM edges
        WHERE from_id = ? AND relation = 'contradicts' AND status = 'active'
       UNION ALL
       SELECT id, from_id AS other FROM edges
        WHERE to_id = ? AND relation = 'contradicts' AND status = 'active'
     ) e
     JOIN memories m ON m.id = e.other AND m.status = 'active'
     LEFT JOIN provenance p ON p.subject = e.id`,
  ).all(id, id) as { ref: string | null }[];
  return rows.map((r) => r.ref);
}
