/**
 * The harness's outcomes reach Vitest as annotations (what the Vitest UI shows beside pass, fail and skip): a run
 * with Vitest's own reporter (--debug) against a server that breaks a MUST prints the annotation of the failure.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { FAULTS } from '../../controls/faults/index.ts'
import { runCli } from './spawn-cli.ts'

describe('outcomes as Vitest annotations', () => {
  it('a broken MUST is annotated as a failure of its rule', async () => {
    const fault = FAULTS.find((f) => f.name === 'ns-drop-not-empty-allowed')
    expect(fault).toBeDefined()
    const server = await start({ port: 0, hooks: fault?.hooks() ?? {} })
    try {
      const dir = mkdtempSync(join(tmpdir(), 'cc-annot-'))
      const ran = await runCli([
        'run',
        '--url',
        server.url,
        '--include',
        'namespaces/drop-not-empty.test.ts',
        '--debug',
        '--report-dir',
        dir,
      ])
      expect(ran.code, ran.stderr).toBe(1)
      expect(ran.stdout + ran.stderr).toContain('fail: MUST rule namespaces/drop/not-empty-refused is broken')
    } finally {
      await server.close()
    }
  }, 120_000)
})
