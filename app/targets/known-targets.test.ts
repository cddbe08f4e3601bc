import { describe, expect, it } from 'vitest'
import { knownTargets, listTargets, registerTarget, selectTarget } from './known-targets.ts'
import { TargetError } from './target-error.ts'

describe('known targets', () => {
  it('lists the url, process and container targets with their kind', () => {
    const kinds = Object.fromEntries([...knownTargets().values()].map((t) => [t.name, t.kind]))
    expect(kinds).toMatchObject({
      url: 'url',
      'iceberg-rest-fixture': 'process',
      'iceberg-rest-fixture-image': 'container',
      lakekeeper: 'container',
      polaris: 'container',
      nessie: 'container',
      gravitino: 'container',
    })
    expect(listTargets().find((l) => l.startsWith('polaris '))).toMatch(
      /container\s+Apache Polaris .*unverified/,
    )
  })

  it('rejects an unknown name, listing the known ones', () => {
    expect(() => selectTarget('nope')).toThrow(TargetError)
    expect(() => selectTarget('nope')).toThrow(/unknown target "nope"; known targets: .*iceberg-rest-fixture/)
  })

  it('url: needs a URL, starts nothing, and stop is a no-op', async () => {
    expect(() => selectTarget('url')).toThrow(/needs a URL/)
    const running = await selectTarget('url', { url: 'http://127.0.0.1:1/catalog/', warehouse: 'wh' }).start({
      timeoutMs: 1_000,
      log: () => {},
    })
    expect(running).toMatchObject({ url: 'http://127.0.0.1:1/catalog', warehouse: 'wh' })
    await expect(running.stop()).resolves.toBeUndefined()
  })

  it('lets the owner of the reference server register it', () => {
    registerTarget({
      name: 'reference-test-double',
      kind: 'reference',
      description: 'test double',
      create: () => ({
        kind: 'reference',
        start: async () => ({ url: 'http://127.0.0.1:2', stop: async () => {} }),
      }),
    })
    expect(selectTarget('reference-test-double').kind).toBe('reference')
  })

  it('iceberg-rest-fixture: an unprepared version fails with the command that prepares it', async () => {
    const err = await selectTarget('iceberg-rest-fixture', { version: '0.0.0-not-prepared' })
      .start({ timeoutMs: 1_000, log: () => {} })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TargetError)
    expect((err as TargetError).code).toBe('TARGET_NOT_PREPARED')
    expect((err as Error).message).toContain('prepare.sh --version 0.0.0-not-prepared')
  })
})
