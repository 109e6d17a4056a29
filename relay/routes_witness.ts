/**
 * The witness routes (sync-protocol R22): any Helix relay can witness another's strands. A
 * device leaves its latest signed statement (`core/sync/wire/witness.ts`: the log head it
 * verified at its relay, signed with its device key) under the strand's witness id and its
 * own slot (both hashes), and reads the statements at the slots of the other devices of its
 * roster. The witness checks only the shape: it holds no device id and no key, and it can drop
 * a statement but never forge one. Statements live 30 days after their last update, in the
 * rendezvous table.
 *
 * @module
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { parseWitness, WITNESS_LENGTH } from "@helix/core/wire";
import type { RelayDeps, RelayEnv } from "./app.ts";
import { readLimitedBody } from "./body.ts";
import { badRequest, RelayError } from "./errors.ts";

/** How long a statement is kept after its last update. */
export const WITNESS_TTL_MS = 30 * 24 * 3_600_000;

const ID = /^[0-9a-f]{64}$/;
const SLOT = /^[0-9a-f]{32}$/;

/** The storage id of a strand's statements: apart from pairing rendezvous ids. */
const storageId = (id: string) => `witness:${id}`;

function keyOf(c: Context<RelayEnv>): { id: string; slot: string } {
  const id = c.req.param("id") ?? "";
  const slot = c.req.param("slot") ?? "";
  if (!ID.test(id)) throw badRequest("A witness id is 64 lowercase hex digits");
  if (!SLOT.test(slot)) throw badRequest("A witness slot is 32 lowercase hex digits");
  return { id, slot };
}

/** The `/v1/witness` routes. */
export function witnessRoutes(deps: RelayDeps): Hono<RelayEnv> {
  const { storage, clock } = deps;
  const routes = new Hono<RelayEnv>();

  routes.put("/:id/:slot", async (c) => {
    const { id, slot } = keyOf(c);
    const bytes = await readLimitedBody(c.req.raw, WITNESS_LENGTH, "A witness statement");
    try {
      parseWitness(bytes);
    } catch (error) {
      throw badRequest(`Not a witness statement: ${(error as Error).message}`);
    }
    await storage.putRendezvous(storageId(id), slot, bytes, clock.now() + WITNESS_TTL_MS);
    return c.json({ ttl: WITNESS_TTL_MS / 1000 }, 201);
  });

  routes.get("/:id/:slot", async (c) => {
    const { id, slot } = keyOf(c);
    const bytes = await storage.getRendezvous(storageId(id), slot, clock.now());
    if (!bytes) throw new RelayError(404, "not_found", "No statement at this slot");
    c.header("content-type", "application/octet-stream");
    c.header("cache-control", "no-store");
    return c.body(bytes.slice().buffer, 200);
  });

  return routes;
}
