/**
 * A roster change checked before it is sealed (R8): what every member's client would refuse
 * (`roster_members.ts`), refused here first, so this device never uploads an entry the others
 * would reject.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { applyMembership } from "./wire/roster_members.ts";
import type { RosterOp } from "./wire/roster_ops.ts";

/**
 * Throws what the other members would refuse `op` signed by `signer` with (`unauthorized`
 * naming the rule), as `Cannot <action>: …`, before anything is sealed or uploaded.
 */
export function assertAllowed(
  state: RosterState,
  op: RosterOp,
  signer: string,
  action: string,
): void {
  const opensEpoch = op.kind === "remove_member" || op.kind === "rotate" ||
    (op.kind === "remove_device" && op.previous !== undefined);
  try {
    applyMembership(state, op, signer, state.seq + 1, opensEpoch);
  } catch (error) {
    if (!isHelixError(error)) throw error;
    const reason = error.message.replace(/^Cannot read sync roster: entry \d+: /, "");
    throw new HelixError(error.code, `Cannot ${action}: ${reason}`, { cause: error });
  }
}
