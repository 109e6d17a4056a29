/**
 * `helix team create|invite|join|members|remove|leave|rotate|role`: team strands (docs/teams.md).
 * A team's memories live in their own strand file (`strands/team-<name>.db`), synced through a
 * relay that only holds ciphertext; `teams.json` lists this machine's teams. Each subcommand is
 * one row of {@linkcode TEAM_SUBCOMMANDS} (`share` lives in its own file).
 *
 * @module
 */
import {
  keeperOf,
  readTeams,
  seenAt,
  type TeamView,
  withoutTeam,
  withTeam,
  writeTeams,
} from "@helix/core";
import { booleanFlag, type Command, type Invocation, stringFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { prompts } from "./sync.ts";
import { joinTeam, openTeam, teamFile } from "./team_files.ts";
import { TEAM_SHARE_OPTIONS, teamShare, teamUnshare } from "./team_share.ts";

/** One `helix team` subcommand. */
export interface TeamSubcommand {
  /** What the user types after `helix team`. */
  readonly name: string;
  /** Its line in `helix team --help`. */
  readonly help: string;
  /** Runs it (`args`: the positionals after its name). */
  run(args: readonly string[], invocation: Invocation, ctx: CommandContext): Promise<number | void>;
}

const create: TeamSubcommand = {
  name: "create",
  help: `create <name> --relay URL [--as NAME]
               start team <name> (1-40 lower-case letters, digits, dashes) on the relay at
               URL, with you as its first admin, named NAME (default: this machine's name); a
               relay that needs its operator token gets it from HELIX_RELAY_TOKEN`,
  async run([name], invocation, ctx) {
    const relay = stringFlag(invocation, "relay");
    if (!name) throw new UsageError("give the team's name: helix team create <name> --relay URL");
    if (!relay) throw new UsageError("give the relay: helix team create <name> --relay URL");
    const home = ctx.config.config.home;
    const teams = await readTeams(home);
    const file = await teamFile(home, name, teams);
    await ctx.engine({ create: true }); // the personal strand beside it, for what stays personal
    const as = stringFlag(invocation, "as");
    const device = stringFlag(invocation, "name");
    const token = ctx.env.HELIX_RELAY_TOKEN;
    const engine = await ctx.engine({ path: file, create: true, sync: true });
    let created;
    try {
      created = await engine.teamCreate(relay, {
        team: name,
        ...(as ? { member: as } : {}),
        ...(device ? { name: device } : {}),
        ...(token ? { token } : {}),
      });
    } catch (error) {
      engine.close();
      await Deno.remove(file).catch(() => {});
      throw error;
    }
    await writeTeams(home, withTeam(teams, name));
    const pushed = await engine.syncPush();
    if (ctx.flags.json) {
      return ctx.printJson({ ...created, relay, file, uploaded: pushed.uploaded });
    }
    ctx.print(
      `${ctx.out.green("created")} team ${name} through ${relay}; you are its admin, ` +
        `${created.member}.\n` + ctx.out.dim("Invite someone: run `helix team invite` here."),
    );
  },
};

const invite: TeamSubcommand = {
  name: "invite",
  help: `invite [--admin]
               show a one-time code for the person to run \`helix team join <code> --as NAME\`
               with, within ten minutes; both then see a safety number to compare (admins
               only; --admin makes them an admin)`,
  async run(_args, invocation, ctx) {
    const { engine } = await openTeam(ctx, invocation);
    const result = await engine.teamInvite({
      ...prompts(ctx, booleanFlag(invocation, "yes")),
      onCode(code) {
        if (ctx.flags.json) ctx.printJson({ code });
        else {
          ctx.print(`Ask them to run:\n\n  helix team join '${code}' --as <their name>\n`);
          ctx.note("Waiting for them (ten minutes)…");
        }
      },
    }, booleanFlag(invocation, "admin") ? { role: "admin" } : {});
    if (!result.paired) {
      ctx.note("Not added: the safety numbers were not confirmed.");
      return EXIT_FAILED;
    }
    if (ctx.flags.json) return ctx.printJson(result);
    ctx.print(`${ctx.out.green("added")} ${result.peer}`);
  },
};

const join: TeamSubcommand = {
  name: "join",
  help: `join <code> --as NAME
               join the team an admin's \`helix team invite\` code names, as NAME`,
  async run([code], invocation, ctx) {
    const as = stringFlag(invocation, "as");
    if (!code) throw new UsageError("give the code `helix team invite` showed");
    if (!as) throw new UsageError("give your name in the team: helix team join <code> --as NAME");
    await ctx.engine({ create: true }); // the personal strand beside it, for what stays personal
    const joined = await joinTeam(
      ctx,
      code,
      as,
      prompts(ctx, booleanFlag(invocation, "yes")),
      stringFlag(invocation, "name"),
    );
    if (joined === null) {
      ctx.note("Not joined: the safety numbers were not confirmed.");
      return EXIT_FAILED;
    }
    if (ctx.flags.json) return ctx.printJson(joined);
    ctx.print(
      `${ctx.out.green("joined")} team ${joined.team} as ${as} (invited by ${joined.peer}): ` +
        `pulled ${joined.pulled} changes.`,
    );
  },
};

const members: TeamSubcommand = {
  name: "members",
  help: `members [--offline]
               the members, their roles and machines, when each machine was last heard from,
               and which one keeps the strand (--offline: as last seen)`,
  async run(_args, invocation, ctx) {
    const { engine } = await openTeam(ctx, invocation);
    const view = await engine.teamMembers({ offline: booleanFlag(invocation, "offline") });
    if (ctx.flags.json) return ctx.printJson(view);
    const keeper = keeperOf({ view, now: ctx.io.now(), seenAt: seenAt(engine.syncStatus()) });
    ctx.print(memberLines(view, keeper, ctx).join("\n"));
  },
};

const remove: TeamSubcommand = {
  name: "remove",
  help: `remove <member>
               take a member out (their name or id; admins only): a new key goes to the
               remaining members' machines only, so the removed member reads nothing written
               from now on`,
  async run([which], invocation, ctx) {
    if (!which) throw new UsageError("give the member: helix team remove <member>");
    const { engine, team } = await openTeam(ctx, invocation);
    if (
      !booleanFlag(invocation, "yes") &&
      !await ctx.confirm(`Remove ${which} from team ${team}? They get no key from now on.`)
    ) {
      ctx.note("Not removed.");
      return EXIT_FAILED;
    }
    const report = await engine.teamRemove(which);
    if (ctx.flags.json) return ctx.printJson(report);
    ctx.print(
      `${ctx.out.green("removed")} ${report.removed.name} (${report.removed.devices} machines); ` +
        `${report.remaining} machines hold the new key (epoch ${report.epoch})`,
    );
  },
};

const leave: TeamSubcommand = {
  name: "leave",
  help: `leave        leave the team: this machine stops syncing it; its file stays here`,
  async run(_args, invocation, ctx) {
    const { engine, team, file } = await openTeam(ctx, invocation);
    if (!booleanFlag(invocation, "yes") && !await ctx.confirm(`Leave team ${team}?`)) {
      ctx.note("Not left.");
      return EXIT_FAILED;
    }
    const left = await engine.teamLeave();
    const home = ctx.config.config.home;
    await writeTeams(home, withoutTeam(await readTeams(home), team));
    if (ctx.flags.json) return ctx.printJson({ ...left, team, file });
    ctx.print(
      `${ctx.out.green("left")} team ${team}. Its memories stay in ${file}, which no longer syncs.`,
    );
  },
};

const rotate: TeamSubcommand = {
  name: "rotate",
  help: `rotate       give the members' machines a new key (admins only): after a member left`,
  async run(_args, invocation, ctx) {
    const { engine } = await openTeam(ctx, invocation);
    const report = await engine.teamRotate();
    if (ctx.flags.json) return ctx.printJson(report);
    ctx.print(
      `${
        ctx.out.green("rotated")
      }: ${report.remaining} machines hold the key of epoch ${report.epoch}`,
    );
  },
};

const role: TeamSubcommand = {
  name: "role",
  help: `role <member> admin|member
               make a member an admin, or an admin a member (admins only; a team keeps at
               least one admin)`,
  async run([which, wanted], invocation, ctx) {
    if (!which || (wanted !== "admin" && wanted !== "member")) {
      throw new UsageError("usage: helix team role <member> admin|member");
    }
    const { engine } = await openTeam(ctx, invocation);
    const report = await engine.teamSetRole(which, wanted);
    if (ctx.flags.json) return ctx.printJson(report);
    ctx.print(`${report.name} is now ${wanted === "admin" ? "an admin" : "a member"}`);
  },
};

const list: TeamSubcommand = {
  name: "list",
  help: `list         this machine's teams and the projects shared with each (also: no subcommand)`,
  async run(_args, _invocation, ctx) {
    const teams = await readTeams(ctx.config.config.home);
    if (ctx.flags.json) return ctx.printJson(teams);
    ctx.print(
      teams.teams.map((t) => {
        const shared = Object.entries(teams.shares).filter(([, n]) => n === t.name);
        return `${t.name}${shared.length ? `  (${shared.map(([p]) => p).join(", ")})` : ""}`;
      }).join("\n") ||
        "no teams: `helix team create <name> --relay URL` or `helix team join <code> --as NAME`",
    );
  },
};

/** The subcommands, by name (`share` is added from `team_share.ts`). */
export const TEAM_SUBCOMMANDS: readonly TeamSubcommand[] = [
  create,
  invite,
  join,
  members,
  remove,
  leave,
  rotate,
  role,
  list,
  {
    name: "share",
    help: `share <project> <team> [--move-existing]
               from now on the project's memories are written to the team's strand, read by
               every member; global memories (identity, preferences) stay personal.
               --move-existing also moves the project's memories already in your personal
               strand (created in the team strand naming their origin, forgotten in yours)`,
    run: (args, invocation, ctx) => teamShare({ ...invocation, positionals: [...args] }, ctx),
  },
  {
    name: "unshare",
    help: `unshare <project>
               new memories of the project stay personal again (those in the team strand
               stay there)`,
    run: (args, invocation, ctx) => teamUnshare({ ...invocation, positionals: [...args] }, ctx),
  },
];

/** The roster for people: each member, its devices, when each was last heard from, the keeper. */
function memberLines(view: TeamView, keeper: string | null, ctx: CommandContext): string[] {
  const lines = [
    `team ${view.team ?? "(personal strand)"}  epoch ${view.epoch}` +
    (view.rotationPending ? ctx.out.yellow("  rotation pending: run `helix team rotate`") : ""),
  ];
  const width = Math.max(...view.members.map((m) => m.name.length));
  for (const m of view.members) {
    lines.push(
      `  ${m.name.padEnd(width)}  ${m.role.padEnd(6)}  ${m.member.slice(0, 12)}${
        m.me ? ctx.out.dim("  (you)") : ""
      }`,
    );
    for (const d of m.devices) {
      const heard = d.heardAt === undefined
        ? ""
        : `  last heard ${new Date(d.heardAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;
      lines.push(
        ctx.out.dim(
          `      ${d.id.slice(0, 12)}  ${d.name}${d.me ? " (this machine)" : ""}${heard}`,
        ) +
          (d.id === keeper ? "  keeps the strand" : ""),
      );
    }
  }
  return lines;
}

const USAGE = `helix team [${TEAM_SUBCOMMANDS.map((s) => s.name).join(" | ")}] [--team NAME]`;

export const team: Command = {
  name: "team",
  summary: "Share memory with a team: create, invite, join, share a project, members, remove",
  usage: USAGE,
  details: `A team's memories live in a strand of their own, synced through a relay that only
ever holds ciphertext; admins invite and remove members, and removing one gives everyone
else a new key. \`helix sync\` syncs every team strand with the rest.

${TEAM_SUBCOMMANDS.map((s) => `  ${s.help}`).join("\n")}

  --team NAME   which team (may be left out when this machine is in exactly one)
  --yes         confirm (the safety number, a removal, leaving) without asking
  --name NAME   this machine's name in the team (create, join; default HELIX_DEVICE_NAME, else
                the host name)

Exit codes: 0 done; 1 you declined; 66 no such team or member; 69 relay unreachable;
77 only an admin may do that, or this machine is no longer in the team.`,
  options: {
    relay: { type: "string" },
    as: { type: "string" },
    team: { type: "string" },
    name: { type: "string" },
    admin: { type: "boolean" },
    offline: { type: "boolean" },
    yes: { type: "boolean", short: "y" },
    ...TEAM_SHARE_OPTIONS,
  },
  completions: TEAM_SUBCOMMANDS.map((s) => s.name),
  async run(invocation, ctx) {
    const [sub = "list", ...args] = invocation.positionals;
    const found = TEAM_SUBCOMMANDS.find((s) => s.name === sub);
    if (found === undefined) {
      throw new UsageError(`unknown team subcommand "${sub}" (usage: ${USAGE})`);
    }
    return await found.run(args, invocation, ctx);
  },
};
