/**
 * The relay's log as this device rebuilds it (R16, R20, R23): every delta it reads, in server
 * order, appended as an RFC 9162 leaf to a compact frontier (one perfect subtree per set bit
 * of the size, O(log n) hashes), so the root at any size it has read is known without
 * storing the leaves. A signed head for that size must carry the same root; a head smaller
 * than what was verified, or another root at the same size, is a relay rewriting history.
 *
 * @module
 */
import { merkleLeafHash, merkleNodeHash } from "../crypto/merkle.ts";
import { sha256Bytes } from "../crypto/sha256.ts";
import { fromHex, toHex } from "./wire/ids.ts";

/** A frontier: the log size and its perfect subtrees, largest (leftmost) first. */
export interface Frontier {
  readonly size: number;
  readonly nodes: readonly { readonly level: number; readonly hash: Uint8Array }[];
}

/** The frontier of the empty log. */
export const EMPTY_FRONTIER: Frontier = { size: 0, nodes: [] };

/** The frontier after appending the leaf of `deltaId` (hex). */
export function appendLeaf(frontier: Frontier, deltaId: string): Frontier {
  const nodes = [...frontier.nodes];
  let node = { level: 0, hash: merkleLeafHash(fromHex(deltaId)) };
  while (nodes.length > 0 && nodes[nodes.length - 1]!.level === node.level) {
    const left = nodes.pop()!;
    node = { level: node.level + 1, hash: merkleNodeHash(left.hash, node.hash) };
  }
  nodes.push(node);
  return { size: frontier.size + 1, nodes };
}

/** The RFC 9162 root of the log the frontier stands for. */
export function frontierRoot(frontier: Frontier): Uint8Array {
  if (frontier.nodes.length === 0) return sha256Bytes(new Uint8Array(0));
  let root = frontier.nodes[frontier.nodes.length - 1]!.hash;
  for (let i = frontier.nodes.length - 2; i >= 0; i--) {
    root = merkleNodeHash(frontier.nodes[i]!.hash, root);
  }
  return root;
}

/** The frontier as text (what the strand keeps). */
export function frontierText(frontier: Frontier): string {
  return JSON.stringify({
    size: frontier.size,
    nodes: frontier.nodes.map((n) => [n.level, toHex(n.hash)]),
  });
}

/** The frontier kept as `text`. */
export function frontierFrom(text: string): Frontier {
  const value = JSON.parse(text) as { size: number; nodes: [number, string][] };
  return {
    size: value.size,
    nodes: value.nodes.map(([level, hash]) => ({ level, hash: fromHex(hash) })),
  };
}
