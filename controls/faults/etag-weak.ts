/** A server that compares If-None-Match strongly: `W/"x"` never matches `"x"` (RFC 9110 asks for weak comparison). */
import type { Fault } from '../fault.ts'
import { operationOf } from '../fault-kit.ts'

export const faults: Fault[] = [
  {
    name: 'etag-strong-comparison-document',
    description:
      'If-None-Match is compared strongly: the weak form of the current ETag answers 200, not 304.',
    areas: ['etag'],
    runArgs: ['--profile', 'document'],
    breaks: ['etag/if-none-match/weak-304'],
    hooks: () => ({
      onRequest: (req) => {
        const inm = req.headers['if-none-match']
        if (operationOf(req) !== 'loadTable' || !inm?.trim().startsWith('W/')) return req
        return { ...req, headers: { ...req.headers, 'if-none-match': '"strongly-compared-no-match"' } }
      },
    }),
  },
]
