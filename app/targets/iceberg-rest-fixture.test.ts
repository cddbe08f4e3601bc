import { describe, expect, it } from 'vitest'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fixtureEnv, fixtureLayout, fixtureReleases, icebergRestFixture } from './iceberg-rest-fixture.ts'
import { probe } from './readiness.ts'

describe('fixtureEnv', () => {
  it('drops inherited CATALOG_* variables and configures SQLite (file, WAL, strict) and the warehouse', () => {
    const env = fixtureEnv(
      { PATH: '/bin', CATALOG_URI: 'jdbc:postgresql://elsewhere', CATALOG_IO__IMPL: 'x' },
      { port: 4321, dataDir: '/tmp/d' },
      { CATALOG_INCLUDE__CREDENTIALS: 'true' },
    )
    expect(env).toMatchObject({
      PATH: '/bin',
      CATALOG_URI: 'jdbc:sqlite:file:/tmp/d/catalog.db?journal_mode=WAL',
      CATALOG_JDBC_STRICT__MODE: 'true',
      CATALOG_WAREHOUSE: 'file:/tmp/d/warehouse',
      CATALOG_REST_PORT: '4321',
      CATALOG_INCLUDE__CREDENTIALS: 'true',
    })
    expect(env['CATALOG_IO__IMPL']).toBeUndefined()
  })
})

describe('the release matrix (releases.txt)', () => {
  it('lists each release once, oldest first, with a spec profile and its own expectations file', () => {
    const releases = fixtureReleases()
    expect(releases.map((r) => r.release)).toEqual(['1.7.2', '1.8.1', '1.9.2', '1.10.1', '1.11.0', '1.12.0'])
    for (const { release, profile } of releases) {
      expect(profile, release).toMatch(/^1\.\d+$/)
      const file = new URL(
        `../../fixtures/expectations/iceberg-rest-fixture-${release}.yaml`,
        import.meta.url,
      )
      expect(existsSync(file), `expectations file for ${release}`).toBe(true)
    }
  })
})

/** A JSON POST to the fixture, with a timeout so that a hung fixture fails the test instead of stalling it. */
function postJson(url: string, body: unknown, timeoutMs = 5_000): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  })
}

const layout = fixtureLayout()
if (!layout.ready) {
  console.warn(
    `[skip] the real Iceberg REST fixture test: ${layout.root} is not prepared; ` +
      'run fixtures/targets/iceberg-rest-fixture/prepare.sh',
  )
}

describe.skipIf(!layout.ready)('the real Iceberg REST fixture (Java)', () => {
  it('starts, serves /v1/config, creates and drops a namespace, and stops', async () => {
    const running = await icebergRestFixture().start({ timeoutMs: 60_000, log: () => {} })
    try {
      const config = await fetch(`${running.url}/v1/config`, { signal: AbortSignal.timeout(5_000) })
      expect(config.status).toBe(200)
      const body = (await config.json()) as { overrides: Record<string, string>; endpoints: string[] }
      expect(body.endpoints).toContain('POST /v1/{prefix}/namespaces')
      expect(body.overrides['prefix']).toBeUndefined()

      const ns = `conformance_${process.pid}`
      const created = await postJson(`${running.url}/v1/namespaces`, {
        namespace: [ns],
        properties: { owner: 'harness' },
      })
      expect(created.status).toBe(200)
      expect(await created.json()).toMatchObject({ namespace: [ns], properties: { owner: 'harness' } })

      const dropped = await fetch(`${running.url}/v1/namespaces/${ns}`, {
        method: 'DELETE',
        signal: AbortSignal.timeout(5_000),
      })
      expect(dropped.status).toBe(204)
      const gone = await fetch(`${running.url}/v1/namespaces/${ns}`, { signal: AbortSignal.timeout(5_000) })
      expect(gone.status).toBe(404)
    } finally {
      await running.stop()
    }
    expect((await probe(`${running.url}/v1/config`, () => true, 1_000)).detail).toBe('ECONNREFUSED')
  })
})

describe.skipIf(!layout.ready)("the fixture's warehouse files (the support jar)", () => {
  it('are written with the modes Hadoop asks for, set through java.nio: no chmod process is started', async () => {
    // A `chmod` first on the fixture's PATH that notes every call: Hadoop without the support jar starts one
    // for each directory and file it creates (two per metadata file, with its checksum).
    const bin = mkdtempSync(join(tmpdir(), 'fixture-chmod-'))
    const calls = join(bin, 'calls')
    writeFileSync(calls, '')
    writeFileSync(join(bin, 'chmod'), `#!/bin/sh\necho "$@" >> '${calls}'\nexec /bin/chmod "$@"\n`)
    chmodSync(join(bin, 'chmod'), 0o755)
    const path = process.env['PATH']
    process.env['PATH'] = `${bin}:${path ?? ''}`
    try {
      const running = await icebergRestFixture().start({ timeoutMs: 60_000, log: () => {} })
      try {
        const ns = `conformance_files_${process.pid}`
        expect((await postJson(`${running.url}/v1/namespaces`, { namespace: [ns] }, 10_000)).status).toBe(200)
        const created = await postJson(
          `${running.url}/v1/namespaces/${ns}/tables`,
          {
            name: 't',
            schema: {
              type: 'struct',
              'schema-id': 0,
              fields: [{ id: 1, name: 'id', type: 'long', required: true }],
            },
          },
          10_000,
        )
        expect(created.status).toBe(200)
        const metadata = fileURLToPath(
          ((await created.json()) as { 'metadata-location': string })['metadata-location'],
        )
        expect(statSync(metadata).mode & 0o777).toBe(0o644)
        expect(statSync(dirname(metadata)).mode & 0o777).toBe(0o755)
        expect(existsSync(join(dirname(metadata), `.${basename(metadata)}.crc`))).toBe(true)
      } finally {
        await running.stop()
      }
      expect(readFileSync(calls, 'utf8')).toBe('')
    } finally {
      process.env['PATH'] = path
      rmSync(bin, { recursive: true, force: true })
    }
  })
})
