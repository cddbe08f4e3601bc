import { describe, expect, it } from 'vitest'
import { selectFiles } from './cli-service.ts'

const ALL = [
  'suites/tables/create.test.ts',
  'suites/tables/drop.test.ts',
  'suites/tables-extra/x.test.ts',
  'suites/views/create.test.ts',
]

describe('the suite files a control run selects, as the CLI would', () => {
  it('takes everything without --include', () => {
    expect(selectFiles(ALL)).toEqual(ALL)
  })
  it('matches an area as a folder, never as a prefix of another folder', () => {
    expect(selectFiles(ALL, ['tables'])).toEqual([
      'suites/tables/create.test.ts',
      'suites/tables/drop.test.ts',
    ])
  })
  it('matches a file as it is, and drops what --exclude names', () => {
    expect(selectFiles(ALL, ['tables', 'views/create.test.ts'], ['tables/drop.test.ts'])).toEqual([
      'suites/tables/create.test.ts',
      'suites/views/create.test.ts',
    ])
    expect(selectFiles(ALL, [], ['tables'])).toEqual([
      'suites/tables-extra/x.test.ts',
      'suites/views/create.test.ts',
    ])
  })
})
