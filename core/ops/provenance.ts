/**
 * Provenance as an op carries it, from a caller's description of where a write came from.
 *
 * @module
 */
import type { ParsedWrite } from "../model/input.ts";
import type { OpProvenance } from "./payloads.ts";

/**
 * Provenance for an op from a caller's `source` (origin defaults to `agent-ingested`), with
 * `extractor` defaulting to `defaultExtractor` when given.
 */
export function opProvenance(
  source: ParsedWrite["source"],
  defaultExtractor?: string,
): OpProvenance {
  const extractor = source?.extractor ?? defaultExtractor;
  return {
    origin: source?.origin ?? "agent-ingested",
    ...(source?.agent ? { agent: source.agent } : {}),
    ...(source?.ref ? { ref: source.ref } : {}),
    ...(extractor ? { extractor } : {}),
    ...(source?.model ? { model: source.model } : {}),
  };
}
