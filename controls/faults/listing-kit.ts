/**
 * A listing that is not updated when an object leaves its namespace: the hooks shared by the table and view faults
 * of that kind (a drop, or a rename away, and the namespace's listing still names the old identifier).
 */
import type { FaultHooks } from '../../reference-server/index.ts'
import type { OperationId } from '../../schemas/operations.ts'
import { operationOf, withJson } from '../fault-kit.ts'
import { requestJson } from './scenario-kit.ts'

type Identifier = { namespace: string[]; name: string }

/** The namespace of a `/namespaces/{namespace}/…` path (the bundled server's `%1F` separator). */
const namespaceOfPath = (path: string): string[] =>
  (/\/namespaces\/([^/]+)/.exec(path)?.[1] ?? '').split(/%1F/i).map(decodeURIComponent)

const key = (ns: readonly string[]) => JSON.stringify(ns)

/**
 * Hooks under which every identifier removed by `drop` (its path's last segment) or renamed away by `rename` (its
 * body's `source`) is still answered by `list` for its namespace.
 */
export function listKeepsRemoved(drop: OperationId, rename: OperationId, list: OperationId): FaultHooks {
  const removed: Identifier[] = []
  return {
    onResponse: (req, res) => {
      const op = operationOf(req)
      if (op === drop && res.status === 204) {
        const name = decodeURIComponent(req.path.split('/').at(-1) ?? '')
        removed.push({ namespace: namespaceOfPath(req.path), name })
      }
      if (op === rename && res.status === 204) {
        const source = requestJson(req)?.source as Identifier | undefined
        if (source && Array.isArray(source.namespace) && typeof source.name === 'string') removed.push(source)
      }
      if (op !== list || res.status !== 200) return res
      const ns = key(namespaceOfPath(req.path))
      return withJson(res, (b) => {
        const listed = Array.isArray(b.identifiers) ? (b.identifiers as Identifier[]) : []
        const back = removed.filter((i) => key(i.namespace) === ns)
        return { ...b, identifiers: [...listed, ...back] }
      })
    },
  }
}
