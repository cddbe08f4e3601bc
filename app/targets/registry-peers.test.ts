import { describe, expect, it } from 'vitest'
import { lakanaEnv } from './lakana-server.ts'
import { rustbergConfig } from './rustberg.ts'

describe('rustbergConfig', () => {
  it('binds loopback on the given port, one admin key read from the environment, local storage, no throttling, quiet', () => {
    const toml = rustbergConfig({ port: 4321, dataDir: '/tmp/r' })
    expect(toml).toContain('host = "127.0.0.1"\nport = 4321')
    expect(toml).toContain('key_env = "CONFORMANCE_RUSTBERG_API_KEY"')
    expect(toml).toContain('roles = ["admin"]')
    expect(toml).toContain('catalog_url = "file:///tmp/r/catalog"')
    expect(toml).toContain('warehouse_location = "file:///tmp/r/warehouse"')
    expect(toml).toMatch(/\[rate_limit\]\nenabled = false\ntrack_auth_failures = false/)
    // Quiet: warnings and errors only, no per-request span lines, no audit record per request on stdout.
    expect(toml).toMatch(/\[logging\]\nlevel = "warn"\nwith_span_events = false/)
    expect(toml).toMatch(/\[audit\]\nsink = "none"/)
    // The key itself is never written to the file.
    expect(toml).not.toMatch(/api_key\s*=/)
  })
})

describe('lakanaEnv', () => {
  it('drops inherited LAKANA_* variables and sets the database, bootstrap token and loopback port', () => {
    const env = lakanaEnv(
      { PATH: '/bin', LAKANA_DATABASE__URL: 'postgresql://elsewhere', LAKANA_DEBUG: '1' },
      { port: 4321, dataDir: '/tmp/l', keyId: 'k', secret: 's' },
    )
    expect(env).toMatchObject({
      PATH: '/bin',
      LAKANA_DATABASE__URL: 'sqlite:////tmp/l/lakana.db',
      LAKANA_BOOTSTRAP_PAT_KEY_ID: 'k',
      LAKANA_BOOTSTRAP_PAT_SECRET: 's',
      LAKANA_HOST: '127.0.0.1',
      LAKANA_PORT: '4321',
    })
    expect(env['LAKANA_DEBUG']).toBeUndefined()
  })
})
