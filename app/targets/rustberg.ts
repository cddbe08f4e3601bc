/**
 * rustberg (crates.io; Rust, on iceberg-rust) as a process target: its embedded catalog store and a `file:`
 * warehouse in a fresh temp dir, one admin API key (a random value of this run, passed in an environment
 * variable the config names), plain HTTP on a free loopback port, rate limiting off (its defaults throttle a
 * harness that sends hundreds of requests a second). No `{prefix}`. Needs fixtures/targets/rustberg/prepare.sh.
 */
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { freePort } from './free-port.ts'
import {
  environmentWithout,
  localSecret,
  notPrepared,
  preparedInstall,
  TARGETS_DIR,
} from './prepared-install.ts'
import { processTarget } from './process-target.ts'
import { scratchDir } from './scratch-dir.ts'
import type { TargetProvider } from './types.ts'

export const DEFAULT_RUSTBERG_VERSION = '0.3.0'
export const RUSTBERG_DIR = join(TARGETS_DIR, 'rustberg')
/** The variable the config tells rustberg to read the API key from. */
const KEY_ENV = 'CONFORMANCE_RUSTBERG_API_KEY'

export interface RustbergOptions {
  readonly version?: string
  /** Folder holding `target/rustberg-<version>/`; the repository's by default. */
  readonly targetDir?: string
}

/**
 * The TOML configuration: local storage, one admin key, no TLS, no rate limiting, and quiet. By default rustberg
 * writes two log lines and an audit record for every request (9 MB in one certification, measured on 0.3.0), which
 * nobody reads: the harness keeps the last lines only for a server that fails to start, and a request's error is
 * in its response. Warnings and errors still reach the log; RUST_LOG, inherited, overrides the level.
 */
export function rustbergConfig(settings: { port: number; dataDir: string }): string {
  const dir = (name: string) => JSON.stringify(`file://${join(settings.dataDir, name)}`)
  return [
    '[server]',
    'host = "127.0.0.1"',
    `port = ${settings.port}`,
    '',
    '[server.auth]',
    'api_key_enabled = true',
    '',
    '[[server.auth.api_keys]]',
    'name = "conformance"',
    'tenant = "default"',
    'roles = ["admin"]',
    `key_env = "${KEY_ENV}"`,
    '',
    '[tls]',
    'enabled = false',
    'insecure_http = true',
    '',
    '[storage]',
    `catalog_url = ${dir('catalog')}`,
    `warehouse_location = ${dir('warehouse')}`,
    // Registered tables may name metadata anywhere in the warehouse, not only under their namespace.
    'location_scope = "warehouse"',
    '',
    '[rate_limit]',
    'enabled = false',
    'track_auth_failures = false',
    '',
    '[logging]',
    'level = "warn"',
    'with_span_events = false',
    '',
    '[audit]',
    'sink = "none"',
    '',
  ].join('\n')
}

export function rustberg(options: RustbergOptions = {}): TargetProvider {
  const version = options.version ?? DEFAULT_RUSTBERG_VERSION
  const targetDir = options.targetDir ?? RUSTBERG_DIR
  return processTarget({
    name: `rustberg ${version}`,
    async launch() {
      const install = preparedInstall(targetDir, `rustberg-${version}`)
      if (!install.ready) throw notPrepared('rustberg', version, install, targetDir)
      const dataDir = await scratchDir('rustberg-')
      const port = await freePort()
      const configFile = join(dataDir, 'rustberg.toml')
      await writeFile(configFile, rustbergConfig({ port, dataDir }))
      // rustberg accepts only keys of its own format: `rb_` and base64url key material.
      const token = `rb_${localSecret()}`
      return {
        command: join(install.root, 'bin', 'rustberg'),
        args: ['--config', configFile, '--insecure-http'],
        // RUSTBERG_* variables are command-line options too (clap `env`): none is inherited.
        env: { ...environmentWithout(process.env, 'RUSTBERG_'), [KEY_ENV]: token },
        cwd: dataDir,
        url: `http://127.0.0.1:${port}`,
        token,
        // rustberg's /v1/config needs the key, like every other route.
        readinessHeaders: { authorization: `Bearer ${token}` },
        cleanup: () => rm(dataDir, { recursive: true, force: true }),
      }
    },
  })
}
