/**
 * The relay's limits (sync-protocol R11, R17) and the token buckets that enforce the request
 * rates, per client IP and per strand. Time comes from the injected clock.
 *
 * @module
 */
import { MAX_ENVELOPE_BYTES } from "@helix/core/wire";

/** A token bucket's shape: `perSecond` tokens refill, up to `burst`. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

/** Every limit the relay enforces. */
export interface RelayLimits {
  /** Largest delta envelope (1 MiB, R11). */
  readonly maxDeltaBytes: number;
  /** Largest roster entry. */
  readonly maxRosterBytes: number;
  /** Largest rendezvous blob (64 KiB). */
  readonly maxRendezvousBytes: number;
  /** How long a rendezvous blob lives (10 minutes). */
  readonly rendezvousTtlMs: number;
  /** Bytes of deltas one strand may hold. */
  readonly quotaBytes: number;
  /** Requests per client IP. */
  readonly ipRate: Rate;
  /** Requests per strand. */
  readonly strandRate: Rate;
  /** Most items one list answer holds (the `limit` query is capped at this). */
  readonly maxListCount: number;
  /** Bytes one list answer stops before (it always holds at least one item). */
  readonly maxListBytes: number;
}

/** The defaults: generous for a person's devices, tight enough to bound abuse. */
export const DEFAULT_LIMITS: RelayLimits = {
  maxDeltaBytes: MAX_ENVELOPE_BYTES,
  maxRosterBytes: MAX_ENVELOPE_BYTES,
  maxRendezvousBytes: 64 * 1024,
  rendezvousTtlMs: 10 * 60 * 1000,
  quotaBytes: 256 * 1024 * 1024,
  ipRate: { perSecond: 50, burst: 200 },
  strandRate: { perSecond: 50, burst: 200 },
  maxListCount: 1000,
  maxListBytes: 8 * 1024 * 1024,
};

/** What a bucket says about one request. */
export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfter: number };

/** Token buckets keyed by a string (an IP, a strand). */
export interface RateLimiter {
  /** Takes one token for `key`; when none is left, how many seconds until one is. */
  take(key: string): Admission;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept before idle, full buckets are swept. */
const SWEEP_AT = 10_000;

/** Token buckets of `rate`, refilled from `clock`. */
export function createRateLimiter(rate: Rate, clock: { now(): number }): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, now: number) => {
    const elapsed = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(rate.burst, bucket.tokens + elapsed * rate.perSecond);
    bucket.at = now;
  };
  return {
    take(key: string): Admission {
      const now = clock.now();
      if (buckets.size >= SWEEP_AT) {
        for (const [name, bucket] of buckets) {
          refill(bucket, now);
          if (bucket.tokens >= rate.burst) buckets.delete(name);
        }
      }
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: rate.burst, at: now };
        buckets.set(key, bucket);
      }
      refill(bucket, now);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return {
        ok: false,
        retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / rate.perSecond)),
      };
    },
  };
}
