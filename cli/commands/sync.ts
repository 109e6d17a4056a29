/**
 * `helix sync [init|join|push|pull|status|verify|repair|witness|snapshot|compact]`: keeps this strand in step with the user's other
 * machines through a relay that only ever holds ciphertext (docs/sync.md). `helix device add`
 * pairs a new machine.
 *
 * @module
 */
import type { PairingPrompts, SyncStatus } from "@helix/core";
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { createProgress } from "../output.ts";
import { syncAll } from "./sync_all.ts";
import { pullLine, pullProgress, pushLine } from "./sync_lines.ts";
import { recoverWithPhrase, showRecoveryPhrase } from "./sync_recovery.ts";
import { makeSnapshot, startedLine } from "./sync_snapshot.ts";
import { compactLog } from "./sync_compact.ts";

const SUBCOMMANDS = [
  "init",
  "join",
  "push",
  "pull",
  "status",
  "verify",
  "repair",
  "witness",
  "recovery",
  "recover",
  "snapshot",
  "compact",
] as const;

export const sync: Command = {
  name: "sync",
  summary: "Sync this strand (and your team strands) through an end-to-end encrypted relay",
  usage:
    "helix sync [init --relay URL | join <code> | push | pull | status | verify | repair | witness [URL | --off] | recovery | recover --relay URL --strand-id ID | snapshot | compact] [--yes]",
  details: `With no subcommand, pulls what your other machines pushed, then pushes what this one
wrote; on a machine in a team (without --strand), every team strand too, a line each. The relay stores only encrypted, signed deltas: it never sees a memory, a device id or a
clock. Every write is sealed for upload in its own transaction, so a crash never loses one.

  init --relay URL   start syncing this strand through the relay at URL (first machine); a
                     relay that needs its operator token to create strands gets it from
                     HELIX_RELAY_TOKEN
  join <code>        join the strand of another machine: run \`helix device add\` there and
                     give its code; both machines show a safety number, confirm they match
  push               upload this machine's changes
  pull               download and apply the other machines' changes
  status             the relay, the devices, what is waiting, set aside or alarming
  verify             sync, then print a fingerprint of what this machine holds: compare it with
                     your other machines (after they sync too); equal means the same memories
                     (--offline: no sync first)
  repair             upload the roster and every change this machine knows again (its own and,
                     as received, the other machines'), after the relay lost data (asks first;
                     run it on every machine still there)
  witness [URL]      show, or set, a second relay that witnesses this strand: each sync leaves
                     there a signed statement of the relay's log this machine verified and
                     checks the other machines' statements, so a relay showing two machines two
                     histories raises FORK without their changes ever meeting (set the same
                     witness on every machine; --off clears it)
  recovery           add a recovery phrase (24 words, shown once) that gets the strand back on a
                     new machine when every machine is lost; \`helix device remove recovery\`
                     revokes it
  recover --relay URL --strand-id ID
                     join the strand with its recovery phrase (asked without echo, or from
                     HELIX_RECOVERY_PHRASE), on a machine whose strand does not sync yet
  snapshot           sync, then upload a signed, encrypted snapshot of the strand: a machine or
                     member that joins later starts from it and pulls only what follows
  compact            (admins) sync, then let the relay drop the deltas the latest snapshot
                     covers, once every current device has acknowledged it (synced a change
                     made after it); otherwise names the devices still pending and sends
                     nothing (exit 75). A machine that was away starts from the snapshot
  --name NAME        this machine's name in the roster (init, join, recover; default
                     HELIX_DEVICE_NAME, else the host name)
  --yes              confirm the safety number (or the repair) without asking (scripts that
                     compare it themselves)

Exit codes: 0 done; 1 deltas were set aside (pull), an alarm is up (status) or you declined;
69 relay unreachable (nothing lost, try again); 75 devices have not acknowledged the snapshot
yet (compact); 76 the relay answered
outside the protocol; 77 this device's key does not open the strand or it is not a member.`,
  options: {
    relay: { type: "string" },
    name: { type: "string" },
    yes: { type: "boolean", short: "y" },
    offline: { type: "boolean" },
    off: { type: "boolean" },
    "strand-id": { type: "string" },
  },
  completions: SUBCOMMANDS,
  async run(invocation, ctx) {
    const [sub, ...rest] = invocation.positionals;
    if (sub === undefined) return await syncAll(ctx);
    const creates = sub === "init" || sub === "join" || sub === "recover";
    const engine = await ctx.engine({ create: creates, sync: true });
    switch (sub) {
      case "init": {
        const relay = stringFlag(invocation, "relay");
        if (!relay) throw new UsageError("give the relay: helix sync init --relay URL");
        const name = stringFlag(invocation, "name");
        const token = ctx.env.HELIX_RELAY_TOKEN;
        const { strandId } = await engine.syncInit(relay, {
          ...(name ? { name } : {}),
          ...(token ? { token } : {}),
        });
        const pushed = await engine.syncPush();
        if (ctx.flags.json) return ctx.printJson({ strandId, relay, uploaded: pushed.uploaded });
        ctx.print(
          `${ctx.out.green("syncing")} through ${relay} (strand ${strandId.slice(0, 12)}); ` +
            `uploaded ${pushed.uploaded} changes.\n` +
            ctx.out.dim("Add another machine: run `helix device add` here."),
        );
        return;
      }
      case "join": {
        const code = rest[0];
        if (!code) throw new UsageError("give the code `helix device add` showed");
        const name = stringFlag(invocation, "name");
        const result = await engine.syncJoin(
          code,
          prompts(ctx, booleanFlag(invocation, "yes")),
          name ? { name } : {},
        );
        if (!result.paired) {
          ctx.note("Not joined: the safety numbers were not confirmed.");
          return EXIT_FAILED;
        }
        const report = await engine.sync();
        if (ctx.flags.json) return ctx.printJson({ ...result, ...report });
        ctx.print(
          `${ctx.out.green("joined")} with ${result.peer}: pulled ${report.pull.applied} ` +
            `changes (${report.pull.opsAdded} ops), pushed ${report.push.uploaded}.` +
            startedLine(engine),
        );
        return;
      }
      case "push": {
        const progress = createProgress(ctx.io, "pushing", ctx.err);
        const report = await engine.syncPush({ onProgress: (d, t) => progress.update(d, t) });
        progress.finish();
        if (ctx.flags.json) return ctx.printJson(report);
        ctx.print(pushLine(report, kib(report.bytes)));
        return;
      }
      case "pull": {
        const report = await engine.syncPull({ onProgress: pullProgress(ctx) });
        if (ctx.flags.json) return ctx.printJson(report);
        ctx.print(pullLine(report));
        return report.quarantined > 0 ? EXIT_FAILED : undefined;
      }
      case "status": {
        const status = engine.syncStatus();
        if (ctx.flags.json) return ctx.printJson(status);
        ctx.print(statusLines(status, ctx).join("\n"));
        return status.alarms.length > 0 ? EXIT_FAILED : undefined;
      }
      case "verify": {
        if (!booleanFlag(invocation, "offline")) {
          await engine.sync();
          await engine.syncPull(); // and read back what this machine just pushed
        }
        const print = engine.syncFingerprint();
        if (ctx.flags.json) return ctx.printJson(print);
        ctx.print(
          `${print.fingerprint}  (${print.applied} changes)\n` +
            ctx.out.dim(
              "Compare it with your other machines after they sync: equal means the same memories.",
            ),
        );
        return;
      }
      case "repair": {
        if (!booleanFlag(invocation, "yes")) {
          const answer = await ctx.io.prompt(
            "Upload the roster and every change this machine sealed to the relay again? [y/N] ",
          );
          if (answer === null) {
            throw new UsageError("no terminal to confirm on: pass --yes to repair");
          }
          if (!/^(y|yes)$/i.test(answer.trim())) {
            ctx.note("Not repaired: nothing was sent.");
            return EXIT_FAILED;
          }
        }
        const progress = createProgress(ctx.io, "repairing", ctx.err);
        const report = await engine.syncRepair({ onProgress: (d, t) => progress.update(d, t) });
        progress.finish();
        if (ctx.flags.json) return ctx.printJson(report);
        ctx.print(
          `repaired: ${report.restored} of this machine's changes, ${report.restoredForOthers} ` +
            `of other devices' and ${report.rosterRestored} roster entries restored, ` +
            `${report.present} already there; the next pull reads the relay's log from the start`,
        );
        return;
      }
      case "recovery":
        return await showRecoveryPhrase(engine, ctx);
      case "snapshot":
        return await makeSnapshot(engine, ctx);
      case "compact":
        return await compactLog(engine, ctx);
      case "recover":
        return await recoverWithPhrase(engine, ctx, {
          relay: stringFlag(invocation, "relay"),
          strand: stringFlag(invocation, "strand-id"),
          name: stringFlag(invocation, "name"),
        });
      case "witness": {
        const [url] = rest;
        if (booleanFlag(invocation, "off")) engine.syncSetWitness(null);
        else if (url !== undefined) engine.syncSetWitness(url);
        const witness = engine.syncStatus().witness;
        if (ctx.flags.json) return ctx.printJson({ witness });
        ctx.print(witness === null ? "no witness" : `witness    ${witness}`);
        return;
      }
      default:
        throw new UsageError(`unknown sync subcommand "${sub}" (one of ${SUBCOMMANDS.join(", ")})`);
    }
  },
};

/** Asks the person to compare the safety number, unless `yes`. */
export function prompts(ctx: CommandContext, yes: boolean): PairingPrompts {
  return {
    async confirm(sas, peer) {
      ctx.note(`Safety number with ${peer.name}: ${sas}`);
      if (yes) return true;
      const answer = await ctx.io.prompt("Does the other machine show the same number? [y/N] ");
      if (answer === null) {
        throw new UsageError(
          "no terminal to confirm the safety number on: compare it and pass --yes",
        );
      }
      return /^(y|yes)$/i.test(answer.trim());
    },
  };
}

function statusLines(status: SyncStatus, ctx: CommandContext): string[] {
  if (!status.synced) {
    return ["not syncing: run `helix sync init --relay URL` or `helix sync join <code>`"];
  }
  const when = (ms: number | null) => ms === null ? "never" : new Date(ms).toISOString();
  const lines = [
    `relay      ${status.relay}`,
    `strand     ${status.strandId}`,
    `witness    ${status.witness ?? "none (helix sync witness URL)"}`,
    `relay key  ${
      status.relayKey === null
        ? "none (the relay signs no log)"
        : `${status.relayKey.key.slice(0, 16)}${
          status.relayKey.inRoster ? " (pinned in the roster)" : " (pinned on this machine only)"
        }`
    }`,
    `last push  ${when(status.pushedAt)}`,
    `last pull  ${when(status.pulledAt)}`,
    `unpushed   ${status.unpushed}`,
    `pending    ${status.pending}`,
    `set aside  ${status.quarantined}`,
    "devices",
    ...(status.devices ?? []).map((d) =>
      `  ${d.id.slice(0, 12)}  ${d.name}${d.me ? ctx.out.dim(" (this machine)") : ""}`
    ),
  ];
  for (const q of status.quarantine) {
    lines.push(ctx.out.yellow(`set aside ${q.deltaId.slice(0, 12)}: ${q.reason}`));
  }
  for (const alarm of status.alarms) lines.push(ctx.out.red(`${alarm.kind}: ${alarm.detail}`));
  return lines;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}
