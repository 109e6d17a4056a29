/**
 * Appends the `mentions` edges a write calls for (`extract/mention_links.ts`): the new memory
 * to the entities it names, and a new entity from the memories that name it. Each edge's
 * provenance says the link came from a mention and by which name (`ref`).
 *
 * @module
 */
import type { MentionLink } from "../extract/mention_links.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { OpProvenance } from "../ops/payloads.ts";

/** Appends one `edge.put` per link, weight 1. */
export function appendMentions(
  tx: Pick<LogTransaction, "append">,
  links: readonly MentionLink[],
  provenance: OpProvenance,
): void {
  for (const link of links) {
    tx.append({
      kind: "edge.put",
      payload: {
        id: link.id,
        from: link.from,
        to: link.to,
        relation: "mentions",
        weight: 1,
        provenance: { origin: provenance.origin, extractor: "mentions", ref: link.name },
      },
    });
  }
}
