/**
 * Namespace names that need care in a URL: dots,
 * spaces, unicode, percent signs and slashes. A server may refuse such a name at create (400 or 406: the
 * test is then "unsupported"); a name it accepted must load, exist, be listed and drop by the same name.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { decodeSeparator, listAllNamespaces, runParentOf } from '../_harness/support/catalog-objects.ts'
import { withSuffix } from '../_harness/sandbox/names.ts'
import { anySuccess } from '../_harness/support/statuses.ts'
import { AWKWARD_NAMES } from '../_harness/support/awkward-names.ts'
import { jsonEqual } from '../../schemas/model/json.ts'

operation('topic:namespace-names', () => {
  for (const { kind, suffix } of AWKWARD_NAMES) {
    rule(
      {
        id: `namespaces/names/${kind}`,
        title: `a namespace whose name holds a ${kind} round-trips through create, load, exists, list and drop`,
        requires: ['createNamespace', 'loadNamespaceMetadata', 'listNamespaces', 'dropNamespace'],
      },
      async ({ catalog, sandbox, check, run, unsupported }) => {
        const sep = decodeSeparator(run.caps.namespaceSeparator)
        // With a separator such as "." (%2E, which HTTP stacks may decode), such a name is ambiguous in a path.
        if (suffix.includes(sep))
          unsupported(`the advertised namespace-separator ${JSON.stringify(sep)} occurs in the name`)
        const ns = withSuffix(sandbox.names.namespace(kind), suffix)
        const created = await catalog.op.createNamespace({ body: { namespace: ns } })
        if ([400, 406, 422].includes(created.status))
          unsupported(`the server refuses namespace names with a ${kind} (create answered ${created.status})`)
        const body = check.conform<{ namespace: string[] }>(created, { status: 200 })
        check.equal(body.namespace, ns, 'create answers the name exactly as sent')

        const loaded = check.conform<{ namespace: string[] }>(
          await catalog.op.loadNamespaceMetadata({ namespace: ns }),
          { status: 200 },
        )
        check.equal(loaded.namespace, ns, 'load by the same name finds the namespace')
        // Any success for the exists check and the drop: their documented 204s are namespaces/exists/204's and
        // namespaces/drop/204-then-gone's to judge; this rule judges the name's round trip.
        if (run.caps.endpoints.includes('HEAD /v1/{prefix}/namespaces/{namespace}')) {
          const exists = await catalog.op.namespaceExists({ namespace: ns })
          check.conform(exists, { status: anySuccess(exists.status, 204) })
        }
        const listed = await listAllNamespaces(catalog, check, runParentOf(run))
        check.that(
          listed.some((n) => jsonEqual(n, ns)),
          'the namespace is listed under its exact name',
          { expected: ns },
        )
        const dropped = await catalog.op.dropNamespace({ namespace: ns })
        check.conform(dropped, { status: anySuccess(dropped.status, 204) })
        check.conform(await catalog.op.loadNamespaceMetadata({ namespace: ns }), { status: 404 })
      },
    )
  }
})
