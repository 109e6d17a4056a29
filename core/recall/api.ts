/**
 * The recall slice of the engine: hybrid search with explanations, the token-budgeted
 * context block, and warming what the first search would load. What a reader sees is
 * `store/visibility.ts`'s {@linkcode recallVisibility}.
 *
 * @module
 */
import { type Embedding, embedQuery } from "../embed/policy.ts";
import { contextInputSchema, parseInput, searchInputSchema } from "../model/input.ts";
import type { ContextInput, SearchInput } from "../model/queries.ts";
import { type ReaderScopes, readScopes } from "../model/scope.ts";
import type { Clock } from "../ports.ts";
import { guardAsync } from "../store/guard.ts";
import type { KeywordIndex } from "../store/keyword.ts";
import type { Store } from "../store/store.ts";
import type { VectorIndex } from "../store/vector_index.ts";
import { recallVisibility } from "../store/visibility.ts";
import { tokenCounter } from "../text/tokens.ts";
import { buildContext, contextPart } from "./context.ts";
import type { ContextPack, ContextPart } from "./context_types.ts";
import type { RankWeights } from "./rank.ts";
import { runSearch } from "./search.ts";
import type { SearchResult } from "./search_types.ts";

/** Finding what the strand knows. */
export interface RecallApi {
  /** Hybrid recall with explanations. */
  search(input: SearchInput): Promise<SearchResult>;
  /**
   * A token-budgeted context block: profile, conventions, then what is relevant. With
   * `others` (other strands' {@linkcode RecallApi.contextPart}s), each section fuses this
   * strand's candidates with theirs by reciprocal rank.
   */
  context(input: ContextInput, others?: readonly ContextPart[]): Promise<ContextPack>;
  /** This strand's candidates for the pack `context(input)` would build, for fusing elsewhere. */
  contextPart(input: ContextInput): Promise<ContextPart>;
  /**
   * Loads what the first search would otherwise load (the vector index when a model is
   * configured, the tokenizer) in
   * small steps that yield to the event loop: for servers, right after they start answering.
   */
  warmup(): Promise<void>;
}

/** What the recall API needs. */
export interface RecallDeps extends Embedding, ReaderScopes {
  readonly store: Store;
  readonly index: VectorIndex;
  readonly keywords: KeywordIndex;
  readonly clock: Clock;
  /** Weights of the ranking factors. */
  readonly weights: RankWeights;
}

/** The recall API over `deps`. */
export function createRecallApi(deps: RecallDeps): RecallApi {
  const search = async (input: SearchInput): Promise<SearchResult> => {
    const parsed = parseInput(searchInputSchema, input, "search memories");
    const channels = parsed.channels ?? {};
    const scopes = readScopes(deps, parsed.scope);
    return await guardAsync("search memories", () =>
      runSearch(
        {
          store: deps.store,
          index: deps.index,
          keywords: deps.keywords,
          embedQuery: (text) => embedQuery(deps, text),
          weights: deps.weights,
        },
        {
          query: parsed.query,
          limit: parsed.limit ?? 10,
          visibility: recallVisibility(scopes, parsed, deps.clock.now()),
          channels: {
            vector: channels.vector ?? true,
            bm25: channels.bm25 ?? true,
            exact: channels.exact ?? true,
            graph: channels.graph ?? true,
            // Each extends a direct channel and follows it unless named: parts and prefixes of
            // identifiers extend the exact channel, lexicon expansion the BM25 one.
            partial: channels.partial ?? channels.exact ?? true,
            expansion: channels.expansion ?? channels.bm25 ?? true,
            // Pseudo-relevance feedback is asked for by name: it raised R@10 on the tune
            // questions but lowered MRR (bench/quality/RESULTS-offline.md).
            feedback: channels.feedback ?? false,
            // Learned associations likewise: on the tune questions they changed nothing at
            // best (pairs shared by 3+ memories) and lowered MRR when looser.
            learned: channels.learned ?? false,
          },
          ...(parsed.budgetTokens !== undefined ? { budgetTokens: parsed.budgetTokens } : {}),
        },
      ));
  };
  const contextRequest = (input: ContextInput) => {
    const parsed = parseInput(contextInputSchema, input, "build context");
    const scopes = readScopes(deps, parsed.scope);
    const visibility = recallVisibility(scopes, parsed, deps.clock.now());
    const label = scopes === "all"
      ? "all scopes"
      : scopes.filter((s) => s !== "global").join(", ") || "global";
    const within = {
      ...(parsed.scope !== undefined ? { scope: parsed.scope } : {}),
      ...(parsed.asOf !== undefined ? { asOf: parsed.asOf } : {}),
    };
    const contextDeps = {
      store: deps.store,
      search: (query: string, limit: number) => search({ query, limit, ...within }),
    };
    return {
      contextDeps,
      request: {
        budgetTokens: parsed.budgetTokens,
        ...(parsed.query !== undefined ? { query: parsed.query } : {}),
        visibility,
        label,
      },
    };
  };
  return {
    search,
    async context(input, others = []) {
      const { contextDeps, request } = contextRequest(input);
      return await guardAsync("build context", () => buildContext(contextDeps, request, others));
    },
    async contextPart(input) {
      const { contextDeps, request } = contextRequest(input);
      return await guardAsync("build context", () => contextPart(contextDeps, request));
    },
    async warmup() {
      // Without a model no query has a vector: the index (tens of MB at 10^5) would sit unused.
      // A search that gets a vector (a model loaded later) loads it then.
      if (deps.embedder !== null) await deps.index.warm();
      await tokenCounter();
    },
  };
}
