/**
 * The warm path of `helix hook`: a loopback listener in the running server that answers hook
 * calls on the server's open engine (model loaded, strand open), so a hook costs a process
 * start and two loopback requests instead of opening the strand. Found through the discovery
 * file ({@linkcode hookServerPath}) written on start and removed on close; every request
 * carries the file's token. `GET /hook?strand=` asks whether this server serves the caller's
 * strand (204, else 409); `POST /hook` runs the call ({@linkcode answerHook}). Session start
 * and end are answered when done; captures (a prompt, a turn, what a compaction drops) are
 * answered at once and run after, one at a time in arrival order, so the agent never waits on
 * the note pipeline; closing the listener waits for them.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { detectProject, type Engine } from "@helix/core";
import { type Activity, NO_ACTIVITY } from "../activity.ts";
import type { Logger } from "../log.ts";
import { actionOf, AGENT_HOOKS } from "./agents.ts";
import { type AnswerDeps, answerHook, isAgentName } from "./answer.ts";
import { hookServerPath, jsonObject, runDir, type WarmHookBody } from "./discovery.ts";

/** Options of {@linkcode startHookListener}. */
export interface HookListenerOptions {
  readonly engine: Engine;
  /** The Helix home (the discovery file goes under it). */
  readonly home: string;
  /** The strand this server serves. */
  readonly strand: string;
  /** What the home's config file (or the defaults) set: a caller without flags gets these. */
  readonly defaults: { readonly strand: string; readonly project: string | null };
  readonly log: Logger;
  readonly activity?: Activity;
  /** The process id written in the file name. @default {Deno.pid} */
  readonly pid?: number;
}

/** A running listener. */
export interface HookListener {
  /** Its discovery file. */
  readonly file: string;
  readonly port: number;
  /** Stops answering and removes the discovery file. */
  close(): Promise<void>;
}

/** Largest hook body accepted (a payload with a long last message, and its transcript path). */
const MAX_BODY = 16 * 1024 * 1024;

/** Starts the listener on 127.0.0.1 (a free port) and writes the discovery file. */
export async function startHookListener(options: HookListenerOptions): Promise<HookListener> {
  const { engine, log, defaults } = options;
  const activity = options.activity ?? NO_ACTIVITY;
  const token = randomToken();
  /** Captures waiting or running, in arrival order. */
  let captures: Promise<void> = Promise.resolve();
  const serves = (strand: string | null) => (strand ?? defaults.strand) === options.strand;
  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== "/hook") return new Response(null, { status: 404 });
    const auth = request.headers.get("authorization") ?? "";
    if (!sameSecret(auth, `Bearer ${token}`)) return new Response(null, { status: 401 });
    if (request.method === "GET") {
      return new Response(null, { status: serves(url.searchParams.get("strand")) ? 204 : 409 });
    }
    if (request.method !== "POST") return new Response(null, { status: 405 });
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) {
      return new Response(null, { status: 413 });
    }
    const body = readBody(await request.text());
    if (!body) return new Response(null, { status: 400 });
    if (!serves(body.strand)) return new Response(null, { status: 409 });
    const project = body.project ?? defaults.project;
    const deps: AnswerDeps = {
      engine: async () =>
        engine.withContext({
          project: project ?? await detectProject(body.cwd).catch(() => null),
          session: null,
        }),
      projectConfigured: project !== null,
      now: () => Date.now(),
      via: " (served by the running server)",
    };
    const agent = AGENT_HOOKS[body.agent as keyof typeof AGENT_HOOKS];
    const action = actionOf(agent, body.event);
    if (action === "prompt" || action === "turn" || action === "compact") {
      captures = captures.then(async () => {
        // Let the answer (and any request waiting) go out before the capture starts.
        await new Promise((resolve) => setTimeout(resolve, 0));
        activity.begin();
        try {
          const { stderr } = await answerHook(body, deps);
          if (stderr) log.debug("hook capture", { event: body.event, note: stderr.trim() });
        } catch (error) {
          log.warn("hook capture failed", { event: body.event, error: String(error) });
        } finally {
          activity.end();
        }
      });
      return Response.json({
        stdout: agent.quietAnswer,
        stderr: body.debug
          ? `helix hook ${body.event}: capture queued (served by the running server)\n`
          : "",
      });
    }
    activity.begin();
    try {
      return Response.json(await answerHook(body, deps));
    } finally {
      activity.end();
    }
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handle);
  const port = server.addr.port;
  const file = hookServerPath(options.home, options.pid ?? Deno.pid);
  try {
    await mkdir(runDir(options.home), { recursive: true, mode: 0o700 });
    const temp = `${file}.${token.slice(0, 8)}`;
    await writeFile(
      temp,
      JSON.stringify({
        version: 1,
        pid: options.pid ?? Deno.pid,
        port,
        token,
        strand: options.strand,
        started: Date.now(),
      }),
      { mode: 0o600 },
    );
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (error) {
    await server.shutdown();
    throw error;
  }
  log.debug("hook listener", { port, file });
  let closed = false;
  return {
    file,
    port,
    async close() {
      if (closed) return;
      closed = true;
      await rm(file, { force: true }).catch(() => {});
      await server.shutdown();
      await captures;
    },
  };
}

/** A `POST /hook` body, or null when it is not one. */
function readBody(text: string): WarmHookBody | null {
  const o = jsonObject(text);
  if (o === null) return null;
  const nullableString = (v: unknown) => v === null || typeof v === "string";
  if (
    typeof o.agent !== "string" || !isAgentName(o.agent) || typeof o.event !== "string" ||
    typeof o.stdin !== "string" || !Number.isInteger(o.budgetTokens) ||
    (o.budgetTokens as number) < 16 || (o.budgetTokens as number) > 200_000 ||
    typeof o.debug !== "boolean" || !nullableString(o.strand) || !nullableString(o.project) ||
    typeof o.cwd !== "string"
  ) return null;
  return o as unknown as WarmHookBody;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in constant time, and without revealing the secret's length (digests compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
