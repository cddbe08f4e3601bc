/** `cleanup`: removes what earlier runs left behind — only namespaces that carry the run marker — and lists it. */
import type { Options } from '../config/options.ts'
import { CatalogClient } from '../../suites/_harness/client.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { Transport } from '../../suites/_harness/http/transport.ts'
import { sweep } from '../../suites/_harness/sandbox/cleanup.ts'
import { RUN_MARKER } from '../../suites/_harness/sandbox/names.ts'
import { prepareRun } from '../setup/prepare.ts'

export async function cleanupCommand(opts: Options, log: (line: string) => void): Promise<number> {
  if (!opts.url) throw new HarnessError('cleanup needs --url (the catalog to clean)')
  const run = await prepareRun(opts, opts.url)
  const transport = new Transport({ timeoutMs: run.timeoutMs, redactor: new Redactor(run.secrets) })
  try {
    // The write guard's prefix is the bare marker: any harness run's namespaces, and nothing else.
    const client = new CatalogClient({
      baseUrl: run.baseUrl,
      caps: run.caps,
      transport,
      headers: run.headers,
      runPrefix: RUN_MARKER,
    })
    const removed = await sweep(client)
    for (const r of removed) log(`removed ${r}`)
    log(removed.length === 0 ? 'nothing to remove' : `removed ${removed.length} object(s)`)
    return 0
  } finally {
    await transport.close()
  }
}
