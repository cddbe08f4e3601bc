/** Negative controls of the etag area (suites/etag); the document profile makes the optional rules MUST. */
import type { Fault } from '../fault.ts'

const AREA = ['etag']
const DOCUMENT = ['--profile', 'document']

export const faults: Fault[] = [
  {
    name: 'etag-absent-document',
    description: 'No ETag header on any table response (the original document requires one on load).',
    areas: AREA,
    runArgs: DOCUMENT,
    breaks: ['etag/create/present', 'etag/load/304-when-unchanged'],
    hooks: () => ({ flags: { noEtag: true } }),
  },
  {
    name: 'etag-if-none-match-ignored-document',
    description: 'If-None-Match is ignored: a load with the current ETag answers 200, never 304.',
    areas: AREA,
    runArgs: DOCUMENT,
    breaks: ['etag/load/304-when-unchanged'],
    hooks: () => ({ flags: { ignoreIfNoneMatch: true } }),
  },
  {
    name: 'etag-stale',
    description:
      'The ETag depends on the table identity only: it stays the same after a commit and across representations.',
    areas: AREA,
    breaks: ['etag/load/200-after-commit', 'etag/load/representations-differ'],
    hooks: () => ({ flags: { staleEtag: true } }),
  },
]
