/**
 * A strand's history as a `.dna` file and back (DESIGN §9, `docs/dna-format.md` §4.1): the
 * export is the strand's ops in fold order, optionally only those of some scopes and types,
 * as canonical JSON lines (deflated), sealed and signed by `dna/` (`dna_export.ts`). The
 * import opens the file (signature, key commitment and decryption first), checks that the
 * body is exactly what the manifest promises (op count, Merkle root, canonical lines),
 * refuses a newer schema, and merges the ops (`dna_import.ts`): all or nothing.
 *
 * @module
 */
export { type DnaExportOptions, type DnaExportResult, exportDna } from "./dna_export.ts";
export { type DnaImportOptions, type DnaImportReport, importDna } from "./dna_import.ts";
