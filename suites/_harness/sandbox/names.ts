/**
 * Names of what a run creates. Every namespace a run creates starts with the run prefix `ccrun_<run id>`: the marker
 * lets the write guard refuse anything else and lets `cleanup` find leftovers. They are top-level (not nested under
 * one root) so that servers without nested namespaces can be certified, or, with `--namespace-parent`, direct
 * children of a parent the user owns (catalogs that allow tables only under fixed parents, a shared catalog where a
 * vendor owns one namespace). The parent itself is never written.
 */
import { randomBytes } from 'node:crypto'

export const RUN_MARKER = 'ccrun_'

/** A new run id: time-ordered and unique enough for concurrent runs against one catalog. */
export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(3).toString('hex')}`
}

export function runPrefix(runId: string): string {
  return `${RUN_MARKER}${runId}`
}

/** The run's level of `ns`: the one right under `parent`, or undefined when `ns` is not under `parent`. */
function runLevel(ns: readonly string[], parent: readonly string[]): string | undefined {
  if (ns.length <= parent.length || !parent.every((p, i) => ns[i] === p)) return undefined
  const level = ns[parent.length]
  return typeof level === 'string' ? level : undefined
}

export function isRunNamespace(
  ns: readonly string[],
  prefix: string,
  parent: readonly string[] = [],
): boolean {
  return runLevel(ns, parent)?.startsWith(prefix) ?? false
}

/** True for any harness-made namespace, of this run or an earlier one. */
export function carriesRunMarker(ns: readonly string[], parent: readonly string[] = []): boolean {
  return runLevel(ns, parent)?.startsWith(RUN_MARKER) ?? false
}

/** `ns` with `_<suffix>` added to its last level: a sibling of a run namespace, still of the run. */
export function withSuffix(ns: readonly string[], suffix: string): string[] {
  return [...ns.slice(0, -1), `${ns.at(-1) ?? ''}_${suffix}`]
}

/** Hands out unique names within one test file. */
export class Names {
  private counter = 0

  readonly prefix: string
  private readonly fileTag: string
  /** Where the run's namespaces live (`--namespace-parent`); top level when empty. */
  readonly parent: readonly string[]
  constructor(prefix: string, fileTag: string, parent: readonly string[] = []) {
    this.prefix = prefix
    this.fileTag = fileTag
    this.parent = parent
  }

  /** A fresh namespace of this run, e.g. ['ccrun_lq3k2xab12cd_t3f2_dup'] (under the parent, if any). */
  namespace(label = 'ns'): string[] {
    return [...this.parent, `${this.prefix}_${this.fileTag}${++this.counter}_${sanitize(label)}`]
  }

  /** A table or view name (unique within the file; namespaces already isolate). */
  table(label = 't'): string {
    return `${sanitize(label)}_${++this.counter}`
  }

  view(label = 'v'): string {
    return this.table(label)
  }
}

function sanitize(label: string): string {
  return label.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40)
}

/** Short stable tag for a test file path, so that names of two files never collide. */
export function fileTag(path: string): string {
  let h = 2166136261
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619)
  return (h >>> 0).toString(36).slice(0, 5)
}
