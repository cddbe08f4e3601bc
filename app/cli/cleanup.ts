/**
 * `cleanup`: removes what earlier runs left behind — only namespaces that carry the run marker, at the top level or
 * under `--namespace-parent` as those runs had them — and lists it.
 */
import { CLEANUP_OPTIONS, refuseOptionsNotTaken, type Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { sweep } from '../../suites/_harness/sandbox/cleanup.ts'
import { RUN_MARKER } from '../../suites/_harness/sandbox/names.ts'
import { prepareRun } from '../setup/prepare.ts'
import { runClient } from '../setup/sweep.ts'

export async function cleanupCommand(
  opts: Options,
  log: (line: string) => void,
  given: Options = opts,
): Promise<number> {
  refuseOptionsNotTaken('cleanup', CLEANUP_OPTIONS, given)
  if (!opts.url) throw new HarnessError('cleanup needs --url (the catalog to clean)')
  const run = await prepareRun(opts, opts.url)
  // The write guard's prefix is the bare marker: any harness run's namespaces, and nothing else, where the runs put
  // theirs (top level, or under --namespace-parent, which the guard never lets it write itself).
  const { client, close } = runClient(run, RUN_MARKER, run.namespaceParent)
  try {
    const removed = await sweep(client, undefined, undefined, run.namespaceParent)
    for (const r of removed) log(`removed ${r}`)
    log(removed.length === 0 ? 'nothing to remove' : `removed ${removed.length} object(s)`)
    return 0
  } finally {
    await close()
  }
}
