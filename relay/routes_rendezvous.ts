/**
 * Rendezvous slots for pairing (R5): opaque blobs of at most 64 KiB that live ten minutes.
 * The relay forwards them and learns nothing else; expired blobs are swept at most once a
 * minute, on a write.
 *
 * @module
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { RelayDeps, RelayEnv } from "./app.ts";
import { readLimitedBody } from "./body.ts";
import { badRequest, RelayError } from "./errors.ts";
import type { RelayLimits } from "./limits.ts";

const ID = /^[A-Za-z0-9_-]{8,64}$/;
const SLOT = /^[a-z]{1,16}$/;
const SWEEP_EVERY_MS = 60_000;

function slotOf(c: Context<RelayEnv>): { id: string; slot: string } {
  const id = c.req.param("id") ?? "";
  const slot = c.req.param("slot") ?? "";
  if (!ID.test(id)) throw badRequest("A rendezvous id is 8 to 64 characters of [A-Za-z0-9_-]");
  if (!SLOT.test(slot)) throw badRequest("A rendezvous slot is 1 to 16 lowercase letters");
  return { id, slot };
}

/** The `/v1/rendezvous` routes. */
export function rendezvousRoutes(deps: RelayDeps & { limits: RelayLimits }): Hono<RelayEnv> {
  const { storage, clock, limits } = deps;
  const routes = new Hono<RelayEnv>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  routes.put("/:id/:slot", async (c) => {
    const { id, slot } = slotOf(c);
    const bytes = await readLimitedBody(c.req.raw, limits.maxRendezvousBytes, "A rendezvous blob");
    const now = clock.now();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await storage.expireRendezvous(now);
    }
    await storage.putRendezvous(id, slot, bytes, now + limits.rendezvousTtlMs);
    return c.json({ ttl: Math.round(limits.rendezvousTtlMs / 1000) }, 201);
  });

  routes.get("/:id/:slot", async (c) => {
    const { id, slot } = slotOf(c);
    const bytes = await storage.getRendezvous(id, slot, clock.now());
    if (!bytes) {
      throw new RelayError(404, "not_found", "Nothing at this rendezvous (or it expired)");
    }
    c.header("content-type", "application/octet-stream");
    c.header("cache-control", "no-store");
    return c.body(bytes.slice().buffer, 200);
  });

  return routes;
}
