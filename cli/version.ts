/** The Helix version the CLI and server report. */
export const VERSION = "0.1.0";
