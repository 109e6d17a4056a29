/**
 * The sync wire fuzzer (sync-protocol T5): mutants of a valid corpus and random bytes fed to
 * every decoder (delta envelope and header, change body inside a validly sealed envelope,
 * roster entry and chain (personal and team), key bundle, relay frames, pairing code, hello
 * and welcome, signed log head, witness statement, log proof, GC marker, snapshot part, header and
 * body). Pass:
 * every rejection is a `HelixError`; an accepted mutant of an authenticated format is one of
 * the corpus inputs byte for byte; an accepted frame body or change body re-encodes to
 * exactly its input. `core/sync/wire/fuzz_test.ts` runs a slice; `deno task fuzz:sync` runs
 * the long run.
 *
 * @module
 */
import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
import { isHelixError } from "../../errors.ts";
import { seededRandom } from "../../../tests/fixtures/random.ts";
import * as T from "./_testing.ts";
import { sampleTeamRoster, teamKeysFor } from "./_team_testing.ts";
import { openBundle, wrapBundle } from "./bundle.ts";
import { decodeChangeBody, encodeChangeBody } from "./change.ts";
import { openDelta } from "./delta.ts";
import { readDeltaHeader } from "./delta_header.ts";
import { encodeFrames, parseFrames } from "./frames.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import { encodeLogHead, openLogHead, signLogHead } from "./log_head.ts";
import { encodeLogProof, parseLogProof } from "./log_proof_codec.ts";
import { padme } from "./padme.ts";
import { openWitness, sealWitness } from "./witness.ts";
import {
  encodeHello,
  encodeWelcome,
  makePairingCode,
  openHello,
  openWelcome,
  parsePairingCode,
} from "./pairing.ts";
import { applyRosterEntry, type RosterState } from "./roster_chain.ts";
import { readRosterOuter } from "./roster_outer.ts";
import { sampleGcMarker, sampleSnapshot, sampleSnapshotContent } from "./_testing_snapshot.ts";
import { openGcMarker } from "./gc_marker.ts";
import { openSnapshot } from "./snapshot.ts";
import { decodeSnapshotBody, encodeSnapshotBody } from "./snapshot_body.ts";
import { readSnapshotPartHeader } from "./snapshot_header.ts";

type Random = () => number;

/** What a fuzz run found. */
export interface SyncFuzzReport {
  /** Inputs decoded. */
  readonly iterations: number;
  /** Rejections per error code. */
  readonly codes: Record<string, number>;
  /** Inputs per target. */
  readonly targets: Record<string, number>;
  /** Mutants accepted (allowed only where the check says so). */
  readonly accepted: number;
  /** Mutants equal to their seed, skipped. */
  readonly unchanged: number;
  /** Inputs that broke the rules, described. */
  readonly failures: string[];
}

const int = (r: Random, n: number) => Math.floor(r() * n);
function randomBytes(r: Random, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = int(r, 256);
  return out;
}
function splice(a: Uint8Array, at: number, b: Uint8Array, from: number): Uint8Array {
  const out = new Uint8Array(at + b.length - from);
  out.set(a.subarray(0, at), 0);
  out.set(b.subarray(from), at);
  return out;
}
const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** One mutant of `seed` (or random bytes). */
export function mutate(seed: Uint8Array, other: Uint8Array, r: Random): Uint8Array {
  const out = seed.slice();
  switch (int(r, 11)) {
    case 0:
      return randomBytes(r, int(r, 600));
    case 1: {
      for (let n = 1 + int(r, 3); n > 0; n--) out[int(r, out.length)]! ^= 1 << int(r, 8);
      return out;
    }
    case 2: {
      out[int(r, out.length)] = [0, 0xff, 0x7f, 0x80, int(r, 256)][int(r, 5)]!;
      return out;
    }
    case 3: { // a 4-byte field set to an extreme or off by one
      const at = int(r, Math.max(1, out.length - 3));
      const view = new DataView(out.buffer, at, Math.min(4, out.length - at));
      if (view.byteLength === 4) {
        const old = view.getUint32(0);
        view.setUint32(0, [0, 0xffff_ffff, old + 1, old - 1, 1 << 20][int(r, 5)]! >>> 0);
      }
      return out;
    }
    case 4:
      return seed.slice(0, int(r, seed.length));
    case 5:
      return seed.slice(0, Math.max(0, seed.length - 1 - int(r, 80)));
    case 6: {
      const at = int(r, seed.length + 1);
      return splice(
        splice(seed, at, randomBytes(r, 1 + int(r, 40)), 0),
        at + 1 + int(r, 40),
        seed,
        at,
      );
    }
    case 7: {
      const at = int(r, seed.length);
      return splice(seed, at, seed, Math.min(seed.length, at + 1 + int(r, 40)));
    }
    case 8:
      return splice(seed, int(r, seed.length + 1), other, int(r, other.length + 1));
    case 9:
      return splice(seed, seed.length, randomBytes(r, 1 + int(r, 16)), 0);
    default: {
      const keep = int(r, Math.min(seed.length, 90));
      const tail = randomBytes(r, int(r, seed.length));
      return splice(seed, keep, tail, 0);
    }
  }
}

interface Target {
  readonly name: string;
  readonly weight: number;
  readonly corpus: readonly Uint8Array[];
  /** Decodes; returns a problem when an accepted input breaks the rules, else null. */
  readonly run: (input: Uint8Array) => string | null;
}

const enc = new TextEncoder();

function targets(): Target[] {
  const deltas = [T.sampleDelta(0, 0), T.sampleDelta(2, 0), T.sampleDelta(3, 1)];
  const roster = T.sampleRoster();
  const states: (RosterState | null)[] = [null];
  for (const entry of roster) {
    states.push(applyRosterEntry(states[states.length - 1] ?? null, entry, T.STRAND, T.keysFor));
  }
  const team = sampleTeamRoster();
  const teamStates: (RosterState | null)[] = [null];
  for (const entry of team) {
    teamStates.push(
      applyRosterEntry(teamStates[teamStates.length - 1] ?? null, entry, T.STRAND, teamKeysFor),
    );
  }
  const bundle = wrapBundle(T.SECRET_0, [x25519PublicKeyOf(T.X_B), x25519PublicKeyOf(T.X_A)]);
  const pairing = makePairingCode("https://relay.example", T.counterRandom(4));
  const peer = {
    ed25519: new Uint8Array(32).fill(1),
    x25519: x25519PublicKeyOf(T.X_B),
    name: "pc",
  };
  const hello = encodeHello(peer, pairing.parsed);
  const welcome = encodeWelcome({
    inviter: peer,
    strandId: T.STRAND,
    rosterSeq: 2,
    rosterHead: "ab".repeat(32),
  }, pairing.parsed);
  const frames = encodeFrames(deltas.map((bytes, i) => ({ seq: i + 1, bytes })));
  const bodies = [T.sampleBody(0), T.sampleBody(2, { stateHash: "cd".repeat(32) })].map(
    encodeChangeBody,
  );
  const relaySecret = new Uint8Array(32).fill(5);
  const heads = [0, 7, 2 ** 40].map((size) =>
    encodeLogHead(
      signLogHead(
        { strandId: T.STRAND, size, root: new Uint8Array(32).fill(size % 256) },
        relaySecret,
      ),
    )
  );
  const statements = heads.map((bytes) =>
    sealWitness(T.DEVICE_ID, openLogHead(bytes, publicKeyOf(relaySecret)), T.DEVICE_SECRET)
  );
  const proofs = [
    encodeLogProof({
      kind: "consistency",
      first: 3,
      second: 7,
      hashes: [heads[0]!.subarray(29, 61)],
    }),
    encodeLogProof({
      kind: "inclusion",
      first: 5,
      second: 1000,
      hashes: [new Uint8Array(32), new Uint8Array(32).fill(1)],
    }),
  ];
  const snapshots = [sampleSnapshot(0).parts[0]!, sampleSnapshot(3).parts[0]!];
  const markers = [sampleGcMarker(5), sampleGcMarker(2 ** 40)];
  const signers = [{ device: T.DEVICE_ID, ed25519: T.DEVICE_PUBLIC }];
  const snapshotBodies = [sampleSnapshotContent(0, 0), sampleSnapshotContent(3)].map((c) =>
    encodeSnapshotBody(c, T.STRAND, T.DEVICE_SECRET).bytes
  );
  const inCorpus = (corpus: readonly Uint8Array[], input: Uint8Array) =>
    corpus.some((item) => same(item, input)) ? null : "an altered input was accepted";
  return [
    {
      name: "delta",
      weight: 30,
      corpus: deltas,
      run: (input) => (openDelta(input, T.keysFor, T.STRAND), inCorpus(deltas, input)),
    },
    {
      name: "delta header",
      weight: 10,
      corpus: deltas,
      run: (input) => (readDeltaHeader(input), null),
    },
    {
      name: "change body",
      weight: 5,
      corpus: bodies,
      run: (input) => {
        const sealed = T.craftDelta(T.innerPlaintext(input, { total: padme(68 + input.length) }));
        const body = openDelta(sealed, T.keysFor, T.STRAND).body;
        return same(encodeChangeBody(body), input)
          ? null
          : "an accepted body re-encodes differently";
      },
    },
    {
      name: "change body (plain)",
      weight: 10,
      corpus: bodies,
      run: (input) =>
        same(encodeChangeBody(decodeChangeBody(input)), input) ? null : "re-encodes differently",
    },
    {
      name: "roster chain",
      weight: 15,
      corpus: roster,
      run: (input) => {
        // The mutant in the place its sequence claims, after the genuine entries before it.
        const at = Math.min(readRosterOuter(input).seq - 1, roster.length);
        applyRosterEntry(states[at]!, input, T.STRAND, T.keysFor);
        return inCorpus(roster, input);
      },
    },
    {
      name: "team roster chain",
      weight: 15,
      corpus: team,
      run: (input) => {
        const at = Math.min(readRosterOuter(input).seq - 1, team.length);
        applyRosterEntry(teamStates[at]!, input, T.STRAND, teamKeysFor);
        return inCorpus(team, input);
      },
    },
    {
      name: "roster outer",
      weight: 8,
      corpus: roster,
      run: (input) => (readRosterOuter(input), null),
    },
    {
      name: "bundle",
      weight: 6,
      corpus: [bundle],
      run: (input) =>
        same(openBundle(input, T.X_B), T.SECRET_0) ? null : "a bundle opened to another secret",
    },
    {
      name: "frames",
      weight: 8,
      corpus: [frames],
      run: (input) =>
        same(encodeFrames(parseFrames(input)), input) ? null : "frames re-encode differently",
    },
    {
      name: "hello",
      weight: 3,
      corpus: [hello],
      run: (input) => (openHello(input, pairing.parsed), inCorpus([hello], input)),
    },
    {
      name: "welcome",
      weight: 3,
      corpus: [welcome],
      run: (input) => (openWelcome(input, pairing.parsed), inCorpus([welcome], input)),
    },
    {
      name: "log head",
      weight: 4,
      corpus: heads,
      run: (input) => (openLogHead(input, publicKeyOf(relaySecret)), inCorpus(heads, input)),
    },
    {
      name: "witness statement",
      weight: 3,
      corpus: statements,
      run: (input) => (
        openWitness(input, T.DEVICE_ID, T.DEVICE_PUBLIC), inCorpus(statements, input)
      ),
    },
    {
      name: "log proof",
      weight: 4,
      corpus: proofs,
      run: (input) =>
        same(encodeLogProof(parseLogProof(input)), input) ? null : "a proof re-encodes differently",
    },
    {
      name: "snapshot part",
      weight: 8,
      corpus: snapshots,
      run: (input) => (openSnapshot([input], T.keysFor, T.STRAND), inCorpus(snapshots, input)),
    },
    {
      name: "snapshot header",
      weight: 3,
      corpus: snapshots,
      run: (input) => (readSnapshotPartHeader(input), null),
    },
    {
      name: "snapshot body (plain)",
      weight: 6,
      corpus: snapshotBodies,
      run: (input) => {
        // The signature is the caller's check: compare all but its 64 bytes.
        const decoded = decodeSnapshotBody(input);
        const again = encodeSnapshotBody(decoded.content, T.STRAND, T.DEVICE_SECRET).bytes;
        const at = 4 + decoded.manifestBytes.length;
        again.set(decoded.sigDev, at);
        return same(again, input) ? null : "an accepted snapshot body re-encodes differently";
      },
    },
    {
      name: "gc marker",
      weight: 4,
      corpus: markers,
      run: (
        input,
      ) => (openGcMarker(input, signers, T.KEYS_0.writePublic), inCorpus(markers, input)),
    },
    {
      name: "pairing code",
      weight: 2,
      corpus: [enc.encode(pairing.code)],
      run: (input) => {
        const text = new TextDecoder().decode(input);
        const parsed = parsePairingCode(text);
        return parsed.secret.length === 10 ? null : "a code parsed to a short secret";
      },
    },
  ];
}

/** Runs `iterations` inputs from `seed`. */
export function fuzzSyncWire(options: { iterations: number; seed: number }): SyncFuzzReport {
  const r = seededRandom(options.seed);
  const all = targets();
  const total = all.reduce((sum, t) => sum + t.weight, 0);
  const codes: Record<string, number> = {};
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  let accepted = 0;
  let unchanged = 0;
  for (let i = 0; i < options.iterations; i++) {
    let roll = r() * total;
    const target = all.find((t) => (roll -= t.weight) < 0) ?? all[0]!;
    const seedInput = target.corpus[int(r, target.corpus.length)]!;
    const other = target.corpus[int(r, target.corpus.length)]!;
    const input = mutate(seedInput, other, r);
    counts[target.name] = (counts[target.name] ?? 0) + 1;
    if (target.corpus.some((item) => same(item, input))) {
      unchanged++;
      continue;
    }
    try {
      const problem = target.run(input);
      accepted++;
      if (problem !== null) failures.push(`${target.name} #${i}: ${problem}`);
    } catch (error) {
      if (isHelixError(error)) codes[error.code] = (codes[error.code] ?? 0) + 1;
      else {
        failures.push(
          `${target.name} #${i}: ${error instanceof Error ? error.stack : String(error)}`,
        );
      }
    }
  }
  return { iterations: options.iterations, codes, targets: counts, accepted, unchanged, failures };
}
