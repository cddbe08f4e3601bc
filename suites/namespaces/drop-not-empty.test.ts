/**
 * dropNamespace of a namespace that is not empty: 409 while it holds a table or a view, and the namespace and its content stay.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTable, createView } from '../_harness/support/catalog-objects.ts'

operation('dropNamespace', () => {
  rule(
    {
      id: 'namespaces/drop/not-empty-table-409',
      title: 'dropping a namespace that holds a table is 409; after the table is dropped it succeeds',
      requires: ['createNamespace', 'createTable', 'dropNamespace', 'dropTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'withtable')
      const table = sandbox.names.table()
      await createTable(catalog, check, ns, table)
      check.conform(await catalog.op.dropNamespace({ namespace: ns }), {
        status: 409,
        errorType: /NamespaceNotEmpty/,
      })
      check.conform(await catalog.op.loadTable({ namespace: ns, table }), { status: 200 })
      check.setup(await catalog.op.dropTable({ namespace: ns, table }), 'drop the table')
      check.conform(await catalog.op.dropNamespace({ namespace: ns }), { status: 204 })
    },
  )

  rule(
    {
      id: 'namespaces/drop/not-empty-view-409',
      title: 'dropping a namespace that holds only a view is 409',
      requires: ['createNamespace', 'createView', 'dropNamespace', 'loadView'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'withview')
      const view = sandbox.names.view()
      await createView(catalog, check, ns, view)
      check.conform(await catalog.op.dropNamespace({ namespace: ns }), {
        status: 409,
        errorType: /NamespaceNotEmpty/,
      })
      check.conform(await catalog.op.loadView({ namespace: ns, view }), { status: 200 })
    },
  )
})
