/** `serve`: the reference server alone, until interrupted (what it takes: serve-options.ts). */
import { start } from '../../reference-server/index.ts'
import type { Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { serveSetup } from './serve-options.ts'

export async function serveCommand(
  opts: Options,
  extra: Record<string, string | boolean | undefined>,
  log: (line: string) => void,
  given: Options = opts,
): Promise<number> {
  const setup = serveSetup(opts, extra, given)
  let server: Awaited<ReturnType<typeof start>>
  try {
    server = await start(setup.server)
  } catch (e) {
    throw new HarnessError(
      `cannot start the reference server on ${setup.host}:${setup.port}: ${(e as Error).message}`,
    )
  }
  log(`reference server listening on ${server.url} (${setup.describe}); Ctrl+C to stop`)
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  await server.close()
  log('stopped')
  return 0
}
