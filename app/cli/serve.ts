/** `serve`: the reference server alone, until interrupted (what it takes: serve-options.ts). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
  // Listening for Ctrl+C before anything is printed: a signal that came between the lines below and a later
  // listener would end the process by default, leaving the temporary warehouse behind.
  let stopRequested = () => {}
  const stopped = new Promise<void>((resolveStop) => (stopRequested = resolveStop))
  process.once('SIGINT', stopRequested)
  process.once('SIGTERM', stopRequested)
  // A fresh folder each time, so a client never meets the tables of an earlier session.
  const temporary = setup.temporaryWarehouse
    ? mkdtempSync(join(tmpdir(), 'catalog-conformance-serve-'))
    : null
  const removeTemporary = () => {
    if (temporary) rmSync(temporary, { recursive: true, force: true })
  }
  let server: Awaited<ReturnType<typeof start>>
  try {
    server = await start(temporary ? { ...setup.server, warehouseDir: temporary } : setup.server)
  } catch (e) {
    process.off('SIGINT', stopRequested)
    process.off('SIGTERM', stopRequested)
    removeTemporary()
    throw new HarnessError(
      `cannot start the reference server on ${setup.host}:${setup.port}: ${(e as Error).message}`,
    )
  }
  log(`reference server listening on ${server.url} (${setup.describe}); Ctrl+C to stop`)
  if (temporary)
    log(
      `warehouse: ${temporary} (a temporary folder, removed when serve stops; --warehouse-dir DIR keeps one)`,
    )
  else if (setup.server.warehouseDir !== undefined) log(`warehouse: ${setup.server.warehouseDir}`)
  await stopped
  await server.close()
  removeTemporary()
  log('stopped')
  return 0
}
