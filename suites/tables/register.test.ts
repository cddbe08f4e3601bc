/**
 * registerTable: a table is registered from an existing
 * metadata-location and loads as that table; an existing table or view name is 409 (with `overwrite`, 1.9, an
 * existing table is replaced); a missing namespace 404.
 * The metadata registered is always that of a dropped table (dropped without purge): registering a live table's
 * metadata under a second name is not something the spec requires, and catalogs that own locations refuse it.
 */
import { operation, rule } from '../_harness/dsl.ts'
import {
  createTable,
  createView,
  droppedTable,
  type LoadTableResult,
} from '../_harness/support/catalog-objects.ts'
import { delegationHeader } from '../_harness/support/spec-params.ts'
import { cleanRefusal } from '../_harness/support/refusal.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

operation('registerTable', () => {
  rule(
    {
      id: 'tables/register/from-metadata-location',
      title: 'register answers 200 with the metadata at the given location, and the table then loads',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const src = await sandbox.namespace(catalog, 'regsrc')
      const dst = await sandbox.namespace(catalog, 'regdst')
      const created = await droppedTable(catalog, check, src, 't')
      const location = created['metadata-location']
      const ex = await catalog.op.registerTable({
        namespace: dst,
        body: { name: 'r', 'metadata-location': location },
      })
      const res = check.conform<LoadTableResult>(ex, { status: 200 })
      check.equal(
        res.metadata['table-uuid'],
        created.metadata['table-uuid'],
        'the registered metadata is the source’s',
      )
      check.equal(res['metadata-location'], location, 'the metadata-location is the one registered')
      const loaded = check.conform<LoadTableResult>(
        await catalog.op.loadTable({ namespace: dst, table: 'r' }),
        {
          status: 200,
        },
      )
      check.equal(loaded.metadata['table-uuid'], created.metadata['table-uuid'], 'the registered table loads')
    },
  )

  rule(
    {
      id: 'tables/register/exists-409',
      title: 'registering under the name of an existing table is 409',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'regdup')
      const a = await droppedTable(catalog, check, ns, 'a')
      await createTable(catalog, check, ns, 'b')
      const ex = await catalog.op.registerTable({
        namespace: ns,
        body: { name: 'b', 'metadata-location': a['metadata-location'] },
      })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
      // Again asking for vended credentials (1.11): the server may supply access or not, but the name is still
      // taken, so the register is still refused; which 4xx comes first (409, or a 403 for the delegation) is open.
      const delegated = await catalog.op.registerTable({
        namespace: ns,
        body: { name: 'b', 'metadata-location': a['metadata-location'] },
        headers: delegationHeader(run, 'registerTable'),
      })
      check.conform(delegated, { status: anyClientError(delegated.status, 409) })
    },
  )

  rule(
    {
      id: 'tables/register/overwrite',
      title:
        'register with overwrite onto an existing table answers 200 and the table then loads the registered metadata',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'regover')
      const a = await droppedTable(catalog, check, ns, 'a')
      const b = await createTable(catalog, check, ns, 'b')
      const ex = await catalog.op.registerTable({
        namespace: ns,
        body: { name: 'b', 'metadata-location': a['metadata-location'], overwrite: true },
      })
      // `overwrite` says what the client asks for ("Whether to overwrite table metadata if the table already
      // exists"); no sentence obliges a server to offer it, and the Java catalogs' JDBC store answers 406 to it,
      // which registerTable does not even document (409 is its answer for a taken name). So any clean refusal
      // (refusal.ts) that leaves table b as it was is the option not offered: unsupported, with the server's answer.
      // A refusal that changed b anyway is judged below as any answer; a success must have overwritten.
      const refused = cleanRefusal(ex)
      if (refused) {
        check.conform(ex, { status: ex.status })
        const kept = check.setup<LoadTableResult>(
          await catalog.op.loadTable({ namespace: ns, table: 'b' }),
          'load table b after the refused register',
        )
        check.equal(
          kept.metadata['table-uuid'],
          b.metadata['table-uuid'],
          'a refused register with overwrite leaves table b as it was',
        )
        unsupported(`the server does not overwrite on register (registerTable answered ${refused})`)
      }
      const res = check.conform<LoadTableResult>(ex, { status: 200 })
      check.equal(
        res.metadata['table-uuid'],
        a.metadata['table-uuid'],
        'the answer is the registered metadata',
      )
      const loaded = check.conform<LoadTableResult>(
        await catalog.op.loadTable({ namespace: ns, table: 'b' }),
        {
          status: 200,
        },
      )
      check.that(
        loaded.metadata['table-uuid'] === a.metadata['table-uuid'],
        'table b now loads the registered metadata, not the one it was created with',
        {
          received: loaded.metadata['table-uuid'],
          expected: `${a.metadata['table-uuid']} (was ${b.metadata['table-uuid']})`,
        },
      )
    },
  )

  rule(
    {
      id: 'tables/register/view-name-409',
      title: 'registering under the name of a view is 409',
      requires: ['createNamespace', 'createTable', 'dropTable', 'createView', 'registerTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'regview')
      const a = await droppedTable(catalog, check, ns, 'a')
      await createView(catalog, check, ns, 'v')
      const ex = await catalog.op.registerTable({
        namespace: ns,
        body: { name: 'v', 'metadata-location': a['metadata-location'] },
      })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    },
  )

  rule(
    {
      id: 'tables/register/missing-namespace-404',
      title: 'registering into a namespace that does not exist is 404',
      requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'regsrc')
      const a = await droppedTable(catalog, check, ns, 'a')
      const ex = await catalog.op.registerTable({
        namespace: sandbox.names.namespace('missing'),
        body: { name: 'a', 'metadata-location': a['metadata-location'] },
      })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )
})
