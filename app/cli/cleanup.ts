/** `cleanup`: removes what earlier runs left behind — only namespaces that carry the run marker — and lists it. */
import type { Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { sweep } from '../../suites/_harness/sandbox/cleanup.ts'
import { RUN_MARKER } from '../../suites/_harness/sandbox/names.ts'
import { prepareRun } from '../setup/prepare.ts'
import { runClient } from '../setup/sweep.ts'

export async function cleanupCommand(opts: Options, log: (line: string) => void): Promise<number> {
  if (!opts.url) throw new HarnessError('cleanup needs --url (the catalog to clean)')
  const run = await prepareRun(opts, opts.url)
  // The write guard's prefix is the bare marker: any harness run's namespaces, and nothing else (top level).
  const { client, close } = runClient(run, RUN_MARKER, [])
  try {
    const removed = await sweep(client)
    for (const r of removed) log(`removed ${r}`)
    log(removed.length === 0 ? 'nothing to remove' : `removed ${removed.length} object(s)`)
    return 0
  } finally {
    await close()
  }
}
