/**
 * Robustness at the edges the spec names or leaves open: unknown update actions and requirement types must
 * be 400. Oversized names and page tokens the server never issued are schema-valid and left open by the spec, so any
 * success or 4xx is accepted and a 5xx is a robustness finding (the document lists 5XX for every operation), never a
 * failure. A malformed Idempotency-Key breaks the header's schema (a UUID), a validation failure the document answers
 * with 400, so a 5xx to it fails. The server must keep answering.
 */
import fc from 'fast-check'
import { laneContext, operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { namespacePart } from '../_harness/arbitraries/namespace-part.ts'
import { DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'
import { laneRuns, lanedProperty } from '../_harness/support/lanes.ts'
import { createTinyTable, freshNamespace } from '../_harness/support/scratch.ts'
import { NOT_5XX } from './inputs.ts'
import { withSuffix } from '../_harness/sandbox/names.ts'
import { Blocked } from '../_harness/results/errors.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { UNKNOWN_ACTION_COMMIT, UNKNOWN_REQUIREMENT_COMMIT } from '../_harness/support/unknown-kinds.ts'

const KNOWN = new Set(['assign-uuid', 'set-properties', 'remove-properties', 'add-snapshot', 'set-location'])
const unknownName = fc
  .stringMatching(/^[a-z][a-z-]{2,20}$/)
  .filter((s) => !KNOWN.has(s))
  .map((s) => `x-${s}`)

/** The plain unknown kinds of the scenario rules, each with the rule that judges a server refusing it otherwise. */
const PLAIN_UNKNOWN = [
  { asRequirement: false, body: UNKNOWN_ACTION_COMMIT, carrier: 'commits/updates/unknown-action-400' },
  { asRequirement: true, body: UNKNOWN_REQUIREMENT_COMMIT, carrier: 'commits/requirements/unknown-type-400' },
] as const

/** Which kind a run sends (true: a requirement): both as before, or the one the server refused plainly. */
const kindOf = (kinds: readonly boolean[]): fc.Arbitrary<boolean> =>
  kinds.length === 1 ? fc.constant(kinds[0]!) : fc.boolean()

async function alive(ctx: Fixtures, after: string): Promise<void> {
  const ex = await ctx.catalog.op.getConfig()
  ctx.check.that(ex.status === 200, `the server keeps answering after ${after}`, {
    received: ex.status,
    level: 'MUST',
  })
}

operation('updateTable', () => {
  rule(
    {
      id: 'robustness/unknown-update/400',
      title: 'a commit with an unknown update action or requirement type is 400',
      requires: ['createNamespace', 'createTable', 'updateTable', 'loadTable'],
    },
    async (ctx) => {
      const { ns, drop } = await freshNamespace(ctx.sandbox, ctx.catalog, 'unknown')
      await createTinyTable(ctx.catalog, ns, 't')
      try {
        // First the plain unknown action and requirement of the scenario rules: a kind the server does not answer 400
        // there fails that rule, and every generated name would meet the same defect; the property draws only the
        // kinds it refuses, looking for names the server treats otherwise (counted once, not once more per name).
        const kinds: boolean[] = []
        const blocking: string[] = []
        for (const plain of PLAIN_UNKNOWN) {
          const ex = await ctx.catalog.op.updateTable({ namespace: ns, table: 't', body: plain.body })
          // A rule this run does not judge carries nothing (run-selection.ts): the property judges that kind itself.
          if (ex.status === 400 || !judgedInRun(ctx.run.selection, plain.carrier))
            kinds.push(plain.asRequirement)
          else blocking.push(plain.carrier)
        }
        // Both plain kinds mishandled: each is judged by its rule, and nothing is left for the property.
        if (kinds.length === 0)
          throw new Blocked(
            `blocked by ${blocking.join(' and ')}: neither the plain unknown update action nor the plain unknown requirement type was answered 400 (judged there); the property looks for generated names a server treats otherwise than those`,
            blocking[0]!,
          )
        await checkProperty(
          ctx,
          () =>
            lanedProperty(fc.tuple(unknownName, kindOf(kinds)), async ([name, asRequirement], lane) => {
              const l = laneContext(ctx, lane)
              const body = asRequirement
                ? { requirements: [{ type: name }], updates: [] }
                : {
                    requirements: [],
                    updates: [{ action: name }, { action: 'set-properties', updates: { u: '1' } }],
                  }
              const ex = await l.catalog.op.updateTable({ namespace: ns, table: 't', body })
              l.check.conform(ex, { status: 400 })
              await alive(l, `an unknown ${asRequirement ? 'requirement' : 'update'} ${name}`)
            }),
          {
            runs: laneRuns(ctx.run.runs),
            distinct: DISTINCT_FAILURES,
            carriers: PLAIN_UNKNOWN.map((p) => p.carrier),
          },
        )
      } finally {
        await drop()
      }
    },
  )
})

operation('topic:robustness', () => {
  rule(
    {
      id: 'robustness/oversized-names/no-5xx',
      title: 'oversized namespace and table names are stored or refused with a 4xx, never a 5xx',
      requires: ['createNamespace', 'createTable', 'loadNamespaceMetadata'],
    },
    async (ctx) => {
      await checkProperty(
        ctx,
        () =>
          lanedProperty(
            fc.tuple(
              // Plain characters only: this rule is about length, not about encoding (names.test.ts covers that).
              namespacePart({ long: true }).map((p) => p.replace(/[^A-Za-z0-9]/g, 'x')),
              fc.integer({ min: 1, max: 30 }),
            ),
            async ([part, times], lane) => {
              const l = laneContext(ctx, lane)
              // Long, but addressable: the encoded path segment stays under ~2 KB, so that any server (and any
              // proxy before it, many of which cap a URL at 8 KB) can still serve and drop what the test created.
              const name = fitEncoded(part.repeat(times), 2000)
              const ns = withSuffix(l.sandbox.names.namespace('long'), name)
              try {
                const created = await l.catalog.op.createNamespace({ body: { namespace: ns } })
                l.check.conform(created, { status: NOT_5XX, serverError: 'robustness' })
                if (created.status === 200) {
                  l.check.conform(await l.catalog.op.loadNamespaceMetadata({ namespace: ns }), {
                    status: NOT_5XX,
                    serverError: 'robustness',
                  })
                  const t = await l.catalog.op.createTable({
                    namespace: ns,
                    body: {
                      name,
                      schema: {
                        type: 'struct',
                        fields: [{ id: 1, name: 'id', type: 'long', required: true }],
                      },
                    },
                  })
                  l.check.conform(t, { status: NOT_5XX, serverError: 'robustness' })
                }
                await alive(l, 'an oversized name')
              } finally {
                l.sandbox.dropLater(ns)
              }
            },
          ),
        { distinct: DISTINCT_FAILURES, maxRuns: laneRuns(10) },
      )
    },
  )

  rule(
    {
      id: 'robustness/page-token/no-5xx',
      title: 'an invalid page token gets a 4xx (or is ignored), never a 5xx',
      requires: ['createNamespace', 'listTables'],
    },
    async (ctx) => {
      const { ns, drop } = await freshNamespace(ctx.sandbox, ctx.catalog, 'token')
      try {
        await checkProperty(
          ctx,
          () =>
            lanedProperty(
              fc.tuple(
                fc.oneof(
                  fc.string({ minLength: 1, maxLength: 60 }),
                  fc.base64String({ minLength: 4, maxLength: 40 }),
                ),
                fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
              ),
              async ([token, pageSize], lane) => {
                const l = laneContext(ctx, lane)
                const ex = await l.catalog.op.listTables({
                  namespace: ns,
                  query: { pageToken: token, pageSize },
                })
                l.check.conform(ex, { status: NOT_5XX, serverError: 'robustness' })
                await alive(l, 'an invalid page token')
              },
            ),
          { runs: laneRuns(ctx.run.runs), distinct: DISTINCT_FAILURES },
        )
      } finally {
        await drop()
      }
    },
  )

  rule(
    {
      id: 'robustness/idempotency-key/no-5xx',
      title: 'a malformed Idempotency-Key gets a 4xx (or is ignored), never a 5xx',
      requires: ['createNamespace', 'dropNamespace'],
    },
    async (ctx) => {
      await checkProperty(
        ctx,
        () =>
          lanedProperty(
            fc.oneof(
              fc
                .string({ minLength: 1, maxLength: 80 })
                .filter((s) => /^[\x20-\x7e]+$/.test(s.trim()) && s === s.trim()),
              fc.uuid().map((u) => `${u}0`),
              fc.uuid().map((u) => u.slice(0, 35)),
            ),
            async (key, lane) => {
              const l = laneContext(ctx, lane)
              const ns = l.sandbox.names.namespace('idem')
              try {
                const ex = await l.catalog.op.createNamespace({
                  body: { namespace: ns },
                  headers: { 'Idempotency-Key': key },
                })
                l.check.conform(ex, { status: NOT_5XX })
                await alive(l, 'a malformed idempotency key')
              } finally {
                l.sandbox.dropLater(ns)
              }
            },
          ),
        { runs: laneRuns(ctx.run.runs), distinct: DISTINCT_FAILURES },
      )
    },
  )
})

/** The longest prefix of `s` (whole code points) whose URL encoding fits in `limit` bytes. */
function fitEncoded(s: string, limit: number): string {
  // Character by character (a code point's encoding does not depend on its neighbours): linear, where encoding the
  // whole prefix again for each character cost ~1 s of CPU per run.
  let out = ''
  let length = 0
  for (const ch of s) {
    length += encodeURIComponent(ch).length
    if (length > limit) break
    out += ch
  }
  return out
}
