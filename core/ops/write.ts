/**
 * Appending writes inside an open transaction, in one import: one write's ops
 * (`write_one.ts`), many writes with their vectors and progress (`write_bulk.ts`), and the
 * parts they share: provenance (`provenance.ts`), vectors (`vector.ts`), and a new memory's
 * id and default scope (`new_memory.ts`). Every path that creates memories (the write
 * pipeline, bulk writes, imports, the lifecycle worker) goes down through here.
 *
 * @module
 */
export { appendWrite, type PlannedWrite, type WriterDeps } from "./write_one.ts";
export {
  appendWrites,
  type AppendWritesOptions,
  atIndex,
  type BulkProgress,
} from "./write_bulk.ts";
export { opProvenance } from "./provenance.ts";
export { storeVector } from "./vector.ts";
export { defaultScope } from "./new_memory.ts";
