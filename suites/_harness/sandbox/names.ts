/**
 * Names of what a run creates. Every namespace a run creates is top-level and starts with the run prefix
 * `ccrun_<run id>`: the marker lets the write guard refuse anything else and lets `cleanup` find leftovers.
 * Top-level (not nested under one root) so that servers without nested namespaces can be certified.
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

export function isRunNamespace(ns: readonly string[], prefix: string): boolean {
  return typeof ns[0] === 'string' && ns[0].startsWith(prefix)
}

/** True for any harness-made namespace, of this run or an earlier one. */
export function carriesRunMarker(ns: readonly string[]): boolean {
  return typeof ns[0] === 'string' && ns[0].startsWith(RUN_MARKER)
}

/** Hands out unique names within one test file. */
export class Names {
  private counter = 0

  constructor(
    readonly prefix: string,
    private readonly fileTag: string,
  ) {}

  /** A fresh top-level namespace of this run, e.g. ['ccrun_lq3k2xab12cd_t3f2_dup']. */
  namespace(label = 'ns'): string[] {
    return [`${this.prefix}_${this.fileTag}${++this.counter}_${sanitize(label)}`]
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
