/**
 * One certification split across machines: `--shard 1/2` and `--shard 2/2`, then `report merge`, give the same
 * tests and verdict as the unsharded run (each shard here is a CLI process against one reference server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { runCli } from './spawn-cli.ts'

const cli = async (args: string[]): Promise<number> => (await runCli(args)).code ?? 99

const ids = (file: string): string[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { tests: { id: string }[] }).tests.map((t) => t.id).sort()

describe('--shard i/n and report merge', () => {
  let server: { url: string; close(): Promise<void> }
  const dir = mkdtempSync(join(tmpdir(), 'cc-shard-'))
  beforeAll(async () => {
    server = await start({ port: 0 })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it(
    'the merged shards hold every test of the whole run once, with its verdict',
    { timeout: 300_000 },
    async () => {
      const common = ['run', '--url', server.url, '--include', 'namespaces']
      const codes = await Promise.all([
        cli([...common, '--report-dir', join(dir, 'all')]),
        cli([...common, '--shard', '1/2', '--report-dir', join(dir, 's1')]),
        cli([...common, '--shard', '2/2', '--report-dir', join(dir, 's2')]),
      ])
      expect(codes).toEqual([0, 0, 0])
      const s1 = ids(join(dir, 's1', 'results.json'))
      const s2 = ids(join(dir, 's2', 'results.json'))
      expect(s1.length).toBeGreaterThan(0)
      expect(s2.length).toBeGreaterThan(0)
      const merge = ['report', 'merge', join(dir, 's1', 'results.json'), join(dir, 's2', 'results.json')]
      expect(await cli([...merge, '--out', join(dir, 'merged')])).toBe(0)
      expect(ids(join(dir, 'merged', 'results.json'))).toEqual(ids(join(dir, 'all', 'results.json')))
    },
  )

  it('a malformed shard is a one-line error, exit 2', async () => {
    expect(await cli(['run', '--shard', '3/2'])).toBe(2)
  })
})
