// The checkout's CLI bundle (bin/cli-bundle.js): made once, reused while its sources are unchanged, remade when one
// changes, and the same CLI as the sources (import.meta.url of each module is still its source file's).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { cliBundle } from '../../bin/cli-bundle.js'
import { ROOT } from './spawn-cli.ts'
import { harnessVersion } from './version.ts'

const rootUrl = pathToFileURL(`${ROOT}/`)
// Inside the checkout, as the real cache is: the bundle imports its packages (external) from node_modules above it.
mkdirSync(join(ROOT, '.tmp'), { recursive: true })
const cacheDir = mkdtempSync(join(ROOT, '.tmp', 'cli-bundle-'))
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

/** Runs the bundle's `main` with `args` in a fresh Node process. */
function runBundled(url: string, args: readonly string[]) {
  const script = `const { main } = await import(${JSON.stringify(url)}); process.exitCode = await main(${JSON.stringify(args)})`
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('the CLI bundle of a checkout', () => {
  it(
    'is made once, reused while the sources are unchanged, and remade when one changes',
    { timeout: 60_000 },
    async () => {
      const first = await cliBundle(rootUrl, cacheDir)
      expect(first?.built).toBe(true)
      const again = await cliBundle(rootUrl, cacheDir)
      expect(again).toEqual({ url: first!.url, built: false })

      // A source whose recorded modification time no longer matches: as after an edit.
      const manifestPath = join(cacheDir, 'cli-bundle.json')
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        inputs: [string, number, number][]
      }
      expect(manifest.inputs.map(([p]) => p)).toContain('app/cli/main.ts')
      const version = manifest.inputs.find(([p]) => p === 'app/cli/version.ts')!
      version[2] -= 1000
      writeFileSync(manifestPath, JSON.stringify(manifest))
      const remade = await cliBundle(rootUrl, cacheDir)
      expect(remade?.built).toBe(true)
    },
  )

  it(
    'answers as the sources do: paths relative to each module resolve from its source file',
    { timeout: 60_000 },
    async () => {
      const bundle = await cliBundle(rootUrl, cacheDir)
      // --version reads package.json two folders above app/cli/version.ts, not above the bundle.
      const v = runBundled(bundle!.url, ['--version'])
      expect(v.stderr).toBe('')
      expect(v.stdout.trim()).toBe(harnessVersion())
      const bad = runBundled(bundle!.url, ['run', '--bogus'])
      expect(bad.status).toBe(2)
      expect(bad.stderr).toMatch(/^catalog-conformance: Unknown option '--bogus'/)
    },
  )

  it('is not had where the cache cannot be written: the bin then runs the sources through tsx', async () => {
    expect(await cliBundle(rootUrl, '/dev/null/cache')).toBeUndefined()
  })
})
