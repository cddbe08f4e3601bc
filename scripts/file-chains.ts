/**
 * Measures each suite file's longest chain of requests and writes app/config/file-chains.json, the order in which
 * runs start their files (app/config/file-order.ts). The chains are those of a catalog at a distance: the default
 * certification of a fresh bundled reference server through a proxy that holds every request 10 ms, by `--url`, so
 * that the tests of a file run concurrently and the file's cleanup is counted, as for a remote catalog.
 *
 *   npx tsx scripts/file-chains.ts     # rewrites app/config/file-chains.json
 *
 * app/config/file-order.test.ts fails while a suite file is missing from it.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { atDistance } from '../bench/distance.ts'
import { PACKAGE_ROOT } from '../app/cli/version.ts'
import { FILE_CHAINS_PATH, type FileChains } from '../app/config/file-order.ts'

const DELAY_MS = 10

async function measure(): Promise<FileChains> {
  let byFile: Record<string, { chain: number }> = {}
  await atDistance(DELAY_MS, [], (results) => {
    byFile = (results as { requests?: { byFile?: typeof byFile } }).requests?.byFile ?? {}
  })
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
  }).trim()
  // results.json lists the files sorted by path.
  const chains = Object.fromEntries(Object.entries(byFile).map(([file, f]) => [file, f.chain]))
  return {
    measured: `scripts/file-chains.ts at ${commit}, ${new Date().toISOString().slice(0, 10)}: the bundled reference server by --url, ${DELAY_MS} ms a request`,
    chains,
  }
}

const chains = await measure()
writeFileSync(FILE_CHAINS_PATH, `${JSON.stringify(chains, null, 2)}\n`)
console.log(`wrote ${fileURLToPath(FILE_CHAINS_PATH)}: ${Object.keys(chains.chains).length} files`)
