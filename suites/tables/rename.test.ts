/**
 * renameTable: within a namespace and across
 * (406 is allowed: unsupported), 409 onto an existing table or view, 404 for a missing source or
 * destination namespace, and nothing changes on a refused rename.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { anySuccess } from '../_harness/support/statuses.ts'
import { createTable, createView, type LoadTableResult } from '../_harness/support/catalog-objects.ts'

const id = (namespace: string[], name: string) => ({ namespace, name })

operation('renameTable', () => {
  rule(
    {
      id: 'tables/rename/same-namespace',
      title: 'rename within a namespace is 204; the table answers under the new name only',
      requires: ['createNamespace', 'createTable', 'renameTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'rename')
      const created = await createTable(catalog, check, ns, 'src')
      const ex = await catalog.op.renameTable({ body: { source: id(ns, 'src'), destination: id(ns, 'dst') } })
      check.conform(ex, { status: 204 })
      const moved = check.conform<LoadTableResult>(
        await catalog.op.loadTable({ namespace: ns, table: 'dst' }),
        {
          status: 200,
        },
      )
      check.equal(
        moved.metadata['table-uuid'],
        created.metadata['table-uuid'],
        'the renamed table is the same table',
      )
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 'src' }), { status: 404 })
    },
  )

  rule(
    {
      id: 'tables/rename/across-namespaces',
      title: 'rename into another namespace succeeds (or 406 where unsupported), and the table moves',
      requires: ['createNamespace', 'createTable', 'renameTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const from = await sandbox.namespace(catalog, 'from')
      const to = await sandbox.namespace(catalog, 'to')
      const created = await createTable(catalog, check, from, 't')
      const ex = await catalog.op.renameTable({ body: { source: id(from, 't'), destination: id(to, 't') } })
      if (ex.status === 406) unsupported('the server does not move tables across namespaces (406)')
      // Any success: the documented 204 is tables/rename/same-namespace's to judge. A refusal other than 406 fails.
      check.conform(ex, { status: anySuccess(ex.status, 204) })
      const moved = check.conform<LoadTableResult>(
        await catalog.op.loadTable({ namespace: to, table: 't' }),
        {
          status: 200,
        },
      )
      check.equal(
        moved.metadata['table-uuid'],
        created.metadata['table-uuid'],
        'the moved table is the same table',
      )
      check.conform(await catalog.op.loadTable({ namespace: from, table: 't' }), { status: 404 })
    },
  )

  rule(
    {
      id: 'tables/rename/destination-exists-409',
      title: 'rename onto an existing table is 409, and both tables stay as they were',
      requires: ['createNamespace', 'createTable', 'renameTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'exists')
      const a = await createTable(catalog, check, ns, 'a')
      const b = await createTable(catalog, check, ns, 'b')
      const ex = await catalog.op.renameTable({ body: { source: id(ns, 'a'), destination: id(ns, 'b') } })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
      for (const [name, before] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const now = check.conform<LoadTableResult>(
          await catalog.op.loadTable({ namespace: ns, table: name }),
          {
            status: 200,
          },
        )
        check.equal(now.metadata['table-uuid'], before.metadata['table-uuid'], `table ${name} is unchanged`)
      }
    },
  )

  rule(
    {
      id: 'tables/rename/onto-view-409',
      title: 'rename onto the name of a view is 409',
      requires: ['createNamespace', 'createTable', 'createView', 'renameTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'ontoview')
      await createTable(catalog, check, ns, 't')
      await createView(catalog, check, ns, 'v')
      const ex = await catalog.op.renameTable({ body: { source: id(ns, 't'), destination: id(ns, 'v') } })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    },
  )

  rule(
    {
      id: 'tables/rename/missing-source-404',
      title: 'renaming a table that does not exist is 404, and no destination appears',
      requires: ['createNamespace', 'renameTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'nosrc')
      const ex = await catalog.op.renameTable({
        body: { source: id(ns, 'nope'), destination: id(ns, 'dst') },
      })
      check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 'dst' }), { status: 404 })
    },
  )

  rule(
    {
      id: 'tables/rename/missing-destination-namespace-404',
      title: 'renaming into a namespace that does not exist is 404, and the table stays',
      requires: ['createNamespace', 'createTable', 'renameTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'nodst')
      await createTable(catalog, check, ns, 't')
      const missing = sandbox.names.namespace('missing')
      const ex = await catalog.op.renameTable({
        body: { source: id(ns, 't'), destination: id(missing, 't') },
      })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 't' }), { status: 200 })
    },
  )
})
