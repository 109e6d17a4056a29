/**
 * The sync slice of the engine (issue 17, docs/sync.md): start sync, pair devices, push and
 * pull through a relay that only ever holds ciphertext, and report where sync stands. When
 * the strand syncs and the engine has this device's keys, every write transaction seals its
 * new ops into the outbox before it commits (R19).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { setWitness, syncCounts, syncStrand } from "../store/queries/sync.ts";
import { savepoint, writeTransaction } from "../store/transaction.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import { initSync } from "./init.ts";
import { type Keyring, openKeyring } from "./keyring.ts";
import { invite, join } from "./pair.ts";
import { pull, type PullProgress } from "./pull.ts";
import { push, type PushProgress } from "./push.ts";
import { repair } from "./repair.ts";
import { fingerprintOf } from "./verify.ts";
import { verifiedHead } from "../store/queries/sync_log.ts";
import { parseLogHead } from "./wire/log_head.ts";
import { toHex } from "./wire/ids.ts";
import { stateHash } from "../ops/state_hash.ts";
import { httpRelay } from "./relay_http.ts";
import type { RelayPort } from "./relay_port.ts";
import { exchangeWithWitness } from "./witness.ts";
import { pinRelayInRoster, reconcileRelayPin } from "./relay_pin.ts";
import { adoptEpoch, removeDevice } from "./rotate.ts";
import { addRecovery, recover } from "./recovery.ts";
import { newRecoveryPhrase } from "../crypto/recovery_phrase.ts";
import { localRoster, refreshRoster } from "./roster.ts";
import { sealNew } from "./seal.ts";
import { syncStatus } from "./status.ts";
import type { SyncApi } from "./api_types.ts";
import { createTeamApi } from "./team_api.ts";
import { makeSnapshot } from "./snapshot.ts";
import { compactStrand } from "./compact.ts";
import { acknowledgeSnapshot } from "./acknowledge.ts";
import { snapshotMark } from "../store/queries/sync_snapshot.ts";

export type { SyncApi, SyncProgress, SyncReport, TeamSyncApi } from "./api_types.ts";

/** Builds the sync API, and installs the outbox seal when the strand syncs and keys are here. */
export function createSyncApi(deps: SyncDeps & { deviceName: string }): SyncApi {
  const { store } = deps;
  let keyring: Keyring | null = null;

  const needKeys = (action: string): SyncKeys => {
    if (deps.keys === null) {
      throw new HelixError(
        "unauthorized",
        `Cannot ${action}: this process was opened without the device keys sync needs`,
      );
    }
    return deps.keys;
  };
  const needStrand = (action: string) => {
    const strand = syncStrand(store);
    if (strand === null) {
      throw new HelixError(
        "not_found",
        `Cannot ${action}: this strand does not sync; run \`helix sync init --relay URL\` or \`helix sync join <code>\``,
      );
    }
    return strand;
  };
  const ring = (action: string): Keyring => {
    const strand = needStrand(action);
    return keyring ??= openKeyring(store, strand.strandId, needKeys(action).exchange.secretKey);
  };
  const relayOf = (relay: RelayPort | undefined, url: string) => relay ?? httpRelay(url);
  const sealPending = (): number => {
    const strand = syncStrand(store);
    if (strand === null || deps.keys === null) return 0;
    return sealNew(store, strand, ring("seal changes"), deps.keys);
  };
  const installSeal = () => {
    if (deps.keys === null || syncStrand(store) === null) return;
    deps.log.beforeCommit(() => {
      try {
        savepoint(store.db, sealPending);
      } catch {
        // Left for the next push, which seals what is missing and reports why it failed.
      }
    });
  };
  installSeal();

  /** This device now syncs (started, joined or recovered): fresh keys, and its ops sealed. */
  const entered = () => {
    keyring = null;
    writeTransaction(store.db, "seal changes", sealPending);
    installSeal();
  };
  /** Pins in the roster the key `port` signs with now (after start, or a confirmed repair). */
  const pinServedKey = async (strandId: string, keys: SyncKeys, port: RelayPort) => {
    const relayKey = await port.relayKey();
    if (relayKey === null) return;
    await pinRelayInRoster(store, { strandId, keys, keyring: ring("pin"), relay: port, relayKey });
  };

  /** The strand, keys and relay of an exchange, and the roster brought up to date from it. */
  const connect = async (action: string, relay?: RelayPort) => {
    const strand = needStrand(action);
    const keys = needKeys(action);
    const port = relayOf(relay, strand.relay);
    const held = ring(action);
    const { strandId } = strand;
    const fresh = await refreshRoster(store, port, strandId, held, keys.exchange.secretKey);
    const roster = await reconcileRelayPin(store, fresh, {
      strandId,
      keys,
      keyring: held,
      relay: port,
      now: deps.clock.now(),
    });
    // A rotation opened an epoch: its key was kept with the roster; open the keyring again.
    if (held.epoch < roster.epoch) keyring = null;
    adoptEpoch(store, roster, ring(action), keys);
    return { keys, port, roster };
  };
  type Connection = Awaited<ReturnType<typeof connect>>;
  const team = createTeamApi({
    deps,
    needKeys,
    needStrand,
    ring,
    forgetKeys: () => {
      keyring = null;
    },
    entered,
    pinServedKey,
    connect,
  });
  const doPush = async ({ keys, port, roster }: Connection, onProgress?: PushProgress) => {
    if (!roster.devices.some((d) => d.device === keys.device.fingerprint)) {
      throw new HelixError(
        "unauthorized",
        "Cannot push: this device is no longer in the strand's roster",
      );
    }
    const sealed = writeTransaction(store.db, "seal changes", sealPending);
    const pushed = await push(deps, port, onProgress);
    // An idle device's acknowledgement of the relay's latest snapshot, once (R28).
    const acknowledged = await acknowledgeSnapshot(deps, {
      relay: port,
      keyring: ring("push"),
      keys,
    });
    return { ...pushed, ...(acknowledged ? { acknowledged } : {}), sealed };
  };
  const doPull = ({ port, roster }: Connection, onProgress?: PullProgress) =>
    pull(deps, port, ring("pull"), roster, onProgress);

  return {
    ...team,
    syncStatus: () => {
      const strand = syncStrand(store);
      let roster = null;
      if (strand !== null && deps.keys !== null) {
        try {
          roster = localRoster(store, strand.strandId, ring("read the roster"));
        } catch { /* shown as unknown devices */ }
      }
      return syncStatus(
        strand,
        syncCounts(store),
        roster,
        deps.keys?.device.fingerprint ?? null,
        deps.clock.now(),
        store,
      );
    },
    async syncInit(relay, options = {}) {
      const keys = needKeys("start sync");
      const port = typeof relay === "string"
        ? httpRelay(relay, options.token ? { token: options.token } : {})
        : relay;
      const result = await initSync(deps, keys, port, options.name ?? deps.deviceName);
      entered();
      await pinServedKey(result.strandId, keys, port);
      return result;
    },
    async syncInvite(prompts, options = {}) {
      const action = "add a device";
      const strand = needStrand(action);
      const keys = needKeys(action);
      const port = relayOf(options.relay, strand.relay);
      return await invite(deps, keys, ring(action), port, options.name ?? deps.deviceName, prompts);
    },
    async syncJoin(code, prompts, options = {}) {
      const keys = needKeys("join");
      const result = await join(
        deps,
        keys,
        options.relay ?? ((url) => httpRelay(url)),
        code,
        options.name ?? deps.deviceName,
        prompts,
      );
      if (result.paired) {
        entered();
      }
      return result;
    },
    async sync(options = {}) {
      const connection = await connect("sync", options.relay);
      const pulled = await doPull(connection, options.onPull);
      const pushed = await doPush(connection, options.onPush);
      const { sealed, ...rest } = pushed;
      const url = syncStrand(store)?.witness ?? null;
      const witness = options.witness ?? (url === null ? null : httpRelay(url));
      if (witness === null) return { pull: pulled, push: rest, sealed };
      const { strandId } = needStrand("sync");
      const exchanged = await exchangeWithWitness(store, {
        strandId,
        keys: connection.keys,
        roster: connection.roster,
        relay: connection.port,
        witness,
        now: deps.clock.now(),
      });
      return { pull: pulled, push: rest, sealed, witness: exchanged };
    },
    async syncRemoveDevice(which, options = {}) {
      const action = "remove a device";
      const { keys, port } = await connect(action, options.relay);
      const { strandId } = needStrand(action);
      const report = await removeDevice(store, {
        strandId,
        keys,
        keyring: ring(action),
        relay: port,
        which,
      });
      keyring = null;
      adoptEpoch(store, localRoster(store, strandId, ring(action)), ring(action), keys);
      return report;
    },
    async syncRecoveryPhrase(options = {}) {
      const action = "add a recovery phrase";
      const { keys, port } = await connect(action, options.relay);
      const { strandId } = needStrand(action);
      const { phrase, keys: recovery } = newRecoveryPhrase();
      await addRecovery(store, { strandId, keys, keyring: ring(action), relay: port, recovery });
      return { phrase, strandId, relay: port.url };
    },
    async syncRecover(phrase, options) {
      const keys = needKeys("recover");
      const port = typeof options.relay === "string" ? httpRelay(options.relay) : options.relay;
      const result = await recover(deps, keys, port, {
        strandId: options.strandId,
        phrase,
        name: options.name ?? deps.deviceName,
      });
      entered();
      return result;
    },
    syncSetWitness(url) {
      needStrand("set a witness");
      const normal = url === null ? null : httpRelay(url).url;
      writeTransaction(store.db, "set the witness", () => setWitness(store, normal));
    },
    syncPull: async (options = {}) =>
      doPull(await connect("pull", options.relay), options.onProgress),
    syncFingerprint() {
      const strand = needStrand("fingerprint the strand");
      const head = verifiedHead(store);
      const log = head === null ? null : parseLogHead(head);
      return fingerprintOf(
        strand.strandId,
        stateHash(store.db),
        syncCounts(store).applied,
        log === null ? null : { size: log.size, root: toHex(log.root) },
      );
    },
    async syncRepair(options = {}) {
      const strand = needStrand("repair");
      const keys = needKeys("repair");
      writeTransaction(store.db, "seal changes", sealPending);
      const port = relayOf(options.relay, strand.relay);
      const report = await repair(store, port, deps.clock.now(), options.onProgress);
      // The person confirmed the repair: the key the relay signs with now is the members' pin.
      await pinServedKey(strand.strandId, keys, port);
      return report;
    },
    syncPush: async (options = {}) =>
      doPush(await connect("push", options.relay), options.onProgress),
    async syncSnapshot(options = {}) {
      const action = "make a snapshot";
      const connection = await connect(action, options.relay);
      await doPull(connection);
      await doPush(connection);
      const { keys, port } = connection;
      const { strandId } = needStrand(action);
      return await makeSnapshot(deps, { strandId, keys, keyring: ring(action), relay: port });
    },
    syncSnapshotMark: () => snapshotMark(store),
    async syncCompact(options = {}) {
      const action = "compact the relay's log";
      const connection = await connect(action, options.relay);
      // This device's acknowledgements, and the other devices' it can learn, are current.
      await doPull(connection);
      await doPush(connection);
      const { keys, port, roster } = connection;
      const { strandId } = needStrand(action);
      return await compactStrand(store, {
        strandId,
        keys,
        keyring: ring(action),
        relay: port,
        roster,
      });
    },
  };
}
