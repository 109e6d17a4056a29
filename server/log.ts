/**
 * Server logging: one line per event on stderr (stdout belongs to the stdio transport),
 * filtered by level. Memory contents are never logged, only ids, codes and timings.
 *
 * @module
 */

/** Log levels, most verbose first. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** A structured logger. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/** A logger writing `helix-mcp <level> <message> <json fields>` lines through `write`. */
export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const emit = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (RANK[at] < RANK[level]) return;
    write(`helix-mcp ${at} ${message}${fields ? ` ${JSON.stringify(fields)}` : ""}\n`);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/** A logger that discards everything (tests). */
export const silentLogger: Logger = createLogger("error", () => {});
