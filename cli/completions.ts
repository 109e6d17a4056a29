/**
 * Shell completion scripts for bash, zsh and fish, generated from the command table: command
 * names, each command's flags, and the values of first arguments that have a fixed set.
 *
 * @module
 */
import { type Command, GLOBAL_OPTIONS } from "./command.ts";

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

function flags(command: Command): string[] {
  return [...Object.keys(GLOBAL_OPTIONS), ...Object.keys(command.options)].map((f) => `--${f}`);
}

function bash(commands: readonly Command[]): string {
  const cases = commands.map((c) =>
    `    ${c.name}) opts="${[...flags(c), ...(c.completions ?? [])].join(" ")}" ;;`
  ).join("\n");
  return `# helix completion for bash: eval "$(helix completions bash)" in ~/.bashrc
_helix() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${commands.map((c) => c.name).join(" ")} help" -- "$cur"))
    return
  fi
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
      lines.push(`complete -c helix -n '__fish_seen_subcommand_from ${c.name}' -l ${flag}`);
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
