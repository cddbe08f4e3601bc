/**
 * Negative controls of the exactness of updateProperties' answer: the response must name what really happened,
 * not echo the request.
 */
import type { Fault } from '../fault.ts'
import { onOperations, withJson } from '../fault-kit.ts'
import { requestJson } from './scenario-kit.ts'

export const faults: Fault[] = [
  {
    name: 'ns-removed-echoes-request',
    description:
      'updateProperties answers removed = every requested removal, including keys that did not exist.',
    areas: ['namespaces'],
    breaks: ['namespaces/properties/missing-list'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateProperties'],
        (res, req) => {
          const removals = requestJson(req)?.removals
          return withJson(res, (body) => ({
            ...body,
            removed: Array.isArray(removals) ? removals : body.removed,
          }))
        },
        (res) => res.status === 200,
      ),
    }),
  },
]
