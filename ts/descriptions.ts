// The text a model reads: what each tool does, when to use it, and what its inputs mean. Written
// as the anchors write theirs (oh-my-pi's bash tool, Claude Code's Bash, BashOutput and KillBash):
// prose for a model, with the limits it has to plan around.

export function bashDescription(o: { defaultTimeoutSeconds: number; maxTimeoutSeconds: number; maxBytes: number; headBytes: number }): string {
  const kb = (n: number) => `${Math.round(n / 1024)} KB`
  return `Runs a bash command in a persistent shell session and returns its output.

The session keeps its state between calls: the working directory (after \`cd\`), exported and shell variables, functions, aliases and shell options all carry over to the next call. stdin is closed (a command that reads input sees end-of-file instead of waiting), pagers are disabled and prompts are refused, so run commands non-interactively (\`git --no-pager\`, \`-y\`/\`--yes\` flags).

Usage notes:
- Quote paths that contain spaces with double quotes: cd "path with spaces".
- Prefer \`cwd\` (or a leading \`cd <dir> &&\`) to running in the wrong directory; both move the session there.
- stdout and stderr are merged in the order they were written. ANSI colours are removed.
- Output is bounded: up to ${kb(o.maxBytes)} is shown, the first ${kb(o.headBytes)} and the last part, with a marker where lines were left out. When output was cut, the full text is kept and the result ends with its location as artifact://<id>; read that instead of re-running the command.
- To keep only part of a long output, use \`head\`/\`tail\` (line counts), or end the command with \`| head -n N\` or \`| tail -n N\`: the whole command still runs and only the lines shown are cut.
- The command times out after ${o.defaultTimeoutSeconds} seconds unless \`timeout\` (seconds, 1 to ${o.maxTimeoutSeconds}) says otherwise; a timed-out command is killed with everything it started.
- A non-zero exit status is reported as an error result that ends with "Command exited with code N"; read the output to see why it failed.
- For long-running processes (servers, watchers, builds you do not need to wait for), set \`run_in_background: true\`: the call returns at once with a bash_id. Read new output with the bash_output tool and stop it with the kill_bash tool. Do not append \`&\` yourself.
- Use \`pty: true\` only for a program that insists on a terminal; it runs outside the session (no state carries over).
- Chain dependent commands with \`&&\`; use \`;\` only when a failure should not stop the rest.`
}

export const bashInputSchema = {
  type: 'object',
  properties: {
    command: { type: 'string', description: 'The bash command to run. Several lines, pipes, here-documents and functions are fine.' },
    timeout: { type: 'number', description: 'Timeout in seconds (1 to 3600). Default: 300.' },
    cwd: { type: 'string', description: "Working directory for this command (absolute, or relative to the session's current directory). The session stays there afterwards." },
    env: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Environment variables for this command only. Use `export` in the command to keep one for later calls.',
    },
    head: { type: 'integer', minimum: 0, description: 'Keep only the first N lines of the output.' },
    tail: { type: 'integer', minimum: 0, description: 'Keep only the last N lines of the output (after `head`, when both are given).' },
    run_in_background: {
      type: 'boolean',
      description: 'Start the command as a background job and return its bash_id at once. Read its output with bash_output, stop it with kill_bash.',
    },
    async: { type: 'boolean', description: 'Same as run_in_background.' },
    pty: { type: 'boolean', description: 'Run on a pseudo-terminal, for programs that require one. Runs outside the persistent session.' },
    description: { type: 'string', description: 'What this command does, in 5 to 10 words (shown to the user).' },
  },
  required: ['command'],
  additionalProperties: false,
} as const

export const bashOutputDescription = `Reads the output of a background command started with the bash tool (run_in_background: true).

- Returns only the output written since the last time you read this job, followed by the job's status (running, completed, failed, killed or timed_out) and, once it has ended, its exit code.
- Use \`filter\` (a JavaScript regular expression) to keep only matching lines; lines that do not match are discarded and will not be shown again.
- Call it again later to follow a job that is still running; there is no need to call it in a tight loop.
- If the bash_id is unknown, the job was never started or was already forgotten; start the command again if you still need it.`

export const bashOutputInputSchema = {
  type: 'object',
  properties: {
    bash_id: { type: 'string', description: 'The bash_id returned by the bash tool.' },
    filter: { type: 'string', description: 'Optional JavaScript regular expression: only lines that match are returned.' },
  },
  required: ['bash_id'],
  additionalProperties: false,
} as const

export const killBashDescription = `Stops a background command started with the bash tool (run_in_background: true), together with every process it started.

- Returns the output that had not been read yet and the job's final status.
- Use it for servers and watchers you no longer need, and before starting a second copy of the same server.`

export const killBashInputSchema = {
  type: 'object',
  properties: {
    shell_id: { type: 'string', description: 'The bash_id of the background job to stop.' },
    bash_id: { type: 'string', description: 'Same as shell_id.' },
  },
  additionalProperties: false,
} as const
