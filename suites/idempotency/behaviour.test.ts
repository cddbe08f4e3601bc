/**
 * Idempotency judged by behaviour. A server that honours Idempotency-Key without advertising
 * idempotency-key-lifetime hides the feature: the spec tells clients to assume no idempotency when the field is
 * absent, so none will send a key. And a key reused for another operation — which the spec forbids clients but
 * gives no server answer for — must not be answered with a success for an operation that never ran.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { idempotencyKey, idempotencySupport, requireIdempotency } from '../_harness/support/idempotency.ts'

operation('getConfig', () => {
  rule(
    {
      id: 'idempotency/config/advertised-when-honoured',
      title: 'a server that honours Idempotency-Key advertises idempotency-key-lifetime',
      requires: ['createNamespace'],
    },
    async (ctx) => {
      const support = await idempotencySupport(ctx)
      if (support === 'not-honoured') ctx.unsupported('the server does not honour Idempotency-Key')
      ctx.check.that(
        support === 'advertised',
        'a replayed create was answered from the stored result, but /v1/config advertises no idempotency-key-lifetime (clients will never send keys)',
        {
          received: ctx.run.caps.idempotencyKeyLifetime ?? '(absent)',
          expected: 'an ISO-8601 duration, e.g. PT30M',
        },
      )
    },
  )
})

operation('dropNamespace', () => {
  rule(
    {
      id: 'idempotency/key-reuse/no-false-success',
      title: 'a key reused for another operation never answers success for an operation that did not run',
      requires: ['createNamespace', 'dropNamespace', 'namespaceExists'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      const headers = idempotencyKey()
      ctx.check.setup(
        await ctx.catalog.op.createNamespace({
          body: { namespace: ctx.sandbox.names.namespace('first') },
          headers,
        }),
        'create a namespace under the key',
      )
      const other = await ctx.sandbox.namespace(ctx.catalog, 'other')
      const drop = await ctx.catalog.op.dropNamespace({ namespace: other, headers })
      if (drop.status >= 200 && drop.status < 300) {
        const exists = await ctx.catalog.op.namespaceExists({ namespace: other })
        ctx.check.that(exists.status === 404, 'the drop answered success, so the namespace is gone', {
          received: `drop ${drop.status}, then HEAD ${exists.status}`,
          expected: 'HEAD 404 after a successful drop (or the drop refused)',
        })
      }
    },
  )
})
