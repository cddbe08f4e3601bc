/**
 * tableExists and listTables: HEAD is 204 or 404
 * with no body (404 for a view's name too); a listing holds exactly the namespace's tables, never its views, never another namespace's,
 * and after a drop or a rename no longer the old name.
 */
import { operation, rule } from '../_harness/dsl.ts'
import {
  createTable,
  createView,
  identifierNames,
  listAllIdentifiers,
} from '../_harness/support/catalog-objects.ts'

interface ListTables {
  identifiers?: { namespace: string[]; name: string }[]
}

operation('tableExists', () => {
  rule(
    {
      id: 'tables/exists/204',
      title: 'HEAD on an existing table is 204 with no body',
      requires: ['createNamespace', 'createTable', 'tableExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'head')
      await createTable(catalog, check, ns, 't')
      check.conform(await catalog.op.tableExists({ namespace: ns, table: 't' }), { status: 204 })
    },
  )

  rule(
    {
      id: 'tables/exists/missing-404',
      title: 'HEAD on a table that does not exist is 404 with no body',
      requires: ['createNamespace', 'tableExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'headmissing')
      check.conform(await catalog.op.tableExists({ namespace: ns, table: 'nope' }), { status: 404 })
    },
  )

  rule(
    {
      id: 'tables/exists/view-is-not-a-table',
      title: 'HEAD on the name of a view, where no table is, is 404',
      requires: ['createNamespace', 'createView', 'tableExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'headview')
      await createView(catalog, check, ns, 'vw')
      check.conform(await catalog.op.tableExists({ namespace: ns, table: 'vw' }), { status: 404 })
    },
  )
})

operation('listTables', () => {
  rule(
    {
      id: 'tables/list/exact-and-isolated',
      title: 'each namespace lists exactly its own tables, with full identifiers',
      requires: ['createNamespace', 'createTable', 'listTables'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns1 = await sandbox.namespace(catalog, 'list1')
      const ns2 = await sandbox.namespace(catalog, 'list2')
      const empty = check.conform<ListTables>(await catalog.op.listTables({ namespace: ns1 }), {
        status: 200,
      })
      check.equal(identifierNames(empty), [], 'a new namespace lists no tables')
      await createTable(catalog, check, ns1, 'a')
      await createTable(catalog, check, ns1, 'b')
      await createTable(catalog, check, ns2, 'c')
      const l1 = check.conform<ListTables>(await catalog.op.listTables({ namespace: ns1 }), { status: 200 })
      const l2 = check.conform<ListTables>(await catalog.op.listTables({ namespace: ns2 }), { status: 200 })
      check.equal(identifierNames(l1), ['a', 'b'], 'the first namespace lists a and b')
      check.equal(identifierNames(l2), ['c'], 'the second namespace lists c')
      check.that(
        (l1.identifiers ?? []).every((i) => JSON.stringify(i.namespace) === JSON.stringify(ns1)),
        'identifiers carry their full namespace',
        { received: l1.identifiers },
      )
    },
  )

  rule(
    {
      id: 'tables/list/missing-namespace-404',
      title: 'listing the tables of a namespace that does not exist is 404',
      requires: ['listTables'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.listTables({ namespace: sandbox.names.namespace('missing') })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )

  rule(
    {
      id: 'tables/list/views-apart',
      title: 'tables and views of one namespace never appear in each other’s listing',
      requires: ['createNamespace', 'createTable', 'createView', 'listTables', 'listViews'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'mixed')
      await createTable(catalog, check, ns, 'tbl')
      await createView(catalog, check, ns, 'vw')
      const tables = check.conform<ListTables>(await catalog.op.listTables({ namespace: ns }), {
        status: 200,
      })
      const views = check.conform<ListTables>(await catalog.op.listViews({ namespace: ns }), { status: 200 })
      check.equal(identifierNames(tables), ['tbl'], 'listTables holds the table only')
      check.equal(identifierNames(views), ['vw'], 'listViews holds the view only')
    },
  )

  rule(
    {
      id: 'tables/list/dropped-unlisted',
      title: 'after dropTable, the namespace no longer lists the table',
      requires: ['createNamespace', 'createTable', 'dropTable', 'listTables'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'tlist')
      await createTable(catalog, check, ns, 'kept')
      await createTable(catalog, check, ns, 'gone')
      check.setup(await catalog.op.dropTable({ namespace: ns, table: 'gone' }), 'drop a table')
      const names = (await listAllIdentifiers(catalog, check, 'listTables', ns)).map((i) => i.name)
      check.that(!names.includes('gone'), 'the dropped table is no longer listed', {
        received: names,
        expected: 'a listing without gone',
      })
    },
  )

  rule(
    {
      id: 'tables/list/renamed-relisted',
      title: 'after renameTable, the namespace lists the table under its new name only',
      requires: ['createNamespace', 'createTable', 'renameTable', 'listTables'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'tlist')
      await createTable(catalog, check, ns, 'old')
      const ex = await catalog.op.renameTable({
        body: { source: { namespace: ns, name: 'old' }, destination: { namespace: ns, name: 'new' } },
      })
      check.setup(ex, 'rename the table')
      const names = (await listAllIdentifiers(catalog, check, 'listTables', ns)).map((i) => i.name)
      check.that(
        names.includes('new') && !names.includes('old'),
        'the table is listed under its new name only',
        {
          received: names,
          expected: 'new listed, old not',
        },
      )
    },
  )
})
