/**
 * The name a device goes by in a synced strand's roster (what `helix sync status` lists):
 * `HELIX_DEVICE_NAME` from the environment the caller passes, else the host name.
 *
 * @module
 */

/** This device's name, at most 100 characters. */
export function deviceName(env: Readonly<Record<string, string | undefined>>): string {
  const named = env.HELIX_DEVICE_NAME?.trim();
  if (named) return named.slice(0, 100);
  try {
    return Deno.hostname().slice(0, 100) || "helix";
  } catch {
    return "helix"; // no --allow-sys
  }
}
