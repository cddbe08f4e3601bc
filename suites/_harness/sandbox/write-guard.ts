/**
 * The write guard: the client refuses any request that could change state outside the run's own
 * namespaces. A bug in a test must never touch a vendor's data. Reads (GET, HEAD) are always allowed;
 * so is the OAuth token endpoint. Everything else must name only run namespaces.
 */
import { HarnessError } from '../results/errors.ts'
import { isRunNamespace } from './names.ts'

export class WriteRefused extends HarnessError {}

/** Namespaces a request would write to: from its path and from its body. */
export function namespacesTouched(
  operationId: string,
  pathNamespace: readonly string[] | undefined,
  body: unknown,
): (readonly string[])[] {
  const out: (readonly string[])[] = []
  if (pathNamespace) out.push(pathNamespace)
  const b = body as Record<string, unknown> | undefined
  if (!b || typeof b !== 'object') return out
  const nsOf = (v: unknown) => {
    const id = v as { namespace?: unknown } | undefined
    if (id && Array.isArray(id.namespace)) out.push(id.namespace as string[])
  }
  switch (operationId) {
    case 'createNamespace':
      if (Array.isArray(b.namespace)) out.push(b.namespace as string[])
      break
    case 'renameTable':
    case 'renameView':
      nsOf(b.source)
      nsOf(b.destination)
      break
    case 'commitTransaction':
      if (Array.isArray(b['table-changes']))
        for (const c of b['table-changes']) nsOf((c as { identifier?: unknown }).identifier)
      break
  }
  return out
}

/** Methods that change nothing: GET and HEAD, and TRACE and OPTIONS by definition (RFC 9110 §9.3.7, §9.3.8). */
export const isRead = (method: string): boolean => ['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(method)

/** A multi-table commit with no table changes names no table and can change none: nothing to guard. */
export function changesNothing(operationId: string, body: unknown): boolean {
  const changes = (body as { 'table-changes'?: unknown } | undefined)?.['table-changes']
  return operationId === 'commitTransaction' && Array.isArray(changes) && changes.length === 0
}

/**
 * Throws WriteRefused unless every namespace touched belongs to the run. A request that names no
 * namespace (a deliberately malformed body) is allowed only when its text carries the run prefix, so that
 * a server that wrongly accepts it still creates nothing outside the run.
 */
export function checkWrite(
  method: string,
  operationId: string,
  touched: (readonly string[])[],
  prefix: string,
  requestText: string,
  parent: readonly string[] = [],
): void {
  if (isRead(method) || operationId === 'getToken' || operationId === 'getConfig') return
  if (touched.length === 0) {
    if (requestText.includes(prefix)) return
    throw new WriteRefused(`write guard: ${operationId} names no namespace of this run; refused`)
  }
  for (const ns of touched) {
    if (!Array.isArray(ns) || !isRunNamespace(ns, prefix, parent))
      throw new WriteRefused(
        `write guard: ${operationId} would write to namespace ${JSON.stringify(ns)} outside this run (${prefix}*); refused`,
      )
  }
}
