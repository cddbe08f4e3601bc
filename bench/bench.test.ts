// The benchmark scripts run end to end on a tiny budget: every part produces its numbers (no timing
// assertions: these machines are shared and the numbers are only meaningful from bench/run.ts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Agent, request } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { NO_FILE, groupByFile } from './floor.ts'
import { runLoad } from './lib/load.ts'
import { stolenCpu } from './lib/proc.ts'
import type { RecordedRequest } from './lib/recording-proxy.ts'
import { median, percentile } from './lib/stats.ts'
import { startReference } from './lib/targets.ts'
import { Names, fileTag } from '../suites/_harness/sandbox/names.ts'
import { runBench } from './run.ts'
import { summarize } from './summary.ts'

describe('stats', () => {
  it('median and nearest-rank percentiles', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10)
    expect(percentile([], 99)).toBe(0)
  })
})

describe('/proc readings', () => {
  it('stolen CPU is a count since boot that never goes back (Linux)', () => {
    const first = stolenCpu()
    if (process.platform !== 'linux') return expect(first).toBeUndefined()
    expect(first).toBeGreaterThanOrEqual(0)
    expect(stolenCpu()).toBeGreaterThanOrEqual(first!)
  })
})

describe('load generator', () => {
  it('stops at the request budget and counts failures', async () => {
    const r = await runLoad({ concurrency: 4, maxRequests: 40, maxMs: 10_000 }, async (_w, seq) => {
      if (seq % 10 === 0) throw new Error(`failed ${seq}`)
    })
    expect(r.requests + r.failures).toBe(40)
    expect(r.failures).toBe(4)
    expect(r.firstFailure).toMatch(/^failed /)
  })

  it('stops at the time budget', async () => {
    const r = await runLoad(
      { concurrency: 2, maxRequests: 1e9, maxMs: 50 },
      () => new Promise((res) => setTimeout(res, 5)),
    )
    expect(r.requests).toBeGreaterThan(0)
    expect(r.requests).toBeLessThan(1e9)
  })
})

describe('the floor replay groups requests by the test file that sent them', () => {
  const at = (sentAt: number, path: string, body?: string): RecordedRequest => ({
    method: body === undefined ? 'GET' : 'POST',
    path,
    headers: {},
    ...(body === undefined ? {} : { body: Buffer.from(body) }),
    sentAt,
    answeredAt: sentAt + 1,
    status: 200,
  })
  const files = ['/x/suites/a/one.test.ts', '/x/suites/b/two.test.ts']
  const one = new Names('ccrun_abc123', fileTag(files[0]!))
  const two = new Names('ccrun_abc123', fileTag(files[1]!))

  it('by the file tag in a path or a body, in the order sent; the rest apart', () => {
    const nsOne = one.namespace('dup')[0]!
    const nsTwo = two.namespace('x')[0]!
    const groups = groupByFile(
      [
        at(3, `/v1/namespaces/${encodeURIComponent(nsTwo)}/tables`),
        at(1, '/v1/config'),
        at(2, '/v1/namespaces', JSON.stringify({ namespace: [nsOne] })),
        at(5, `/v1/namespaces/${nsOne}%1F%FF/tables`),
        at(4, '/v1/namespaces'),
      ],
      files,
    )
    expect([...groups.keys()]).toEqual([NO_FILE, fileTag(files[0]!), fileTag(files[1]!)])
    expect(groups.get(NO_FILE)!.map((r) => r.sentAt)).toEqual([1, 4])
    expect(groups.get(fileTag(files[0]!))!.map((r) => r.sentAt)).toEqual([2, 5])
    expect(groups.get(fileTag(files[1]!))!.map((r) => r.sentAt)).toEqual([3])
  })
})

describe('the summary of a distance bench run', () => {
  it('has a row for the direct run and each delay, with its ratio, CPU and parallelism', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-summary-'))
    try {
      const requests = { total: 4923, longestChain: 129, peakInFlight: 90 }
      await writeFile(
        join(dir, 'distance.json'),
        JSON.stringify({
          direct: { wallMs: 6000, cpuS: 9.9, parallelism: 'round trip 4 ms: 2 file(s) at once', requests },
          near: { wallMs: 11000 },
          rows: [
            {
              delayMs: 40,
              wallMs: 12000,
              ratio: 2,
              floorMs: 5160,
              cpuS: 13.8,
              parallelism: '8 file(s)',
              requests,
              outcomeDiffs: [],
            },
            { delayMs: 100, wallMs: 18000, ratio: 3, cpuS: 15.3, requests, outcomeDiffs: ['t: pass → fail'] },
          ],
        }),
      )
      const md = summarize(dir)
      expect(md).toContain('### Certification at network distance')
      expect(md).toContain(
        '| direct | 6000 ms | 1 | 4923 | 129 | – | 90 | 9.9 | round trip 4 ms: 2 file(s) at once | – |',
      )
      expect(md).toContain('| 40 ms | 12000 ms | 2× | 4923 | 129 | 5160 ms | 90 | 13.8 | 8 file(s) | 0 |')
      expect(md).toContain('| 100 ms | 18000 ms | 3× | 4923 | 129 | – | 90 | 15.3 | – | 1 |')
      expect(md).toContain('`--serial`, 11000 ms')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('bench/run.ts on a tiny budget', () => {
  let dir = ''
  afterAll(() => rm(dir, { recursive: true, force: true }))

  // Server children start through tsx; on a loaded 2-core machine that alone can take a minute.
  it('throughput, overhead and memory measure the reference server', { timeout: 240_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-test-'))
    const outDir = pathToFileURL(`${dir}/`)
    const results = await runBench(['throughput', 'overhead', 'memory'], {
      runs: 1,
      quick: true,
      outDir,
      log: () => {},
    })
    const tp = results['throughput'] as {
      reference: Record<string, { requests: number; failures: number }[]>
    }
    for (const load of ['loadTable', 'commitTable', 'listTables', 'createNamespace']) {
      expect(tp.reference[load]).toHaveLength(2)
      for (const cell of tp.reference[load]!) {
        expect(cell.failures).toBe(0)
        expect(cell.requests).toBeGreaterThan(0)
      }
    }
    const oh = (results['overhead'] as { shipped: unknown }).shipped as {
      loadTable: { raw: { medianMs: number }; harness: { medianMs: number } }
    }
    expect(oh.loadTable.raw.medianMs).toBeGreaterThan(0)
    expect(oh.loadTable.harness.medianMs).toBeGreaterThan(0)
    const mem = JSON.parse(await readFile(join(dir, 'memory.json'), 'utf8')) as {
      tables: number
      rssMb?: number
    }
    expect(mem.tables).toBe(50)
    const md = summarize(dir)
    for (const heading of ['### Throughput', '### Harness overhead', '### Memory'])
      expect(md).toContain(heading)
    expect(md).toMatch(/\| loadTable \| 4 \| [\d.]+ op\/s/)
    if (process.platform === 'linux') expect(mem.rssMb).toBeGreaterThan(0)
  })
})

describe('the floor part on a tiny budget', () => {
  let dir = ''
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it(
    'records a certification of the config area and replays it on a fresh reference server',
    { timeout: 240_000 },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'bench-floor-'))
      const results = await runBench(['floor'], {
        runs: 1,
        quick: true,
        outDir: pathToFileURL(`${dir}/`),
        log: () => {},
      })
      const f = results['floor'] as {
        rounds: {
          requests: number
          files: number
          startupMs: number
          replayMs: number
          replaySameStatus: number
          floorMs: number
          harnessWallMs: number
        }[]
      }
      const r = f.rounds[0]!
      expect(r.requests).toBeGreaterThan(20)
      // The global setup's requests, and the config area's files.
      expect(r.files).toBeGreaterThanOrEqual(2)
      expect(r.startupMs).toBeGreaterThan(0)
      expect(r.floorMs).toBe(r.startupMs + r.replayMs)
      // That the floor is below the harness's wall time is a measurement, made by the bench itself on a quiet
      // machine: two timings taken at different moments of a loaded test run need not keep that order (it failed
      // once under Node 24 with the whole suite running), so the test only checks that both were measured.
      expect(r.harnessWallMs).toBeGreaterThan(0)
      // Server-made ids (plan ids, table UUIDs) differ on a fresh server; everything else answers alike.
      expect(r.replaySameStatus).toBeGreaterThan(0.8)
    },
  )
})

describe('the keep-alive switch of the reference server child', () => {
  const connectsFor = async (keepAliveMs: number | undefined) => {
    const server = await startReference(30_000, keepAliveMs)
    const agent = new Agent({ connections: 1, connect: { timeout: 10_000 } })
    let connects = 0
    agent.on('connect', () => connects++)
    try {
      for (let i = 0; i < 5; i++) {
        const res = await request(`${server.url}/v1/config`, {
          dispatcher: agent,
          signal: AbortSignal.timeout(10_000),
        })
        await res.body.text()
      }
      return connects
    } finally {
      await agent.close()
      await server.stop()
    }
  }

  it(
    'as shipped (5 s) one connection serves all requests; with the old 1 s undici reconnected for every one',
    {
      timeout: 120_000,
    },
    async () => {
      expect(await connectsFor(undefined)).toBe(1)
      expect(await connectsFor(1000)).toBe(5)
    },
  )
})
