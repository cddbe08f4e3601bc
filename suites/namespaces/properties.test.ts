/**
 * updateProperties: updates and
 * removals apply, untouched keys stay unchanged, a key in both lists is 422, the response names what was
 * updated, removed and (optionally) missing. A server without namespace properties answers 406: unsupported.
 */
import type { Exchange } from '../_harness/http/exchange.ts'
import { operation, rule } from '../_harness/dsl.ts'

interface UpdateResponse {
  updated: string[]
  removed: string[]
  missing?: string[] | null
}

const refuses = (ex: Exchange) => ex.status === 406

operation('updateProperties', () => {
  rule(
    {
      id: 'namespaces/properties/update-and-remove',
      title: 'updates and removals apply, and untouched properties are unchanged',
      requires: ['createNamespace', 'updateProperties', 'loadNamespaceMetadata'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'props', { keep: 'k', change: 'old', drop: 'd' })
      const ex = await catalog.op.updateProperties({
        namespace: ns,
        body: { updates: { change: 'new', add: 'a' }, removals: ['drop'] },
      })
      if (refuses(ex)) unsupported('the server does not support namespace properties (406)')
      const res = check.conform<UpdateResponse>(ex, { status: 200 })
      check.equal([...res.updated].sort(), ['add', 'change'], 'updated names the keys added or changed')
      check.equal(res.removed, ['drop'], 'removed names the key removed')
      const props = check.conform<{ properties?: Record<string, string> | null }>(
        await catalog.op.loadNamespaceMetadata({ namespace: ns }),
        { status: 200 },
      ).properties
      check.that(
        props?.keep === 'k' && props.change === 'new' && props.add === 'a' && !Object.hasOwn(props, 'drop'),
        'after the update: keep unchanged, change overwritten, add added, drop removed',
        { received: props, expected: { keep: 'k', change: 'new', add: 'a' } },
      )
    },
  )

  rule(
    {
      id: 'namespaces/properties/missing-list',
      title: 'a missing list, where a server returns one, names the keys that did not exist',
      requires: ['createNamespace', 'updateProperties'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'missing', { here: 'h' })
      // Both lists, as Iceberg's Java client sends them: a server that needs both fails
      // properties/namespace-properties/map-model, not this rule about the optional `missing` list. The 200 is judged
      // at this rule's level: update-and-remove judges a valid update's success at MUST.
      const ex = await catalog.op.updateProperties({
        namespace: ns,
        body: { updates: {}, removals: ['here', 'absent'] },
      })
      if (refuses(ex)) unsupported('the server does not support namespace properties (406)')
      const res = check.conform<UpdateResponse>(ex, { status: 200 })
      // "removed: List of properties that were removed": a key that was not there was not removed.
      check.equal(res.removed, ['here'], 'removed names only the key that existed')
      if (res.missing === undefined || res.missing === null) unsupported('the server does not report missing')
      check.equal(res.missing, ['absent'], 'missing names the key that did not exist')
    },
  )

  rule(
    {
      id: 'namespaces/properties/overlap-422',
      title: 'a key in both removals and updates is 422, and nothing changes',
      requires: ['createNamespace', 'updateProperties', 'loadNamespaceMetadata'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'overlap', { dup: 'before' })
      const ex = await catalog.op.updateProperties({
        namespace: ns,
        body: { updates: { dup: 'after', other: 'o' }, removals: ['dup'] },
      })
      if (refuses(ex)) unsupported('the server does not support namespace properties (406)')
      check.conform(ex, { status: 422, errorType: /UnprocessableEntity/ })
      const props = check.conform<{ properties?: Record<string, string> | null }>(
        await catalog.op.loadNamespaceMetadata({ namespace: ns }),
        { status: 200 },
      ).properties
      check.that(
        props?.dup === 'before' && !Object.hasOwn(props, 'other'),
        'a refused update changes nothing',
        {
          received: props,
          expected: { dup: 'before' },
        },
      )
    },
  )

  rule(
    {
      id: 'namespaces/properties/missing-namespace-404',
      title: 'updating the properties of a namespace that does not exist is 404',
      requires: ['updateProperties'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      // Both lists, as Iceberg's Java client sends them: the 404 is what is judged, not which lists a server needs.
      const ex = await catalog.op.updateProperties({
        namespace: sandbox.names.namespace('missing'),
        body: { updates: { a: 'b' }, removals: [] },
      })
      if (refuses(ex)) unsupported('the server does not support namespace properties (406)')
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )

  rule(
    {
      id: 'namespaces/properties/missing-only-removals',
      title: 'a missing list, where a server returns one, never names a key that was only updated',
      requires: ['createNamespace', 'updateProperties'],
    },
    async ({ catalog, sandbox, check, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'missupd', { here: 'h' })
      // A key the update adds was not there before, yet it was not requested for removal: `missing` is "properties
      // requested for removal that were not found", not every requested key that was not found.
      const ex = await catalog.op.updateProperties({
        namespace: ns,
        body: { updates: { added: 'a' }, removals: ['here', 'absent'] },
      })
      if (refuses(ex)) unsupported('the server does not support namespace properties (406)')
      const res = check.setup<UpdateResponse>(ex, 'update and remove properties')
      const missing = res.missing
      if (missing === undefined || missing === null) return unsupported('the server does not report missing')
      check.that(!missing.includes('added'), 'missing does not name the key that was updated', {
        received: missing,
        expected: 'a list without added (only keys of removals)',
      })
    },
  )
})
