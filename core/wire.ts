/**
 * The sync wire surface alone: the codecs of deltas, roster entries, key bundles, pairing
 * messages and relay lists (`sync/wire/`, docs/sync.md), with the errors, clock and key files
 * they come with. A relay imports this entry (`@helix/core/wire`) and never loads the engine,
 * its models or its SQLite extensions; `mod.ts` re-exports all of it.
 *
 * @module
 */
export { HelixError, isHelixError } from "./errors.ts";
export { systemClock } from "./clock.ts";
export { helixHome } from "./config/config.ts";
export { newStrandId } from "./sync/wire/ids.ts";
export { deriveEpochKeys, type EpochKeys, newEpochSecret } from "./sync/wire/epoch.ts";
export { padme } from "./sync/wire/padme.ts";
export type { WireFormat } from "./sync/wire/errors.ts";
export {
  DELTA_HEADER_LENGTH,
  type DeltaHeader,
  MAX_ENVELOPE_BYTES,
  readDeltaHeader,
  verifyDeltaWrite,
  verifyDeltaWriteAsync,
} from "./sync/wire/delta_header.ts";
export {
  type ChangeBody,
  changeId,
  decodeChangeBody,
  encodeChangeBody,
  verifyChangeSignature,
} from "./sync/wire/change.ts";
export {
  MAX_BODY_LENGTH,
  openDelta,
  type OpenedDelta,
  sealDelta,
  type SealDeltaInput,
  type SealedDelta,
  sealedDeltaSize,
} from "./sync/wire/delta.ts";
export { encodeFrames, type Frame, type FrameLimits, parseFrames } from "./sync/wire/frames.ts";
export { openBundle, type RandomBytes, wrapBundle } from "./sync/wire/bundle.ts";
export type { MemberRole, RosterDevice, RosterOp } from "./sync/wire/roster_ops.ts";
export type { Membership, RosterMember } from "./sync/wire/roster_members.ts";
export {
  GENESIS_PREV,
  readRosterOuter,
  rosterEntryHash,
  type RosterOuter,
  verifyRosterWrite,
} from "./sync/wire/roster_outer.ts";
export {
  type OpenedRosterEntry,
  openRosterEntry,
  sealRosterEntry,
  type SealRosterInput,
  verifyRosterSignature,
} from "./sync/wire/roster_entry.ts";
export {
  applyRosterEntry,
  type KeysForEpoch,
  type RosterState,
  verifyRosterChain,
} from "./sync/wire/roster_chain.ts";
export { type ExchangeKey, loadOrCreateExchangeKey } from "./crypto/exchange_key.ts";
export type { KeyPair } from "./crypto/key_file.ts";
export {
  encodeHello,
  encodeWelcome,
  makePairingCode,
  openHello,
  openWelcome,
  type PairingCode,
  type PairingPeer,
  parsePairingCode,
  shortAuthString,
  type Welcome,
} from "./sync/wire/pairing.ts";
export { splitOps } from "./sync/wire/split.ts";
export { ephemeralRelayKey, loadOrCreateRelayKey, relayKeyFromSeed } from "./crypto/relay_key.ts";
export { keyFingerprint } from "./crypto/ed25519.ts";
export {
  EMPTY_LOG_ROOT,
  logAppendNodes,
  logAppendSiblings,
  logLeafHash,
  type LogNode,
  type LogNodeKey,
  type LogNodeLookup,
  logRangeHash,
  logRoot,
  planLogNodes,
  withLogNodes,
} from "./sync/wire/log_tree.ts";
export {
  logConsistencyProof,
  logInclusionProof,
  verifyLogConsistency,
  verifyLogInclusion,
} from "./sync/wire/log_proof.ts";
export {
  encodeLogProof,
  type LogProof,
  MAX_PROOF_HASHES,
  parseLogProof,
} from "./sync/wire/log_proof_codec.ts";
export {
  encodeLogHead,
  LOG_HEAD_HEADER,
  LOG_HEAD_LABEL,
  LOG_HEAD_LENGTH,
  type LogHead,
  logHeadFromHeader,
  logHeadToHeader,
  openLogHead,
  parseLogHead,
  type SignedLogHead,
  signLogHead,
  verifyLogHead,
} from "./sync/wire/log_head.ts";
export {
  openWitness,
  parseWitness,
  sealWitness,
  WITNESS_LENGTH,
  witnessId,
  witnessSlot,
  type WitnessStatement,
} from "./sync/wire/witness.ts";
export {
  MAX_SNAPSHOT_PARTS,
  readSnapshotPartHeader,
  type SnapshotPartHeader,
  verifySnapshotWrite,
  verifySnapshotWriteAsync,
} from "./sync/wire/snapshot_header.ts";
export {
  GC_MARKER_LENGTH,
  type GcMarker,
  type GcMarkerFields,
  openGcMarker,
  parseGcMarker,
  sealGcMarker,
  verifyGcMarkerWrite,
  verifyGcMarkerWriteAsync,
} from "./sync/wire/gc_marker.ts";
export {
  openSnapshot,
  type SealedSnapshot,
  sealSnapshot,
  type SealSnapshotInput,
} from "./sync/wire/snapshot.ts";
export type { DecodedSnapshot, SnapshotChain, SnapshotContent } from "./sync/wire/snapshot_body.ts";
