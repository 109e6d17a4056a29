/**
 * The `profile` job: each scope's static profile and, per project, its dynamic one
 * (`profile.ts`) are written, refreshed when they change, and archived when nothing is left to
 * summarise. With a model configured the text is the model's summary of the same items.
 *
 * @module
 */
import type { Recorder } from "../../ops/job_run.ts";
import { appendWrite } from "../../ops/write_one.ts";
import { activeProfileId, activeProfiles } from "../../store/queries/lifecycle_profiles.ts";
import type { LifecycleDeps } from "../deps.ts";
import type { JobContext, JobDefinition } from "../job.ts";
import {
  dynamicProfile,
  focusItems,
  type ProfileItem,
  type ProfileKind,
  type ProfilePlan,
  profileScopes,
  staticItems,
  staticProfile,
} from "../profile.ts";
import { workerSource } from "../writes.ts";
import { derivesHere } from "../../store/queries/sync.ts";

/** The profiles to keep, and how many scopes were looked at. */
export interface ProfilesPlan {
  readonly plans: readonly ProfilePlan[];
  readonly scopes: number;
}

/** Each scope's profiles as they should read now; `pause` is called after each scope. */
export async function planProfiles(
  deps: Pick<LifecycleDeps, "store" | "clock" | "llm">,
  pause: () => Promise<void>,
): Promise<ProfilesPlan> {
  const now = deps.clock.now();
  const plans: ProfilePlan[] = [];
  const scopes = profileScopes(deps);
  for (const scope of scopes) {
    const kinds: [ProfileKind, ProfileItem[]][] = [["static", staticItems(deps, scope)]];
    if (scope !== "global") kinds.push(["dynamic", focusItems(deps, scope, now)]);
    for (const [kind, items] of kinds) {
      const plan = await modelProfile(deps, scope, kind, items) ??
        (kind === "static" ? staticProfile(scope, items) : dynamicProfile(scope, items));
      if (plan) plans.push(plan);
    }
    await pause();
  }
  return { plans, scopes: scopes.length };
}

/** The model's profile of `items`, when a model is configured and answers. */
async function modelProfile(
  deps: Pick<LifecycleDeps, "llm">,
  scope: string,
  kind: ProfileKind,
  items: readonly ProfileItem[],
): Promise<ProfilePlan | null> {
  if (!deps.llm || items.length === 0) return null;
  const statements = await deps.llm.synthesize(
    kind === "static" ? "profileStatic" : "profileDynamic",
    items.map(({ type, content }) => ({ type, content })),
  );
  const first = statements?.[0];
  if (!first) return null;
  const cited = first.cites.length ? first.cites.map((i) => items[i]!.id) : items.map((i) => i.id);
  return { scope, kind, content: first.text, grounding: cited };
}

/**
 * Writes each planned profile that is missing, refreshes each whose text or grounding changed,
 * and archives every active profile not planned; returns how many changed.
 */
export function applyProfiles(
  deps: Pick<LifecycleDeps, "store" | "project">,
  tx: Recorder,
  plans: readonly ProfilePlan[],
): number {
  let changed = 0;
  for (const plan of plans) {
    const id = activeProfileId(deps.store, plan.scope, plan.kind);
    const existing = id === null ? null : deps.store.memoryById(id)!;
    const attributes = { profile: plan.kind, grounding: [...plan.grounding] };
    if (!existing) {
      appendWrite(deps, tx, {
        content: plan.content,
        type: "profile",
        scope: plan.scope,
        importance: 8,
        confidence: 0.9,
        attributes,
        source: workerSource("profile"),
      });
      changed++;
    } else if (
      existing.content !== plan.content ||
      JSON.stringify(existing.attributes.grounding) !== JSON.stringify(attributes.grounding)
    ) {
      tx.patch(existing.id, { content: plan.content, attributes }, "profile refreshed");
      changed++;
    }
  }
  const wanted = new Set(plans.map((plan) => `${plan.scope} ${plan.kind}`));
  for (const old of activeProfiles(deps.store)) {
    if (wanted.has(`${old.scope} ${old.kind}`)) continue;
    tx.patch(old.id, { status: "archived" }, "nothing left to summarise");
    changed++;
  }
  return changed;
}

/** Plans every scope's profiles, then writes them in one slice. */
async function refreshProfiles(
  deps: Pick<LifecycleDeps, "store" | "clock" | "llm" | "project">,
  ctx: JobContext,
) {
  const { plans, scopes } = await planProfiles(deps, ctx.pause);
  let changed = 0;
  const chunk = { work: plans, progress: { done: scopes, total: scopes } };
  await ctx.slices([chunk], (tx, work) => {
    changed = applyProfiles(deps, tx, work);
    return changed ? `${changed} profiles written or refreshed` : null;
  });
  return { changed, summary: `${changed} of ${plans.length} profiles changed` };
}

/** The `profile` job. */
export const profileJob: JobDefinition = {
  name: "profile",
  run: refreshProfiles,
  // On a synced strand, derived memories are made on one device only (they then sync).
  enabled: (deps) => deps.derives ?? derivesHere(deps.store),
};
