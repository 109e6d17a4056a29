/**
 * What a change names as ended is another thing than the stored value, though it shares its
 * name: another product of its maker ("Expo push notifications", `other_product.ts`), a file
 * of the tool ("pnpm-lock.yaml", `file_named.ts`), or a part or use of it that the value only
 * modifies ("the LaunchDarkly SDK wrapper", `modified_value.ts`); or the two are about
 * different days ("weekday on-call" / "weekend on-call", `other_days.ts`), or the change names an
 * old value of its own that the stored fact does not hold (`own_old.ts`). Whatever reading found
 * the change, the stored fact stands.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { fileNamed } from "./file_named.ts";
import { onlyModifies } from "./modified_value.ts";
import { otherProduct } from "./other_product.ts";
import { otherDays } from "./other_days.ts";
import { ownOld } from "./own_old.ts";

/** Whether a change of the stored value `from` (to `to`) is a change of another thing. */
export function otherThing(
  from: string,
  to: string | null,
  incoming: Statement,
  stored: Statement,
): boolean {
  return otherProduct(from, incoming, stored) || fileNamed(from, to, incoming) ||
    onlyModifies(from, incoming, stored) || otherDays(incoming, stored) ||
    ownOld(from, incoming, stored);
}
