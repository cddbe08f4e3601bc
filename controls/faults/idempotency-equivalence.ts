/**
 * A replay that answers the right status but is not the same operation's answer: the server re-ran a create
 * under a replayed Idempotency-Key (a new table: a new table-uuid) instead of returning the stored response.
 */
import { randomUUID } from 'node:crypto'
import type { Fault } from '../fault.ts'
import { onOperations, withJson } from '../fault-kit.ts'

export const faults: Fault[] = [
  {
    name: 'idempotency-create-recreates',
    description:
      'A replayed createTable answers 200 with a freshly created table (new table-uuid), not the first answer.',
    areas: ['idempotency'],
    breaks: ['idempotency/table-ops/replay'],
    hooks: () => {
      const seen = new Set<string>()
      return {
        onResponse: onOperations(
          ['createTable'],
          (res, req) => {
            const key = req.headers['idempotency-key']
            if (typeof key !== 'string') return res
            if (!seen.has(key)) {
              seen.add(key)
              return res
            }
            return withJson(res, (body) => {
              const md = body.metadata as Record<string, unknown> | undefined
              return md ? { ...body, metadata: { ...md, 'table-uuid': randomUUID() } } : body
            })
          },
          (res) => res.status === 200,
        ),
      }
    },
  },
]
