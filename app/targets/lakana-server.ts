/**
 * lakana-server (PyPI; FastAPI) as a process target: SQLite catalog database and a `file:` storage root in a
 * fresh temp dir, the bootstrap personal access token a random value of this run, on a free port. Its REST
 * `{prefix}` is an "environment", created through its management API once it is up; /v1/config advertises
 * no prefix, so the target hands it to the run. Needs fixtures/targets/lakana-server/prepare.sh.
 */
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
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
import { TargetError } from './target-error.ts'
import type { TargetProvider } from './types.ts'

export const DEFAULT_LAKANA_VERSION = '0.20.0'
export const LAKANA_DIR = join(TARGETS_DIR, 'lakana-server')
/** The environment (REST `{prefix}`) the target creates. */
export const LAKANA_ENVIRONMENT = 'conformance'

export interface LakanaOptions {
  readonly version?: string
  /** Folder holding `target/lakana-<version>/`; the repository's by default. */
  readonly targetDir?: string
}

/** The server's environment: only `LAKANA_*` variables configure it; inherited ones are dropped. */
export function lakanaEnv(
  base: NodeJS.ProcessEnv,
  settings: { port: number; dataDir: string; keyId: string; secret: string },
): NodeJS.ProcessEnv {
  return {
    ...environmentWithout(base, 'LAKANA_'),
    LAKANA_DATABASE__URL: `sqlite:///${join(settings.dataDir, 'lakana.db')}`,
    LAKANA_BOOTSTRAP_PAT_KEY_ID: settings.keyId,
    LAKANA_BOOTSTRAP_PAT_SECRET: settings.secret,
    LAKANA_HOST: '127.0.0.1',
    LAKANA_PORT: String(settings.port),
  }
}

export function lakanaServer(options: LakanaOptions = {}): TargetProvider {
  const version = options.version ?? DEFAULT_LAKANA_VERSION
  const targetDir = options.targetDir ?? LAKANA_DIR
  return processTarget({
    name: `lakana-server ${version}`,
    async launch() {
      const install = preparedInstall(targetDir, `lakana-${version}`)
      if (!install.ready) throw notPrepared('lakana-server', version, install, targetDir)
      const server = join(install.root, 'venv', 'bin', 'lakana-server')
      const dataDir = await scratchDir('lakana-server-')
      const port = await freePort()
      // The key id is part of the token; the secret is the credential.
      const keyId = 'conformance'
      const secret = localSecret()
      const env = lakanaEnv(process.env, { port, dataDir, keyId, secret })
      const cleanup = () => rm(dataDir, { recursive: true, force: true })
      try {
        await promisify(execFile)(server, ['migrate'], { env, cwd: dataDir, timeout: 120_000 })
      } catch (e) {
        await cleanup()
        const stderr = String((e as { stderr?: unknown }).stderr ?? '')
          .trim()
          .split('\n')
          .slice(-3)
        throw new TargetError(
          'TARGET_BOOTSTRAP_FAILED',
          `lakana-server ${version}: "lakana-server migrate" failed: ${stderr.join(' | ') || (e as Error).message}`,
        )
      }
      const url = `http://127.0.0.1:${port}`
      const token = `lakana_pat_${keyId}_${secret}`
      return {
        command: server,
        args: [],
        env,
        cwd: dataDir,
        url,
        token,
        cleanup,
        async bootstrap() {
          const res = await fetch(`${url}/api/v1/environments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              name: LAKANA_ENVIRONMENT,
              storage: { scheme: 'file', root: `file://${join(dataDir, 'warehouse')}` },
            }),
            signal: AbortSignal.timeout(10_000),
          })
          if (!res.ok) throw new Error(`POST /api/v1/environments answered ${res.status}`)
          return { prefix: LAKANA_ENVIRONMENT }
        },
      }
    },
  })
}
