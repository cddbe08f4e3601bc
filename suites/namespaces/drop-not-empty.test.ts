/**
 * dropNamespace of a namespace that is not empty: 409 while it holds a table or a view, and the namespace and its content stay.
 *
 * Two parts with their own releases: that a namespace must be empty to be dropped is in every release's document
 * (the operation's summary), so `namespaces/drop/not-empty-refused` judges it under every profile (any 4xx); the 409
 * status came with 1.9, so the `…-409` rules judge the status from there, of a drop that was refused (one that was not is
 * not-empty-refused's defect, and blocks them).
 */
import { supports } from '../_harness/capabilities.ts'
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { createTable, createView } from '../_harness/support/catalog-objects.ts'
import {
  blockIfNotEmptyDropCarried,
  NOT_EMPTY_409_RULE,
  NOT_EMPTY_REFUSED_RULE,
} from '../_harness/support/carried-answers.ts'
import { anyClientError, anySuccess } from '../_harness/support/statuses.ts'

/** Drops `namespace`, which is not empty: the drop is refused, and what it holds still loads. */
async function refusedAndKept(
  { catalog, check }: Pick<Fixtures, 'catalog' | 'check'>,
  namespace: string[],
  load: () => Promise<Exchange>,
): Promise<void> {
  const drop = await catalog.op.dropNamespace({ namespace })
  // Any 4xx refuses (which one is the 409 rules' to judge, from 1.9); a success or a 5xx breaks the rule.
  check.conform(drop, { status: anyClientError(drop.status, 409) })
  check.conform(await load(), { status: 200 })
}

operation('dropNamespace', () => {
  rule(
    {
      id: NOT_EMPTY_REFUSED_RULE,
      title:
        'a namespace that holds a table, a view or a child namespace is not dropped: the drop is refused and the content stays',
      requires: ['createNamespace', 'createTable', 'dropNamespace', 'loadTable', 'loadNamespaceMetadata'],
    },
    async (ctx) => {
      const { catalog, sandbox, check, run } = ctx
      const withTable = await sandbox.namespace(catalog, 'keeptable')
      const table = sandbox.names.table()
      await createTable(catalog, check, withTable, table)
      await refusedAndKept(ctx, withTable, () => catalog.op.loadTable({ namespace: withTable, table }))

      if (supports(run.caps, 'createView') && supports(run.caps, 'loadView')) {
        const withView = await sandbox.namespace(catalog, 'keepview')
        const view = sandbox.names.view()
        await createView(catalog, check, withView, view)
        await refusedAndKept(ctx, withView, () => catalog.op.loadView({ namespace: withView, view }))
      }

      // A server that refuses nested namespaces has no child to keep: that part is left out, not failed.
      const parent = await sandbox.namespace(catalog, 'keepchild')
      const child = [...parent, 'child']
      const made = await catalog.op.createNamespace({ body: { namespace: child } })
      if (made.status >= 200 && made.status < 300) {
        try {
          await refusedAndKept(ctx, parent, () => catalog.op.loadNamespaceMetadata({ namespace: child }))
        } finally {
          await catalog.op.dropNamespace({ namespace: child })
        }
      }
    },
  )

  rule(
    {
      id: NOT_EMPTY_409_RULE,
      title: 'dropping a namespace that holds a table is 409; after the table is dropped it succeeds',
      requires: ['createNamespace', 'createTable', 'dropNamespace', 'dropTable', 'loadTable'],
    },
    async (ctx) => {
      const { catalog, sandbox, check } = ctx
      const ns = await sandbox.namespace(catalog, 'withtable')
      const table = sandbox.names.table()
      await createTable(catalog, check, ns, table)
      const drop = await catalog.op.dropNamespace({ namespace: ns })
      await blockIfNotEmptyDropCarried(ctx, drop, 'a table')
      check.conform(drop, { status: 409, errorType: /NamespaceNotEmpty/ })
      check.conform(await catalog.op.loadTable({ namespace: ns, table }), { status: 200 })
      check.setup(await catalog.op.dropTable({ namespace: ns, table }), 'drop the table')
      // The drop of the namespace, empty now, is namespaces/drop/204-then-gone's case: its 204 is judged there.
      const emptied = await catalog.op.dropNamespace({ namespace: ns })
      check.conform(emptied, { status: anySuccess(emptied.status, 204) })
    },
  )

  rule(
    {
      id: 'namespaces/drop/not-empty-view-409',
      title: 'dropping a namespace that holds only a view is 409',
      requires: ['createNamespace', 'createView', 'dropNamespace', 'loadView'],
    },
    async (ctx) => {
      const { catalog, sandbox, check } = ctx
      const ns = await sandbox.namespace(catalog, 'withview')
      const view = sandbox.names.view()
      await createView(catalog, check, ns, view)
      const drop = await catalog.op.dropNamespace({ namespace: ns })
      await blockIfNotEmptyDropCarried(ctx, drop, 'only a view')
      check.conform(drop, { status: 409, errorType: /NamespaceNotEmpty/ })
      check.conform(await catalog.op.loadView({ namespace: ns, view }), { status: 200 })
    },
  )
})
