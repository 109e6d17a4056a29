/**
 * A strand's keys and well-formed wire bytes for relay tests and the load benchmark: a genesis
 * roster entry, further entries (optionally opening a new epoch) and sealed deltas, all built
 * with the codecs of `core/mod.ts` exactly as a client would.
 *
 * @module
 */
import {
  type ChangeBody,
  deriveEpochKeys,
  type EpochKeys,
  newEpochSecret,
  newStrandId,
  rosterEntryHash,
  type RosterOp,
  sealDelta,
  sealRosterEntry,
} from "@helix/core";

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** An Ed25519 device key made with WebCrypto: its seed, public key and device id. */
export interface TestDevice {
  readonly seed: Uint8Array;
  readonly ed25519: string;
  readonly device: string;
}

/** A new device key (the id is the first 16 bytes of SHA-256 of the public key). */
export async function testDevice(): Promise<TestDevice> {
  const pair = await crypto.subtle.generateKey("Ed25519", true, [
    "sign",
    "verify",
  ]) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
  return {
    seed: pkcs8.slice(pkcs8.length - 32),
    ed25519: hex(raw),
    device: hex(digest.slice(0, 16)),
  };
}

/** A strand as one device holds it, able to make the bytes a client would send. */
export interface TestStrand {
  readonly strandId: string;
  readonly device: TestDevice;
  /** Keys of the current epoch. */
  readonly keys: EpochKeys;
  readonly epoch: number;
  /** The genesis entry (seq 1). */
  readonly genesis: Uint8Array<ArrayBuffer>;
  /** Hash of the last entry this strand made. */
  readonly head: string;
  readonly headSeq: number;
  /**
   * The next roster entry (an `add_device` of a fresh id) after the head, signed by this
   * epoch's write key; with `newEpoch` it opens epoch + 1 and the strand moves to it.
   */
  nextEntry(
    options?: { newEpoch?: boolean; writeKeys?: EpochKeys },
  ): Promise<Uint8Array<ArrayBuffer>>;
  /**
   * A sealed delta of this epoch; `n` makes the body (and so the delta id) distinct, `deps`
   * adds that many dependency ids (about 70 bytes each) to make it larger.
   */
  delta(n: number, deps?: number): Uint8Array<ArrayBuffer>;
}

/** A fresh strand with a genesis entry listing one device. */
export async function testStrand(strandId: string = newStrandId()): Promise<TestStrand> {
  const device = await testDevice();
  let epoch = 0;
  let keys = deriveEpochKeys(newEpochSecret(), strandId);
  const op: RosterOp = {
    kind: "create",
    devices: [{
      device: device.device,
      ed25519: device.ed25519,
      x25519: device.ed25519,
      name: "laptop",
    }],
  };
  const genesis = sealRosterEntry({
    strandId,
    seq: 1,
    prev: "",
    epoch,
    keys,
    op,
    signerSecretKey: device.seed,
  });
  let head = rosterEntryHash(genesis);
  let headSeq = 1;
  const strand: TestStrand = {
    strandId,
    device,
    get keys() {
      return keys;
    },
    get epoch() {
      return epoch;
    },
    genesis: genesis.slice(),
    get head() {
      return head;
    },
    get headSeq() {
      return headSeq;
    },
    async nextEntry(options = {}) {
      const other = await testDevice();
      const nextKeys = options.newEpoch ? deriveEpochKeys(newEpochSecret(), strandId) : keys;
      const nextEpoch = options.newEpoch ? epoch + 1 : epoch;
      const bytes = sealRosterEntry({
        strandId,
        seq: headSeq + 1,
        prev: head,
        epoch: nextEpoch,
        keys: nextKeys,
        writeKeys: options.writeKeys ?? keys,
        newEpoch: options.newEpoch === true,
        op: {
          kind: "add_device",
          device: other.device,
          ed25519: other.ed25519,
          x25519: other.ed25519,
          name: "desk",
        },
        signerSecretKey: device.seed,
      });
      head = rosterEntryHash(bytes);
      headSeq += 1;
      keys = nextKeys;
      epoch = nextEpoch;
      return bytes.slice();
    },
    delta(n, deps = 0) {
      const id = (i: number) => (i.toString(16) + "f".repeat(64)).slice(0, 64);
      const body: ChangeBody = {
        author: device.device,
        authorSeq: n,
        prev: n > 1 ? id(n - 1) : null,
        deps: Array.from({ length: deps }, (_, i) => id(n * 1000 + i)).sort(),
        rosterHead: head,
        hlc: `${String(1_700_000_000_000 + n).padStart(15, "0")}-00000`,
        ops: [],
      };
      const sigDev = new Uint8Array(64).fill(n % 251);
      return new Uint8Array(sealDelta({ strandId, epoch, keys, body, sigDev }).bytes);
    },
  };
  return strand;
}
