/**
 * Capturing conversation through the note pipeline (redaction, gate, extraction, poisoning
 * guard), as `agent-ingested` memories citing the session: a finished turn, a submitted
 * prompt, or what a compaction is about to drop. Private spans are already gone (payload and
 * transcript readers strip them).
 *
 * @module
 */
import { type Engine, MAX_CONTENT_LENGTH } from "@helix/core";
import type { TranscriptTurn } from "./transcript.ts";

/** Where captured memories say they came from. */
export interface CaptureSource {
  /** The agent, e.g. `claude-code`. */
  readonly agent: string;
  /** The session they came from, e.g. `claude-code:session:abc`. */
  readonly ref: string;
}

/** What a capture stored. */
export interface CaptureReport {
  /** Notes that went through the pipeline. */
  readonly noted: number;
  /** Memories written (added, updated, superseded, reinforced), quarantined ones included. */
  readonly written: number;
  /** Of those, how many were quarantined as suspected injected instructions. */
  readonly quarantined: number;
}

/** Turns a compaction capture looks back over. */
const COMPACT_TURNS = 20;

/**
 * A finished turn: the user's prompt (with the assistant's turn before it, when known), then
 * the assistant's answer (with the prompt as its context).
 */
export async function captureTurn(
  engine: Pick<Engine, "note">,
  turn: { prompt: string | null; assistant: string | null; previousAssistant?: string | null },
  source: CaptureSource,
): Promise<CaptureReport> {
  const notes: NoteCall[] = [];
  if (turn.prompt) {
    notes.push({
      text: turn.prompt,
      ...(turn.previousAssistant ? { previousAssistant: turn.previousAssistant } : {}),
    });
  }
  if (turn.assistant) {
    notes.push({
      text: turn.assistant,
      ...(turn.prompt ? { recent: [{ role: "user" as const, text: clip(turn.prompt) }] } : {}),
    });
  }
  return await noteAll(engine, notes, source);
}

/**
 * The last {@linkcode COMPACT_TURNS} turns of a transcript, which a compaction will summarise
 * away: each user prompt with the assistant turn before it. What a Stop hook already captured
 * is recognised by consolidation (reinforced, not duplicated).
 */
export async function captureTranscript(
  engine: Pick<Engine, "note">,
  turns: readonly TranscriptTurn[],
  source: CaptureSource,
): Promise<CaptureReport> {
  const window = turns.slice(-COMPACT_TURNS);
  const notes: NoteCall[] = [];
  window.forEach((turn, i) => {
    if (turn.role !== "user") return;
    const previous = window.slice(0, i).findLast((t) => t.role === "assistant");
    notes.push({ text: turn.text, ...(previous ? { previousAssistant: previous.text } : {}) });
  });
  return await noteAll(engine, notes, source);
}

interface NoteCall {
  text: string;
  previousAssistant?: string;
  recent?: Array<{ role: "user"; text: string }>;
}

async function noteAll(
  engine: Pick<Engine, "note">,
  notes: readonly NoteCall[],
  source: CaptureSource,
): Promise<CaptureReport> {
  let noted = 0;
  let written = 0;
  let quarantined = 0;
  for (const note of notes) {
    const text = clip(note.text);
    if (!text.trim()) continue;
    // A macrotask between notes: a server capturing in the background answers its other
    // requests (hooks, MCP calls) between them instead of after the whole batch.
    if (noted) await new Promise((resolve) => setTimeout(resolve, 0));
    const result = await engine.note({
      text,
      ...(note.previousAssistant ? { previousAssistant: clip(note.previousAssistant) } : {}),
      ...(note.recent ? { recent: note.recent } : {}),
      source: { origin: "agent-ingested", agent: source.agent, ref: source.ref },
    });
    noted++;
    written += result.written.length;
    quarantined += result.written.filter((w) => w.memory.status === "quarantined").length;
  }
  return { noted, written, quarantined };
}

/** The note pipeline takes at most {@linkcode MAX_CONTENT_LENGTH} characters: the start. */
function clip(text: string): string {
  return text.length <= MAX_CONTENT_LENGTH ? text : text.slice(0, MAX_CONTENT_LENGTH);
}
