/**
 * Cluster join tokens, known by their layout: a kubeadm bootstrap token (`abcdef.0123456789abcdef`:
 * six and sixteen lower-case letters and digits, a dot between), a Docker Swarm join token
 * (`SWMTKN-1-…-…`) and a k3s/RKE2 node token (`K10<hex>::server:<secret>`). Whoever holds one can
 * join a node to the cluster. A bootstrap token has no prefix, so one must hold a digit in its
 * second part and stand alone (not inside a dotted name, a path or a longer run); when its first
 * part is letters only (`vendor.3f2a…`, a bundle's chunk), its line must say token or join.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";

const JOIN =
  /(?<![\w.\-\/@])(?:[a-z0-9]{6}\.(?=[a-z]{0,15}\d)[a-z0-9]{16}|SWMTKN-1-[a-z0-9]{50}-[a-z0-9]{25}|K10[0-9a-f]{64}::(?:server|node):[A-Za-z0-9]{16,64})(?![\w.\-\/@])/g;

const JOIN_WORD = /token|join|kubeadm|bootstrap/i;

/** The line around `at`. */
function lineOf(text: string, at: number): string {
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Candidate spans of cluster join tokens. */
export function joinTokenCandidates(text: string, out: Candidate[]): void {
  for (const m of text.matchAll(JOIN)) {
    if (/^[a-z]{6}\./.test(m[0]) && !JOIN_WORD.test(lineOf(text, m.index))) continue;
    out.push({ start: m.index, end: m.index + m[0].length, type: "vendor_token", tier: 3 });
  }
}
