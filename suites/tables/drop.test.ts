/**
 * dropTable: 204 and gone, 404 when missing, with
 * and without purgeRequested, and a purge of a registered table. What a purge deletes is the server's business;
 * without a purge request the metadata should stay, so the table can be registered again.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTable, droppedTable, type LoadTableResult } from '../_harness/support/catalog-objects.ts'
import type { CatalogClient } from '../_harness/client.ts'
import type { Checker } from '../_harness/checker.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { describe } from '../_harness/support/endpoint-probes.ts'
import { errorTypeOf, fingerprint, NO_SUCH_ROUTE, notServed } from '../_harness/not-served.ts'
import { Blocked } from '../_harness/results/errors.ts'
import { SETUP_CARRIERS } from '../_harness/setup-carriers.ts'
import { blockIfPlainAnswersAlike } from '../_harness/support/carried-answers.ts'

/**
 * True when registerTable answers as a handler of the operation: a register into `absent` (a namespace that does not
 * exist) gets an error with the envelope, unlike the server's answer to a route that cannot exist (`noRoute`, the
 * run's fingerprint of it, else asked here). Otherwise how it answered (`404 …`, `405`, a transport error).
 */
async function registerServed(
  catalog: CatalogClient,
  absent: string[],
  metadataLocation: LoadTableResult['metadata-location'],
  noRoute: string | undefined,
): Promise<true | { carrier: string; why: string }> {
  // The request tables/register/missing-namespace-404 sends (an existing metadata file, a missing namespace), so that
  // the rule a wrong answer leaves the test to judges this very request. A made-up location here got a 500 from the
  // fixtures before 1.11 (the file is read before the namespace is looked up) that no rule judged: the test was
  // blocked by a rule that passed.
  const ex = await catalog.op.registerTable({
    namespace: absent,
    body: { name: 't', 'metadata-location': metadataLocation },
  })
  const route =
    noRoute ?? fingerprint(await catalog.raw('GET', `${catalog.pathOf('listNamespaces')}${NO_SUCH_ROUTE}`))
  const handled =
    ex.status >= 400 && ex.status < 500 && ![405, 501].includes(ex.status) && errorTypeOf(ex) !== ''
  if (handled && fingerprint(ex) !== route) return true
  // Not the handler's answer: a route not served is declared-served's to judge, any other answer (a 5xx, a 404
  // without the envelope) is the answer registerTable gives a missing namespace, tables/register/missing-namespace-404's.
  const carrier = notServed(ex, { noRoute: route })
    ? 'config/endpoints/declared-served'
    : 'tables/register/missing-namespace-404'
  return { carrier, why: `registerTable into a missing namespace answered ${describe(ex)}` }
}

/**
 * A purge's success other than 204 that a plain drop of another table in `ns` answers too is
 * tables/drop/204-then-gone's defect: the purge rule is blocked by it (blockIfPlainAnswersAlike).
 */
async function blockIfPlainDropAlike(
  catalog: CatalogClient,
  check: Checker,
  ns: string[],
  purge: Exchange,
): Promise<void> {
  await blockIfPlainAnswersAlike(
    purge,
    204,
    SETUP_CARRIERS.dropTable!,
    async () => {
      await createTable(catalog, check, ns, 'plain')
      return catalog.op.dropTable({ namespace: ns, table: 'plain' })
    },
    'a drop with purgeRequested=true',
  )
}

operation('dropTable', () => {
  rule(
    {
      id: 'tables/drop/204-then-gone',
      title: 'drop (no purgeRequested) is 204, and the table is gone afterwards',
      requires: ['createNamespace', 'createTable', 'dropTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'drop')
      await createTable(catalog, check, ns, 't')
      check.conform(await catalog.op.dropTable({ namespace: ns, table: 't' }), { status: 204 })
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 404,
        errorType: /NoSuchTable/,
      })
    },
  )

  rule(
    {
      id: 'tables/drop/purge-204-then-gone',
      title: 'drop with purgeRequested=true is 204, and the table is gone afterwards',
      requires: ['createNamespace', 'createTable', 'dropTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'purge')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.dropTable({ namespace: ns, table: 't', query: { purgeRequested: true } })
      await blockIfPlainDropAlike(catalog, check, ns, ex)
      check.conform(ex, { status: 204 })
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 't' }), { status: 404 })
    },
  )

  rule(
    {
      id: 'tables/drop/purge-registered-204',
      title:
        'registered tables drop with purgeRequested=true as 204 and are gone, also one whose files an earlier purge deleted',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'purgereg')
      const created = await droppedTable(catalog, check, ns, 't')
      const register = (name: string) =>
        catalog.op.registerTable({
          namespace: ns,
          body: { name, 'metadata-location': created['metadata-location'] },
        })
      const first = await register('r1')
      // A refused register is a setup step refused: the test is blocked by the rule that judges that request
      // (tables/register/from-metadata-location sends the same register, or config/endpoints/declared-served when the
      // route is not served), not unsupported, since registering is no optional feature the server may leave out.
      check.setup(first, 'register the dropped table as r1')
      // The same metadata under a second name: a catalog that owns its locations may refuse it (then r1 alone).
      const second = await register('r2')
      if (second.status >= 500) check.setup(second, 'register the dropped table as r2')
      for (const name of second.status === 200 ? ['r1', 'r2'] : ['r1']) {
        // r2's files are r1's: its purge finds them deleted. No text covers a purge of files the client let another
        // registration delete, so a server error there is a robustness finding, not a failure of the drop.
        const ex = await catalog.op.dropTable({ namespace: ns, table: name, query: { purgeRequested: true } })
        if (name === 'r1') await blockIfPlainDropAlike(catalog, check, ns, ex)
        check.conform(ex, { status: 204, ...(name === 'r2' ? { serverError: 'robustness' as const } : {}) })
        if (ex.status >= 500) continue
        check.conform(await catalog.op.loadTable({ namespace: ns, table: name }), { status: 404 })
      }
    },
  )

  rule(
    {
      id: 'tables/drop/missing-404',
      title: 'dropping a table that does not exist is 404',
      requires: ['createNamespace', 'dropTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'dropmissing')
      check.conform(await catalog.op.dropTable({ namespace: ns, table: 'nope' }), {
        status: 404,
        errorType: /NoSuchTable/,
      })
    },
  )

  rule(
    {
      id: 'tables/drop/no-purge-keeps-metadata',
      title: 'without purgeRequested the metadata stays: the dropped table can be registered again',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'nopurge')
      const created = await droppedTable(catalog, check, ns, 't')
      // The drop is checked by registering its metadata again, so registerTable must answer first: a registerTable
      // into a namespace that does not exist gets the handler's answer (404 with the error envelope), a route that is
      // not served gets the server's no-route answer. Whether registerTable is served is tables/register/*'s to judge.
      const absent = sandbox.names.namespace('noreg')
      const served = await registerServed(catalog, absent, created['metadata-location'], run.noRoute)
      if (served !== true)
        throw new Blocked(
          `blocked by ${served.carrier}: ${served.why}, so the drop cannot be checked by registering its metadata`,
          served.carrier,
        )
      const ex = await catalog.op.registerTable({
        namespace: ns,
        body: { name: 't', 'metadata-location': created['metadata-location'] },
      })
      // registerTable is served (above): a 404 here is its answer (the metadata file is gone), not a missing route,
      // even where it looks like the server's no-route answer.
      const res = check.conform<LoadTableResult | undefined>(ex, { status: 200, mayBeRouterAnswer: true })
      // A refusal was recorded above (SHOULD: warn); only a successful register has metadata to compare.
      if (ex.status !== 200 || !res) return
      check.equal(
        res.metadata['table-uuid'],
        created.metadata['table-uuid'],
        'the registered table is the dropped one',
      )
    },
  )
})
