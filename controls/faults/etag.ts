/** Negative controls of the etag area (suites/etag); the document profile makes the optional rules MUST. */
import type { Fault } from '../fault.ts'
import { jsonOf, onOperations, withHeaders } from '../fault-kit.ts'

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
  {
    name: 'etag-if-none-match-any-representation',
    description:
      'If-None-Match is compared with the table version, not the representation: the ETag of snapshots=all gets 304 on a snapshots=refs load of the same version, and the other way round.',
    areas: AREA,
    breaks: ['etag/if-none-match/other-representation-200'],
    hooks: () => {
      // The ETags given out per table path and metadata-location (every representation of one version).
      const issued = new Map<string, Set<string>>()
      const opaque = (t: string) => t.trim().replace(/^W\//, '')
      return {
        onResponse: onOperations(
          ['loadTable'],
          (res, req) => {
            const location = (jsonOf(res) as { 'metadata-location'?: unknown } | undefined)?.[
              'metadata-location'
            ]
            const tag = res.headers.etag
            if (typeof location !== 'string' || !tag) return res
            const key = `${req.path}\n${location}`
            const tags = issued.get(key) ?? new Set<string>()
            issued.set(key, tags.add(opaque(tag)))
            const asked = (req.headers['if-none-match'] ?? '').split(',').filter((t) => t.trim() !== '')
            return asked.some((t) => tags.has(opaque(t))) ? { status: 304, headers: { etag: tag } } : res
          },
          (res) => res.status === 200,
        ),
      }
    },
  },
  {
    name: 'commit-etag-not-current',
    description:
      'the ETag of a commit response is not the ETag of the committed metadata (a load with it is 200).',
    areas: AREA,
    breaks: ['etag/commit/usable-for-if-none-match'],
    runArgs: DOCUMENT,
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) => withHeaders(res, { etag: '"not-the-current-representation"' }),
        (res) => res.status === 200,
      ),
    }),
  },
]
