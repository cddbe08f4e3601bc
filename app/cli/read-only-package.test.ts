/**
 * A user who cannot write the package (an install owned by root, a checkout of another account) still certifies:
 * where the package's node_modules cannot be written, Vite loads the run's config in its module runner instead of
 * bundling it there (app/cli/module-runner.ts). It used to end in "unexpected error: EACCES … .vite-temp …".
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN, ROOT, outsideVitest } from './spawn-cli.ts'

/** Whether this test can run the CLI as another user (`nobody` through setpriv), and why not. */
function otherUser(): { readonly ok: boolean; readonly why: string } {
  if (process.getuid?.() !== 0) return { ok: false, why: 'switching users needs root' }
  if (spawnSync('setpriv', ['--version']).status !== 0) return { ok: false, why: 'no setpriv here' }
  return { ok: true, why: '' }
}

const other = otherUser()

describe('a package the user cannot write', () => {
  if (!other.ok) it.skip(`certifies as a user who cannot write it (skipped: ${other.why})`, () => {})
  else
    it('certifies as a user who cannot write it', () => {
      const reports = mkdtempSync(join(tmpdir(), 'cc-ro-'))
      chmodSync(reports, 0o777)
      const args = ['--reuid=65534', '--regid=65534', '--clear-groups']
      const run = spawnSync(
        'setpriv',
        [...args, process.execPath, BIN, 'run', '--include', 'config', '--report-dir', reports],
        {
          cwd: ROOT,
          env: { ...outsideVitest(), CI: 'true', HOME: reports },
          encoding: 'utf8',
          timeout: 120_000,
        },
      )
      expect(run.stderr).not.toMatch(/EACCES|unexpected error/)
      expect(run.status, run.stderr).toBe(0)
      const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { verdict: string }
      expect(results.verdict).toBe('conformant')
    })
})
