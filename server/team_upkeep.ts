/**
 * Which machine keeps a team strand: the rule is core's (`core/workspace/keeper.ts`), so the
 * server, the CLI and the dashboard name the same keeper.
 *
 * @module
 */
export { isKeeper, KEEPER_SILENCE_MS, type KeeperInput, keeperOf, seenAt } from "@helix/core";
