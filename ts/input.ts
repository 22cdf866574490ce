// Reading a model's tool input: field types, the timeout clamp, environment keys, the working
// directory and a leading `cd <dir> &&`. Each problem becomes a message for the model, not a throw.
import { statSync } from 'node:fs'
import { homedir } from 'node:os'
import { resolve } from 'node:path'

export class InputError extends Error {}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

export function record(input: unknown): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new InputError(`The input must be an object with the tool's fields (got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}).`)
  }
  return input as Record<string, unknown>
}

export function optionalString(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new InputError(`\`${field}\` must be a string (got ${typeof value}).`)
  return value
}

export function optionalBoolean(input: Record<string, unknown>, field: string): boolean | undefined {
  const value = input[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw new InputError(`\`${field}\` must be true or false (got ${JSON.stringify(value)}).`)
  return value
}

export function optionalLineCount(input: Record<string, unknown>, field: string): number | undefined {
  const value = input[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InputError(`\`${field}\` must be a whole number of lines, 0 or more (got ${JSON.stringify(value)}).`)
  }
  return value
}

export function requiredCommand(input: Record<string, unknown>): string {
  const command = input.command
  if (typeof command !== 'string' || command.trim() === '') {
    throw new InputError('`command` is required: give the bash command to run as a non-empty string.')
  }
  if (command.includes('\0')) throw new InputError('`command` contains a NUL byte, which bash cannot run; remove it.')
  return command
}

export function envInput(input: Record<string, unknown>): Record<string, string> | undefined {
  const value = input.env
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw new InputError('`env` must be an object of NAME: "value" pairs.')
  const env: Record<string, string> = {}
  for (const [key, v] of Object.entries(value)) {
    if (!ENV_KEY.test(key)) {
      throw new InputError(`Invalid environment variable name: ${JSON.stringify(key)}. Names start with a letter or _ and contain only letters, digits and _.`)
    }
    if (typeof v !== 'string') throw new InputError(`Environment variable ${key} must be a string (got ${typeof v}).`)
    if (v.includes('\0')) throw new InputError(`Environment variable ${key} contains a NUL byte.`)
    env[key] = v
  }
  return env
}

export interface Timeout {
  seconds: number
  /** The model gave one (else the default applies). */
  explicit: boolean
  /** The model's value when it was clamped. */
  requested?: number
  notice?: string
}

export function timeoutInput(input: Record<string, unknown>, defaultSeconds: number, maxSeconds: number): Timeout {
  const value = input.timeout
  if (value === undefined || value === null) return { seconds: defaultSeconds, explicit: false }
  if (typeof value !== 'number' || Number.isNaN(value)) throw new InputError(`\`timeout\` must be a number of seconds (got ${JSON.stringify(value)}).`)
  const seconds = Math.min(Math.max(value, 1), maxSeconds)
  if (seconds === value) return { seconds, explicit: true }
  return {
    seconds,
    explicit: true,
    requested: value,
    notice: `[timeout ${value} s is outside 1..${maxSeconds} s; using ${seconds} s]`,
  }
}

/** Checks that `dir` (resolved against `base`) is an existing directory; returns it absolute. */
export function checkDirectory(dir: string, base: string): string {
  const path = resolve(base, expandHome(dir))
  let isDir: boolean
  try {
    isDir = statSync(path).isDirectory()
  } catch {
    throw new InputError(`Working directory does not exist: ${path}`)
  }
  if (!isDir) throw new InputError(`Working directory is not a directory: ${path}`)
  return path
}

function expandHome(path: string): string {
  if (path === '~') return homedir()
  if (path.startsWith('~/')) return `${homedir()}${path.slice(1)}`
  return path
}

// `cd <word> && <rest>` where the word is plain, single-quoted, or double-quoted without
// expansions: anything the shell would expand ($, backticks, globs) stays for the shell to run.
const LEADING_CD = /^\s*cd[ \t]+(?:'([^']*)'|"([^"$`\\]*)"|([^\s'"$`\\;&|<>(){}*?[\]]+))[ \t]*&&[ \t]*([\s\S]*\S[\s\S]*)$/

/** `cd <dir> && rest` -> { dir, rest }; anything else -> undefined. */
export function leadingCd(command: string): { dir: string; rest: string } | undefined {
  const m = LEADING_CD.exec(command)
  if (!m) return undefined
  const dir = m[1] ?? m[2] ?? m[3]
  const rest = m[4]
  if (dir === undefined || rest === undefined || dir === '' || dir === '-') return undefined
  return { dir, rest }
}
