/**
 * The order in which a run starts its suite files: the longest chain of requests first. At a network distance a file
 * takes about its chain × the round trip, whatever its size, and the workers are best used when the longest files
 * start first and the short ones fill in around them (longest processing time first). Vitest's own order (the last
 * run's durations from its cache, else the largest file first) started the property files, whose runs follow one
 * another, 20 s into a run 100 ms away, behind some fifty short files, and the run ended 16 s after them.
 *
 * The chains are data (file-chains.json), measured by `scripts/file-chains.ts` from a certification's results.json.
 * A file it does not list (a new one) starts first, as Vitest starts the files it knows nothing of; a stale figure
 * costs time, never a verdict.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { PACKAGE_ROOT } from '../cli/version.ts'

/** file-chains.json: each suite file (relative to the package root) and its longest chain of requests. */
export interface FileChains {
  /** How and when the figures were measured. */
  readonly measured: string
  readonly chains: Readonly<Record<string, number>>
}

export const FILE_CHAINS_PATH = new URL('./file-chains.json', import.meta.url)

export function readFileChains(path: URL | string = FILE_CHAINS_PATH): FileChains {
  return JSON.parse(readFileSync(path, 'utf8')) as FileChains
}

/** Every suite file (the harness's excluded), relative to the package root, sorted. */
export function suiteFiles(root = PACKAGE_ROOT): string[] {
  const dir = join(root, 'suites')
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.startsWith('_harness'))
    .map((f) => relative(root, join(dir, f)))
    .sort()
}

/** `files` (paths relative to the package root), longest chain first; unknown files first; ties by path. */
export function byChain(files: readonly string[], chains: Readonly<Record<string, number>>): string[] {
  const chainOf = (f: string) => chains[f] ?? Infinity
  return [...files].sort((a, b) => chainOf(b) - chainOf(a) || (a < b ? -1 : a > b ? 1 : 0))
}

/** Vitest's sequencer with the order above (sharding stays Vitest's). */
export class ChainSequencer extends BaseSequencer {
  private readonly chains = readFileChains().chains

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const byKey = new Map(files.map((f) => [relative(root, f.moduleId), f]))
    return byChain([...byKey.keys()], this.chains).map((k) => byKey.get(k)!)
  }
}
