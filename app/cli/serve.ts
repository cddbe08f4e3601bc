/** `serve`: the reference server alone, until interrupted. */
import { start } from '../../reference-server/index.ts'
import type { Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'

export async function serveCommand(
  opts: Options,
  extra: Record<string, string | boolean | undefined>,
  log: (line: string) => void,
): Promise<number> {
  const port = extra.port === undefined ? 8181 : Number(extra.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new HarnessError(`--port must be a port number, got ${String(extra.port)}`)
  const host = typeof extra.host === 'string' ? extra.host : '127.0.0.1'
  const warehouseDir = typeof extra['warehouse-dir'] === 'string' ? extra['warehouse-dir'] : undefined
  let server: Awaited<ReturnType<typeof start>>
  try {
    server = await start({
      port,
      host,
      ...(opts.token ? { auth: { token: opts.token } } : {}),
      ...(warehouseDir ? { warehouseDir } : {}),
      ...(extra['plans-complete-at-once'] === true ? { plansCompleteAtOnce: true } : {}),
    })
  } catch (e) {
    throw new HarnessError(`cannot start the reference server on ${host}:${port}: ${(e as Error).message}`)
  }
  log(
    `reference server listening on ${server.url}${opts.token ? ' (bearer token required)' : ''}; Ctrl+C to stop`,
  )
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  await server.close()
  log('stopped')
  return 0
}
