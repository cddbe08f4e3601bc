import { describe, expect, it } from 'vitest'
import { replayArgsOf } from './replay.ts'

describe('the replay line targets the same server and prints no secret', () => {
  it('carries url, prefix, warehouse, profile and names secrets and header values as placeholders', () => {
    const line = replayArgsOf({
      url: 'https://catalog.example.com',
      prefix: 'main%7Cwh',
      warehouse: 'demo wh',
      profile: '1.10',
      token: 's3cr3t-token',
      clientSecret: 'hidden',
      header: ['X-Tenant=acme-secret'],
      seed: 7,
      reportDir: 'out',
    })
    expect(line).toBe(
      "--url https://catalog.example.com --prefix main%7Cwh --warehouse 'demo wh' --profile 1.10 " +
        "--token '<token>' --client-secret '<client-secret>' --header 'X-Tenant=<value>'",
    )
    expect(line).not.toMatch(/s3cr3t|hidden|acme-secret/)
  })

  it('a known target is replayed by name; the bundled server needs nothing', () => {
    expect(replayArgsOf({ target: 'iceberg-rest-fixture', targetVersion: '1.10.1' })).toBe(
      '--target iceberg-rest-fixture --target-version 1.10.1',
    )
    expect(replayArgsOf({})).toBe('')
  })
})
