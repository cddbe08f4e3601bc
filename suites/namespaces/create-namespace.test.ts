/**
 * createNamespace: a namespace is created with
 * its properties, a duplicate is 409, and the response holds what was stored.
 */
import { operation, rule } from '../_harness/dsl.ts'

operation('createNamespace', () => {
  rule(
    {
      id: 'namespaces/create/returns-namespace',
      title: 'create answers 200 with the namespace and the stored properties',
      requires: ['createNamespace'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = sandbox.names.namespace('create')
      const ex = await catalog.op.createNamespace({
        body: { namespace: ns, properties: { owner: 'conformance' } },
      })
      const body = check.conform<{ namespace: string[]; properties?: Record<string, string> }>(ex, {
        status: 200,
      })
      check.equal(body.namespace, ns, 'the response names the namespace that was created')
      check.that(body.properties?.owner === 'conformance', 'the stored properties include those requested', {
        received: body.properties,
        expected: { owner: 'conformance' },
      })
    },
  )

  rule(
    {
      id: 'namespaces/create/exists-409',
      title: 'creating an existing namespace is 409',
      requires: ['createNamespace'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'dup')
      const ex = await catalog.op.createNamespace({ body: { namespace: ns } })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    },
  )
})
