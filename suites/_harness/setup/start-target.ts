/**
 * Starts the target a run certifies: an external URL, a known target by name (`--target`), or (neither
 * given) the bundled reference server in this process on a free loopback port. Target failures become
 * HarnessErrors: one line, exit code 2.
 */
import { start as startReferenceServer } from '../../../reference-server/index.ts'
import type { Options } from '../config/options.ts'
import { HarnessError } from '../errors.ts'
import { registerTarget, selectTarget } from '../targets/known-targets.ts'
import { TargetError } from '../targets/target-error.ts'
import type { RunningTarget } from '../targets/types.ts'

registerTarget({
  name: 'reference',
  kind: 'reference',
  description: 'the bundled in-memory reference server, in-process (the default)',
  create: () => ({
    kind: 'reference',
    start: async () => {
      const server = await startReferenceServer({ host: '127.0.0.1', port: 0 })
      return { url: server.url, stop: () => server.close() }
    },
  }),
})

/** What the run should use: an explicit URL wins, then --target, then the reference server. */
export function targetNameOf(opts: Options): string {
  return opts.url ? 'url' : (opts.target ?? 'reference')
}

export async function startTarget(
  opts: Options,
  log: (line: string) => void = () => {},
): Promise<RunningTarget> {
  const name = targetNameOf(opts)
  try {
    const provider = selectTarget(name, {
      ...(opts.url ? { url: opts.url } : {}),
      ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
      ...(opts.targetVersion ? { version: opts.targetVersion } : {}),
    })
    if (name !== 'reference' && name !== 'url') log(`starting target ${name}…`)
    return await provider.start({ timeoutMs: 180_000, log })
  } catch (e) {
    if (e instanceof TargetError || e instanceof HarnessError) throw new HarnessError(e.message)
    throw new HarnessError(`cannot start target ${name}: ${(e as Error).message}`)
  }
}
