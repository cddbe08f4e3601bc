import { describe, expect, it } from 'vitest'
import { knownTargets, listTargets, parseTargetSpec, registerTarget, selectTarget } from './known-targets.ts'
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
      'hive-rest': 'container',
      'unity-catalog': 'container',
      rustberg: 'process',
      'lakana-server': 'process',
    })
    expect(listTargets().find((l) => l.startsWith('polaris '))).toMatch(
      /container\s+Apache Polaris .*unverified/,
    )
  })

  it('lists only the targets named (NAME or NAME@VERSION), and refuses an unknown name', () => {
    expect(listTargets(['rustberg@0.3.0', 'lakana-server']).map((l) => l.split(' ')[0])).toEqual([
      'lakana-server',
      'rustberg',
    ])
    expect(() => listTargets(['rustbreg'])).toThrow(/unknown target "rustbreg" \(did you mean "rustberg"\?\)/)
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

  it('NAME@VERSION names a release; --target-version may repeat it but not contradict it', () => {
    expect(parseTargetSpec('iceberg-rest-fixture@1.10.1', undefined)).toEqual({
      name: 'iceberg-rest-fixture',
      version: '1.10.1',
    })
    expect(parseTargetSpec('iceberg-rest-fixture', '1.9.2')).toEqual({
      name: 'iceberg-rest-fixture',
      version: '1.9.2',
    })
    expect(parseTargetSpec('rustberg@0.3.0', '0.3.0').version).toBe('0.3.0')
    expect(() => parseTargetSpec('iceberg-rest-fixture@1.10.1', '1.9.2')).toThrow(/name different versions/)
    expect(() => parseTargetSpec('@1.10.1', undefined)).toThrow(/NAME@VERSION/)
    expect(() => parseTargetSpec('rustberg@', undefined)).toThrow(/NAME@VERSION/)
  })

  it.each([
    ['iceberg-rest-fixture@0.0.1', 'fixtures/targets/iceberg-rest-fixture/prepare.sh --version 0.0.1'],
    ['rustberg@0.0.1', 'fixtures/targets/rustberg/prepare.sh --version 0.0.1'],
    ['lakana-server@0.0.1', 'fixtures/targets/lakana-server/prepare.sh --version 0.0.1'],
  ])('%s: an unprepared release fails with the command that prepares it', async (spec, command) => {
    const err = await selectTarget(spec)
      .start({ timeoutMs: 1_000, log: () => {} })
      .catch((e: unknown) => e)
    expect((err as TargetError).code).toBe('TARGET_NOT_PREPARED')
    expect((err as Error).message).toContain(command)
  })
})
