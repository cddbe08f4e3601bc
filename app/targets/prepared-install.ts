/**
 * What the process targets installed from a package registry share: the git-ignored folder a target's
 * prepare.sh installs a release into (marked finished by READY), the error that names the command when it is
 * missing, and an environment that inherits nothing of the catalog's own configuration variables.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TargetError } from './target-error.ts'

/** `fixtures/targets/`: one folder per process target, each with its prepare.sh and git-ignored `target/`. */
export const TARGETS_DIR = fileURLToPath(new URL('../../fixtures/targets/', import.meta.url))

export interface PreparedInstall {
  /** `<targetDir>/target/<folder>`: what prepare.sh installed. */
  readonly root: string
  readonly ready: boolean
  /** What makes it not ready when READY is there (a part added to the recipe later); READY itself when absent. */
  readonly missing?: string
}

/** Where prepare.sh put one release, and whether it finished (READY is written last). */
export function preparedInstall(targetDir: string, folder: string): PreparedInstall {
  const root = join(targetDir, 'target', folder)
  return { root, ready: existsSync(join(root, 'READY')) }
}

/** The TargetError of a release that prepare.sh has not installed, with the command that does. */
export function notPrepared(name: string, version: string, install: PreparedInstall, targetDir: string) {
  const script = `fixtures/targets/${basename(targetDir)}/prepare.sh`
  return new TargetError(
    'TARGET_NOT_PREPARED',
    `${name} ${version} is not prepared (no ${install.missing ?? join(install.root, 'READY')}). Run: ${script} --version ${version}`,
  )
}

/**
 * The caller's environment without the variables that configure the catalog (`prefix`), so a stray
 * variable of the caller's shell never changes the catalog under test; the launch sets its own.
 */
export function environmentWithout(base: NodeJS.ProcessEnv, prefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(base)) if (!key.startsWith(prefix)) env[key] = value
  return env
}

/** A fresh random credential for a catalog the harness starts (never printed; the run redacts tokens). */
export function localSecret(): string {
  return randomBytes(18).toString('base64url')
}
