/**
 * The command table, in the order `helix help` lists them.
 *
 * @module
 */
import type { Command } from "../command.ts";
import { add } from "./add.ts";
import { backfill } from "./backfill.ts";
import { completions } from "./completions.ts";
import { config } from "./config.ts";
import { connect } from "./connect.ts";
import { context } from "./context.ts";
import { device } from "./device.ts";
import { diff } from "./diff.ts";
import { doctor } from "./doctor.ts";
import { edit } from "./edit.ts";
import { exportCommand } from "./export.ts";
import { flags } from "./flags.ts";
import { flush } from "./flush.ts";
import { forget } from "./forget.ts";
import { hook } from "./hook.ts";
import { importCommand } from "./import.ts";
import { init } from "./init.ts";
import { list } from "./list.ts";
import { log } from "./log.ts";
import { mcp } from "./mcp.ts";
import { merge } from "./merge.ts";
import { reembed } from "./reembed.ts";
import { relate } from "./relate.ts";
import { relay } from "./relay.ts";
import { rollback } from "./rollback.ts";
import { rules } from "./rules.ts";
import { search } from "./search.ts";
import { show } from "./show.ts";
import { sleep } from "./sleep.ts";
import { status } from "./status.ts";
import { sync } from "./sync.ts";
// Until `helix team` (cli/commands/team.ts) dispatches share/unshare to team_share.ts.
import { teamShareCommand } from "./team_share.ts";
import { ui } from "./ui.ts";

/** Every command. */
export const COMMANDS: readonly Command[] = [
  init,
  status,
  add,
  search,
  context,
  list,
  show,
  ui,
  edit,
  forget,
  relate,
  flags,
  log,
  diff,
  rollback,
  importCommand,
  exportCommand,
  merge,
  sync,
  device,
  teamShareCommand,
  backfill,
  reembed,
  flush,
  sleep,
  doctor,
  config,
  connect,
  hook,
  rules,
  mcp,
  relay,
  completions,
];

/** The command named `name`, if any. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
