/**
 * Measures each suite file's longest chain of requests and writes app/config/file-chains.json, the order in which
 * runs start their files (app/config/file-order.ts). The chains are those of a catalog at a distance: the default
 * certification of a fresh bundled reference server through a proxy that holds every request 10 ms, by `--url`, so
 * that the tests of a file run concurrently and the file's cleanup is counted, as for a remote catalog.
 *
 *   npx tsx scripts/file-chains.ts            # rewrites app/config/file-chains.json
 *   npx tsx scripts/file-chains.ts --check    # exit 1 if a suite file is missing from it (no certification)
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { certifyOnce } from '../bench/certify.ts'
import { startRecordingProxy } from '../bench/lib/recording-proxy.ts'
import { startReference } from '../bench/lib/targets.ts'
import { FILE_CHAINS_PATH, readFileChains, type FileChains } from '../app/config/file-order.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DELAY_MS = 10

/** Every suite file, relative to the package root. */
export function suiteFiles(root = ROOT): string[] {
  const dir = join(root, 'suites')
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.startsWith('_harness'))
    .map((f) => relative(root, join(dir, f)))
    .sort()
}

async function measure(): Promise<FileChains> {
  const server = await startReference()
  const proxy = await startRecordingProxy(server.url, DELAY_MS)
  try {
    let byFile: Record<string, { chain: number }> = {}
    await certifyOnce(['--url', `${proxy.url}/`], 900_000, {}, false, (results) => {
      byFile = (results as { requests?: { byFile?: typeof byFile } }).requests?.byFile ?? {}
    })
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim()
    const chains = Object.fromEntries(
      Object.entries(byFile)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([file, f]) => [file, f.chain]),
    )
    return {
      measured: `scripts/file-chains.ts at ${commit}, ${new Date().toISOString().slice(0, 10)}: the bundled reference server by --url, ${DELAY_MS} ms a request`,
      chains,
    }
  } finally {
    await proxy.close()
    await server.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const known = readFileChains().chains
    const missing = suiteFiles().filter((f) => known[f] === undefined)
    if (missing.length > 0) {
      console.error(
        `not in app/config/file-chains.json (run npx tsx scripts/file-chains.ts): ${missing.join(', ')}`,
      )
      process.exit(1)
    }
    console.log('file chains: every suite file listed')
  } else {
    const chains = await measure()
    writeFileSync(FILE_CHAINS_PATH, `${JSON.stringify(chains, null, 2)}\n`)
    console.log(`wrote ${fileURLToPath(FILE_CHAINS_PATH)}: ${Object.keys(chains.chains).length} files`)
  }
}
