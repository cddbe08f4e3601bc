import { describe, expect, it } from 'vitest'
import { byChain, readFileChains, suiteFiles } from './file-order.ts'

describe('the order of the suite files', () => {
  it('starts the longest chains first, files it knows nothing of before them, ties by path', () => {
    const chains = { 'suites/a.test.ts': 5, 'suites/b.test.ts': 90, 'suites/c.test.ts': 5 }
    expect(
      byChain(['suites/c.test.ts', 'suites/new.test.ts', 'suites/a.test.ts', 'suites/b.test.ts'], chains),
    ).toEqual(['suites/new.test.ts', 'suites/b.test.ts', 'suites/a.test.ts', 'suites/c.test.ts'])
  })

  // A file missing from the data only starts early; listing every one keeps the order measured, not guessed.
  it('has a measured chain for every suite file (npx tsx scripts/file-chains.ts rewrites them)', () => {
    const { chains } = readFileChains()
    expect(suiteFiles().filter((f) => chains[f] === undefined)).toEqual([])
    expect(Object.keys(chains).filter((f) => !suiteFiles().includes(f))).toEqual([])
  })
})
