/**
 * Ops: the immutable changes every strand is made of, in one import. The vocabulary lives in
 * files of its own: op kinds and the logged op's shape (`kinds.ts`), the payloads of memory
 * and edge ops (`payloads.ts`) and of session and job records (`job_payloads.ts`), canonical
 * bytes and change ids (`encode.ts`), and the refs an op is indexed under (`refs.ts`).
 *
 * @module
 */
export {
  isPurged,
  type LiveOp,
  type Op,
  OP_KINDS,
  type OpDraft,
  type OpHeader,
  type OpKind,
  type OpPayloads,
  type OpStamp,
  type PurgedOp,
} from "./kinds.ts";
export {
  type EdgePutPayload,
  type EdgeRemovePayload,
  type MemoryForgetPayload,
  type MemoryPatchPayload,
  type MemoryPurgePayload,
  type MemoryPutPayload,
  type MemoryReinforcePayload,
  type OpProvenance,
  PATCH_FIELDS,
  type PatchField,
  type PatchFields,
  type PurgedPayload,
} from "./payloads.ts";
export {
  JOB_NAMES,
  type JobName,
  type JobRunPayload,
  type SessionEndPayload,
} from "./job_payloads.ts";
export { changeIdOf, decodeOp, encodeOp, encodeOpText, OP_VERSION } from "./encode.ts";
export { PURGED_REF_PREFIX, purgedRef, refsOf, tombstoneText } from "./refs.ts";
