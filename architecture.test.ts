// The layer rules of ARCHITECTURE.md are enforced by the linter (eslint.config.js); this proves each rule can fail:
// an import that crosses a layer the wrong way is an error, and the allowed direction is not.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: import.meta.dirname })

async function layerErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import type { X } from '${specifier}'\nexport type Y = X\n`
  const [result] = await eslint.lintText(code, { filePath: `${import.meta.dirname}/${file}` })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('layer rules', () => {
  it.each([
    ['suites/_harness/support/x.ts', '../../../reference-server/metadata/types.ts'],
    ['suites/tables/x.test.ts', '../../app/cli/run.ts'],
    ['suites/_harness/x.ts', '../../reports/results.ts'],
    ['reference-server/handlers/x.ts', '../../suites/_harness/client.ts'],
    ['schemas/model/x.ts', '../../reference-server/metadata/read.ts'],
    ['reports/x.ts', '../suites/_harness/client.ts'],
    ['reports/x.ts', '../app/config/options.ts'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await layerErrors(file, specifier)).not.toEqual([])
  })

  it.each([
    ['suites/_harness/support/x.ts', '../../../schemas/model/types.ts'],
    ['reference-server/handlers/x.ts', '../../schemas/model/types.ts'],
    ['reports/x.ts', '../suites/_harness/results/meta.ts'],
    ['app/cli/x.ts', '../../reference-server/index.ts'],
    ['controls/x.ts', '../reference-server/index.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await layerErrors(file, specifier)).toEqual([])
  })
})
