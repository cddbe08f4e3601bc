/**
 * Removes what a run created: every namespace carrying the run prefix (or, for `cleanup`, any run marker),
 * with its views, tables and child namespaces, deepest first. Only names with the marker are ever touched.
 */
import { joinNamespace } from '../client.ts'
import type { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import { MAY_HOLD_ANYTHING, type MayHold } from './contents-ledger.ts'
import { inParallel } from '../support/in-parallel.ts'
import { carriesRunMarker, isRunNamespace } from './names.ts'

const PAGE_LIMIT = 1000

type Json = Record<string, unknown> | undefined

async function listAll(
  client: CatalogClient,
  id: 'listNamespaces' | 'listTables' | 'listViews',
  args: { namespace?: readonly string[]; query?: Record<string, string> },
  field: 'namespaces' | 'identifiers',
): Promise<unknown[]> {
  const out: unknown[] = []
  let token: string | undefined
  for (let page = 0; page < PAGE_LIMIT; page++) {
    const ex = await client.call(id, {
      ...args,
      query: { ...args.query, ...(token ? { pageToken: token } : {}) },
    })
    if (ex.status !== 200) return out
    const body = ex.json as Json
    const items = body?.[field]
    if (Array.isArray(items)) out.push(...items)
    const next = body?.['next-page-token']
    if (typeof next !== 'string' || next === '' || next === token) return out
    token = next
  }
  return out
}

/** A drop the server answered with 5xx or not at all: a finding against the server (see app/setup/cleanup-finding.ts). */
export type OnServerError = (ex: Exchange) => void

const serverFailed = (ex: Exchange) => ex.status >= 500 || ex.transportError !== undefined

/** Drops sent at once by one cleanup step (a namespace's tables, a file's namespaces). */
export const DROPS_AT_ONCE = 8

/** Whether a listed namespace is a child of `ns` (a listing that ignored `parent` lists others too). */
function isChildOf(ns: readonly string[], child: unknown): boolean {
  return Array.isArray(child) && child.length > ns.length && ns.every((p, i) => child[i] === p)
}

/** The names of listed identifiers (anything else in a listing is skipped). */
function namesOf(identifiers: readonly unknown[]): string[] {
  return identifiers
    .map((id) => (id as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string')
}

/**
 * Drops a namespace and everything in it. Returns what was removed, as printable names. Lists only the kinds of
 * object the client's ledger says the namespace may hold (all of them without a ledger), and not even those whose
 * names the ledger knows (it drops them by name); if the namespace then refuses to go, lists everything and tries
 * again.
 */
export async function dropNamespaceTree(
  client: CatalogClient,
  ns: readonly string[],
  removed: string[] = [],
  onServerError: OnServerError = () => {},
  trustLedger = true,
): Promise<string[]> {
  const sep = '.'
  const ledger = trustLedger ? client.options.ledger : undefined
  const may: MayHold = ledger?.mayHold(ns) ?? MAY_HOLD_ANYTHING
  const supportsViews = client.caps.endpoints.some(
    (e) => e.endsWith('/views/{view}') && e.startsWith('DELETE'),
  )
  // The names of each kind: none when it may hold none, the ledger's when it knows them; undefined: to be listed.
  const knownViews = may.views ? ledger?.namesIn(ns, 'views') : []
  const knownTables = may.tables ? ledger?.namesIn(ns, 'tables') : []
  // Whether this attempt lists all there is: then a refusal has nothing more to find.
  const listsAll = may.children && knownTables === undefined && (!supportsViews || knownViews === undefined)
  const objects = async (
    kind: 'tables' | 'views',
    known: readonly string[] | undefined,
  ): Promise<string[]> =>
    known
      ? [...known]
      : namesOf(
          await listAll(
            client,
            kind === 'tables' ? 'listTables' : 'listViews',
            { namespace: ns },
            'identifiers',
          ),
        )
  // The listings, then the drops of what they found, each group at once: they do not depend on each other.
  const [children, views, tables] = await Promise.all([
    may.children
      ? listAll(client, 'listNamespaces', { query: { parent: joinNamespace(ns, client.caps) } }, 'namespaces')
      : [],
    supportsViews ? objects('views', knownViews) : [],
    objects('tables', knownTables),
  ])
  const dropped = await Promise.all([
    inParallel(
      (children as unknown[]).filter((child): child is string[] => isChildOf(ns, child)),
      DROPS_AT_ONCE,
      (child) => dropNamespaceTree(client, child, [], onServerError),
    ),
    inParallel(views, DROPS_AT_ONCE, async (name) => {
      const ex = await client.call('dropView', { namespace: ns, view: name })
      if (ex.status === 204 || ex.status === 200) return [`view ${[...ns, name].join(sep)}`]
      if (serverFailed(ex)) onServerError(ex)
      return []
    }),
    inParallel(tables, DROPS_AT_ONCE, async (name) => {
      const ex = await client.call('dropTable', {
        namespace: ns,
        table: name,
        query: { purgeRequested: 'true' },
      })
      if (ex.status === 204 || ex.status === 200) return [`table ${[...ns, name].join(sep)}`]
      if (serverFailed(ex)) onServerError(ex)
      return []
    }),
  ])
  // In a fixed order (children, views, tables), whatever order the drops answered in.
  for (const group of dropped) for (const names of group) removed.push(...names)
  // The client's ledger notes a 2xx or 404 as the namespace gone.
  const ex = await client.call('dropNamespace', { namespace: ns })
  if (ex.status === 204 || ex.status === 200) removed.push(`namespace ${ns.join(sep)}`)
  else if (serverFailed(ex)) onServerError(ex)
  else if (ex.status !== 404 && !listsAll)
    // Refused: it holds something the ledger did not foresee.
    return dropNamespaceTree(client, ns, removed, onServerError, false)
  return removed
}

/**
 * Namespaces that belong to this run (prefix given) or to any harness run (prefix undefined): top-level ones, or the
 * children of `parent` (`--namespace-parent`).
 */
export async function runNamespaces(
  client: CatalogClient,
  prefix?: string,
  parent: readonly string[] = [],
): Promise<string[][]> {
  const query = parent.length > 0 ? { parent: joinNamespace(parent, client.caps) } : undefined
  const listed = await listAll(client, 'listNamespaces', query ? { query } : {}, 'namespaces')
  return listed.filter(
    (ns): ns is string[] =>
      Array.isArray(ns) &&
      (prefix === undefined ? carriesRunMarker(ns, parent) : isRunNamespace(ns, prefix, parent)),
  )
}

/** Sweeps every namespace of a run (or of all runs) and returns what was removed. */
export async function sweep(
  client: CatalogClient,
  prefix?: string,
  onServerError?: OnServerError,
  parent: readonly string[] = [],
): Promise<string[]> {
  const namespaces = await runNamespaces(client, prefix, parent)
  const removed = await inParallel(namespaces, DROPS_AT_ONCE, (ns) =>
    dropNamespaceTree(client, ns, [], onServerError),
  )
  return removed.flat()
}
