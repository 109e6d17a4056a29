/**
 * Shell completion scripts for bash, zsh and fish, generated from the command table: command
 * names, each command's flags, and the values of first arguments that have a fixed set.
 *
 * @module
 */
import { MEMORY_TYPES, OP_KINDS, STATUSES } from "@helix/core";
import { type Command, GLOBAL_OPTIONS } from "./command.ts";

/** Flags whose value is one of a fixed set, completed after the flag. */
export const FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  type: MEMORY_TYPES,
  status: STATUSES,
  kind: OP_KINDS,
};

/** The shells {@linkcode completionScript} supports. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** A completion script for `shell`. */
export function completionScript(
  shell: (typeof SHELLS)[number],
  commands: readonly Command[],
): string {
  switch (shell) {
    case "bash":
      return bash(commands);
    case "zsh":
      return zsh(commands);
    case "fish":
      return fish(commands);
  }
}

/**
 * Flags that take a value of their own (`--scope`, `--limit`, `--output`…), fixed sets aside:
 * after one, the word is its value, so no flag is offered (bash and zsh complete a file name).
 */
function valueFlags(commands: readonly Command[]): string[] {
  const names = new Set<string>();
  for (const options of [GLOBAL_OPTIONS, ...commands.map((c) => c.options)]) {
    for (const [name, option] of Object.entries(options)) {
      if ((option as { type: string }).type === "string" && !(name in FLAG_VALUES)) names.add(name);
    }
  }
  return [...names].sort().map((name) => `--${name}`);
}

function flags(command: Command): string[] {
  return [...Object.keys(GLOBAL_OPTIONS), ...Object.keys(command.options)].map((f) => `--${f}`);
}

/** `--flag) opts="values" ;;` lines for the flags with a fixed set of values. */
function valueCases(indent: string, assign: (values: string) => string): string {
  return Object.entries(FLAG_VALUES).map(([flag, values]) =>
    `${indent}--${flag}) ${assign(values.join(" "))} ;;`
  ).join("\n");
}

function bash(commands: readonly Command[]): string {
  const cases = commands.map((c) =>
    `    ${c.name}) opts="${[...flags(c), ...(c.completions ?? [])].join(" ")}" ;;`
  ).join("\n");
  return `# helix completion for bash: eval "$(helix completions bash)" in ~/.bashrc
_helix() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  local prev=\${COMP_WORDS[COMP_CWORD-1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${commands.map((c) => c.name).join(" ")} help" -- "$cur"))
    return
  fi
  case "$prev" in
${valueCases("    ", (v) => `COMPREPLY=($(compgen -W "${v}" -- "$cur")); return`)}
    ${valueFlags(commands).join("|")}) COMPREPLY=(); return ;;
  esac
  local opts=""
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _helix helix
`;
}

function zsh(commands: readonly Command[]): string {
  const described = commands.map((c) => `    '${c.name}:${c.summary.replaceAll("'", "'\\''")}'`)
    .join("\n");
  const cases = commands.map((c) =>
    `    ${c.name}) compadd -- ${[...flags(c), ...(c.completions ?? [])].join(" ")} ;;`
  ).join("\n");
  return `#compdef helix
# helix completion for zsh: helix completions zsh > "\${fpath[1]}/_helix"
_helix() {
  local -a commands
  commands=(
${described}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[CURRENT-1]" in
${valueCases("    ", (v) => `compadd -- ${v}; return`)}
    ${valueFlags(commands).join("|")}) _files; return ;;
  esac
  case "$words[2]" in
${cases}
  esac
  _files
}
compdef _helix helix
`;
}

function fish(commands: readonly Command[]): string {
  const lines = [
    "# helix completion for fish: helix completions fish > ~/.config/fish/completions/helix.fish",
    "complete -c helix -f",
  ];
  for (const c of commands) {
    lines.push(
      `complete -c helix -n __fish_use_subcommand -a ${c.name} -d '${
        c.summary.replaceAll("'", "\\'")
      }'`,
    );
    for (const flag of [...Object.keys(GLOBAL_OPTIONS), ...Object.keys(c.options)]) {
      const values = FLAG_VALUES[flag];
      const takesValue = valueFlags([c]).includes(`--${flag}`);
      lines.push(
        `complete -c helix -n '__fish_seen_subcommand_from ${c.name}' -l ${flag}` +
          (values ? ` -xa '${values.join(" ")}'` : takesValue ? " -r" : ""),
      );
    }
    if (c.completions?.length) {
      lines.push(
        `complete -c helix -n '__fish_seen_subcommand_from ${c.name}' -a '${
          c.completions.join(" ")
        }'`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
