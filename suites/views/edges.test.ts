/**
 * View edge statuses: HEAD of a missing view (or of a table's name) is 404, listing a missing namespace is 404, a
 * listing after a drop or a rename shows what is left, register-view into a missing namespace is 404, a rename
 * across namespaces moves the view (or is 406: servers need not support it), and a rename onto a table's name is 409.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTable, listAllIdentifiers } from '../_harness/support/catalog-objects.ts'
import { anySuccess } from '../_harness/support/statuses.ts'
import { setupLoadView, setupView } from '../_harness/support/view-steps.ts'

operation('viewExists', () => {
  rule(
    {
      id: 'views/exists/missing-404',
      title: 'HEAD of a view that does not exist is 404 with no body, of one that exists 204',
      requires: ['createView', 'viewExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ref = { namespace: await sandbox.namespace(catalog, 'view'), view: sandbox.names.view('here') }
      await setupView(catalog, check, ref)
      check.conform(await catalog.op.viewExists(ref), { status: 204 })
      check.conform(await catalog.op.viewExists({ ...ref, view: sandbox.names.view('absent') }), {
        status: 404,
      })
    },
  )

  rule(
    {
      id: 'views/exists/table-is-not-a-view',
      title: 'HEAD of the name of a table, where no view is, is 404',
      requires: ['createNamespace', 'createTable', 'viewExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'headtable')
      await createTable(catalog, check, namespace, 'tbl')
      check.conform(await catalog.op.viewExists({ namespace, view: 'tbl' }), { status: 404 })
    },
  )
})

operation('listViews', () => {
  rule(
    {
      id: 'views/list/missing-namespace-404',
      title: 'listing the views of a namespace that does not exist is 404',
      requires: ['listViews'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.listViews({ namespace: sandbox.names.namespace('missing') })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )

  rule(
    {
      id: 'views/list/dropped-unlisted',
      title: 'after dropView, the namespace no longer lists the view',
      requires: ['createNamespace', 'createView', 'dropView', 'listViews'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'vlist')
      const kept = { namespace, view: sandbox.names.view('kept') }
      const gone = { namespace, view: sandbox.names.view('gone') }
      await setupView(catalog, check, kept)
      await setupView(catalog, check, gone)
      check.setup(await catalog.op.dropView(gone), 'drop a view')
      const names = (await listAllIdentifiers(catalog, check, 'listViews', namespace)).map((i) => i.name)
      check.that(!names.includes(gone.view), 'the dropped view is no longer listed', {
        received: names,
        expected: `a listing without ${gone.view}`,
      })
    },
  )

  rule(
    {
      id: 'views/list/renamed-relisted',
      title: 'after renameView, the namespace lists the view under its new name only',
      requires: ['createNamespace', 'createView', 'renameView', 'listViews'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'vlist')
      const from = sandbox.names.view('old')
      const to = sandbox.names.view('new')
      await setupView(catalog, check, { namespace, view: from })
      const ex = await catalog.op.renameView({
        body: { source: { namespace, name: from }, destination: { namespace, name: to } },
      })
      check.setup(ex, 'rename the view')
      const names = (await listAllIdentifiers(catalog, check, 'listViews', namespace)).map((i) => i.name)
      check.that(names.includes(to) && !names.includes(from), 'the view is listed under its new name only', {
        received: names,
        expected: `${to} listed, ${from} not`,
      })
    },
  )
})

operation('registerView', () => {
  rule(
    {
      id: 'views/register/namespace-404',
      title: 'register-view into a namespace that does not exist is 404',
      requires: ['createView', 'registerView'],
    },
    async ({ catalog, sandbox, check }) => {
      const ref = { namespace: await sandbox.namespace(catalog, 'view'), view: sandbox.names.view('src') }
      const created = await setupView(catalog, check, ref)
      const missing = sandbox.names.namespace('absent')
      const ex = await catalog.op.registerView({
        namespace: missing,
        body: { name: ref.view, 'metadata-location': created.metadataLocation },
      })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )
})

operation('renameView', () => {
  rule(
    {
      id: 'views/rename/across-namespaces',
      title: 'a rename into another namespace moves the view (406 when the server does not support it)',
      requires: ['createView', 'loadView', 'renameView'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const from = { namespace: await sandbox.namespace(catalog, 'vfrom'), view: sandbox.names.view('mv') }
      const to = { namespace: await sandbox.namespace(catalog, 'vto'), view: sandbox.names.view('mv') }
      const created = await setupView(catalog, check, from)
      const ex = await catalog.op.renameView({
        body: {
          source: { namespace: from.namespace, name: from.view },
          destination: { namespace: to.namespace, name: to.view },
        },
      })
      // Any success: the documented 204 is views/rename/moves' to judge. A refusal other than 406 fails.
      check.conform(ex, { status: ex.status === 406 ? 406 : anySuccess(ex.status, 204) })
      if (ex.status === 406) unsupported('the server does not move views across namespaces (406)')
      check.conform(await catalog.op.loadView(from), { status: 404 })
      const moved = await setupLoadView(catalog, check, to)
      check.equal(
        moved.metadata['view-uuid'],
        created.metadata['view-uuid'],
        'the moved view is the same view',
      )
    },
  )

  // The table counterpart is tables/rename/onto-view-409: tables and views share one name scope.
  rule(
    {
      id: 'views/rename/onto-table-409',
      title: 'rename of a view onto the name of a table is 409',
      requires: ['createNamespace', 'createTable', 'createView', 'renameView'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'ontotable')
      const view = sandbox.names.view('v')
      await createTable(catalog, check, namespace, 't')
      await setupView(catalog, check, { namespace, view })
      const ex = await catalog.op.renameView({
        body: { source: { namespace, name: view }, destination: { namespace, name: 't' } },
      })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    },
  )
})
