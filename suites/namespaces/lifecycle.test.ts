/**
 * Namespace lifecycle: load, exists, list and drop
 * of a namespace, and the 404s for one that does not exist.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { listAllNamespaces, runParentOf } from '../_harness/support/catalog-objects.ts'
import { jsonEqual } from '../../schemas/model/json.ts'

interface GetNamespace {
  namespace: string[]
  properties?: Record<string, string> | null
}

operation('loadNamespaceMetadata', () => {
  rule(
    {
      id: 'namespaces/load/returns-properties',
      title: 'load answers 200 with the namespace and (at least) the properties it was created with',
      requires: ['createNamespace', 'loadNamespaceMetadata'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'load', { owner: 'conformance', 'a.b': 'c d' })
      const body = check.conform<GetNamespace>(await catalog.op.loadNamespaceMetadata({ namespace: ns }), {
        status: 200,
      })
      check.equal(body.namespace, ns, 'the response names the namespace that was loaded')
      // "Implementations are not required to support namespace properties", and such a server "should return null
      // for this field": an optional feature it does not offer.
      if (body.properties === null || body.properties === undefined)
        unsupported('the server answers properties: null (it does not support namespace properties)')
      // A server may add properties (e.g. timestamps); the requested ones must be there unchanged.
      check.that(
        body.properties?.owner === 'conformance' && body.properties['a.b'] === 'c d',
        'the loaded properties include those given at create',
        { received: body.properties, expected: { owner: 'conformance', 'a.b': 'c d' } },
      )
    },
  )

  rule(
    {
      id: 'namespaces/load/missing-404',
      title: 'loading a namespace that does not exist is 404',
      requires: ['loadNamespaceMetadata'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.loadNamespaceMetadata({ namespace: sandbox.names.namespace('missing') })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )
})

operation('namespaceExists', () => {
  rule(
    {
      id: 'namespaces/exists/204',
      title: 'HEAD on an existing namespace is 204 with no body',
      requires: ['createNamespace', 'namespaceExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'exists')
      check.conform(await catalog.op.namespaceExists({ namespace: ns }), { status: 204 })
    },
  )

  rule(
    {
      id: 'namespaces/exists/missing-404',
      title: 'HEAD on a namespace that does not exist is 404 with no body',
      requires: ['namespaceExists'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.namespaceExists({ namespace: sandbox.names.namespace('missing') })
      check.conform(ex, { status: 404 })
    },
  )
})

operation('listNamespaces', () => {
  rule(
    {
      id: 'namespaces/list/contains-created',
      title: 'the listing contains a created namespace, as its full identifier',
      requires: ['createNamespace', 'listNamespaces'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'listed')
      // Top level, or under --namespace-parent when the run is confined to one.
      const all = await listAllNamespaces(catalog, check, runParentOf(run))
      check.that(
        all.some((n) => jsonEqual(n, ns)),
        'the created namespace is listed',
        { expected: ns, received: `${all.length} namespaces, without it` },
      )
    },
  )

  rule(
    {
      id: 'namespaces/list/dropped-unlisted',
      title: 'after dropNamespace, the listing of its parent no longer shows it',
      requires: ['createNamespace', 'dropNamespace', 'listNamespaces'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'unlisted')
      check.setup(await catalog.op.dropNamespace({ namespace: ns }), 'drop the namespace')
      // Top level, or under --namespace-parent when the run is confined to one.
      const all = await listAllNamespaces(catalog, check, runParentOf(run))
      check.that(!all.some((n) => jsonEqual(n, ns)), 'the dropped namespace is no longer listed', {
        received: ns,
        expected: 'a listing without it',
      })
    },
  )
})

operation('dropNamespace', () => {
  rule(
    {
      id: 'namespaces/drop/204-then-gone',
      title: 'drop of an empty namespace is 204, and the namespace is gone afterwards',
      requires: ['createNamespace', 'dropNamespace', 'loadNamespaceMetadata'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'drop')
      check.conform(await catalog.op.dropNamespace({ namespace: ns }), { status: 204 })
      const after = await catalog.op.loadNamespaceMetadata({ namespace: ns })
      check.conform(after, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )

  rule(
    {
      id: 'namespaces/drop/missing-404',
      title: 'dropping a namespace that does not exist is 404',
      requires: ['dropNamespace'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.dropNamespace({ namespace: sandbox.names.namespace('missing') })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )
})
