/**
 * The two second opinions on a consolidation decision: the chat model's call on the grey band
 * (a same-subject neighbour the word rules could not place, or a conflict they flagged), and the
 * re-check inside the write's transaction that every memory the decision changes is still active.
 *
 * @module
 */
import type { TypedContent } from "../model/candidate.ts";
import type { Llm } from "../ports.ts";
import type { Neighbour } from "../store/neighbours.ts";
import type { Decision } from "./consolidate.ts";
import type { IngestDeps } from "./deps.ts";

/**
 * The model's call on a grey-band add. Its answer must name a neighbour it was shown; anything
 * else keeps `fallback`.
 */
export async function adjudicated(
  llm: Llm,
  candidate: TypedContent,
  neighbours: readonly Neighbour[],
  fallback: Decision,
): Promise<Decision> {
  const active = neighbours.filter((n) => n.status === "active");
  const answer = await llm.adjudicate(
    candidate,
    active.map((n) => ({ id: n.id, type: n.type, content: n.content })),
  );
  if (!answer || answer.action === "add") return fallback;
  const target = active.find((n) => n.id === answer.target);
  if (!target) return fallback;
  const reason = `the model judged: ${answer.reason}`;
  switch (answer.action) {
    case "noop":
    case "update":
      return { action: answer.action, target: target.id, reason };
    case "supersede": {
      // The conflict it settles is no conflict any more; others it found stay flagged.
      const links = fallback.action === "add"
        ? fallback.links.filter((l) => l.id !== target.id)
        : [];
      return { action: "supersede", targets: [target.id], links, reason };
    }
  }
}

/**
 * The decision, if every memory it changes is still active (another process may have
 * forgotten one since it was made); otherwise a plain add.
 */
export function stillValid(deps: Pick<IngestDeps, "store">, decision: Decision): Decision {
  const targets = decision.action === "noop" || decision.action === "update"
    ? [decision.target]
    : decision.action === "supersede"
    ? decision.targets
    : [];
  const links = decision.action === "add" || decision.action === "supersede" ? decision.links : [];
  const ids = [...targets, ...links.map((l) => l.id)];
  if (ids.every((id) => deps.store.memoryById(id)?.status === "active")) return decision;
  return { action: "add", links: [], reason: "the memories it matched changed meanwhile" };
}
