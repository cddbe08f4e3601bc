/**
 * Starts the target a run certifies: an external URL, a known target by name, or (neither given) the bundled
 * reference server in this process on a free loopback port.
 */
import { start as startReferenceServer } from '../../../reference-server/index.ts'
import type { Options } from '../config/options.ts'
import type { RunningTarget } from '../targets/types.ts'
import { HarnessError } from '../errors.ts'

export async function startTarget(
  opts: Options,
  log: (line: string) => void = () => {},
): Promise<RunningTarget> {
  if (opts.url) return { url: opts.url, stop: async () => {} }
  if (opts.target && opts.target !== 'reference') {
    const { selectTarget } = await import('../targets/known-targets.ts')
    const provider = selectTarget(opts.target, {})
    return provider.start({ timeoutMs: 120_000, log })
  }
  try {
    const server = await startReferenceServer({ host: '127.0.0.1', port: 0 })
    return { url: server.url, stop: () => server.close() }
  } catch (e) {
    throw new HarnessError(`cannot start the bundled reference server: ${(e as Error).message}`)
  }
}
