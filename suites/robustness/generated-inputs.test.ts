/**
 * Schema-driven negative and boundary inputs on every operation that takes a body (arbitraries/body-mutation.ts):
 * from a valid request, one field at a time dropped, emptied, set to a boundary value or the wrong type, a
 * discriminator set to an unknown kind, or an unknown field added. Seeded and budgeted like every property; a
 * failure prints the shrunk mutation and the command that replays it.
 *
 * JSON null in an optional field reads as absent (the Java client sends such nulls; schemas/model/json.ts).
 * What is judged: a body our JSON Schema says is invalid fails validation, for which the document names 400 ("an
 * unexpected request body format or other forms of request validation failure"), so a 5xx to it fails the rule (MUST);
 * a valid body (a boundary value, an unknown extra field) has no named answer but success, and a 5xx to it is a
 * robustness finding, reported apart; an invalid body is refused with a 4xx (SHOULD: a lenient server that copes is
 * not wrong);
 * an unknown extra field is tolerated where the request without it succeeds (SHOULD: the upstream schemas are open,
 * so such a request is valid). Error answers carry the error model (the check registry, as everywhere).
 */
import fc from 'fast-check'
import { validateOpen } from '../../schemas/index.ts'
import { withoutNulls } from '../../schemas/model/json.ts'
import { OPERATIONS, type OperationId } from '../../schemas/operations.ts'
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { bodyMutation, type JsonPath } from '../_harness/arbitraries/body-mutation.ts'
import { createTableBody, setupTable } from '../_harness/support/commit-steps.ts'
import { createView, droppedTable, viewRequest } from '../_harness/support/catalog-objects.ts'
import { fixture } from '../_harness/support/fixtures.ts'
import { DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'

/** Where the mutated request goes, and the valid body it starts from (built per run: names must be fresh). */
interface Target {
  readonly args: { namespace?: readonly string[]; table?: string; view?: string }
  readonly body: () => unknown
  /** Fields that name the run's own objects: never mutated (the write guard would refuse the request). */
  readonly keep: readonly JsonPath[]
  /** Sees each answer: a rename that succeeded moved its source, so the next body starts from the new name. */
  readonly answered?: (body: unknown, status: number) => void
}

/** A rename's valid body, always from where the object is now: a successful rename moves it. */
function renameTarget(namespace: string[], first: string, fresh: () => string): Target {
  let current = first
  return {
    args: {},
    body: () => ({ source: { namespace, name: current }, destination: { namespace, name: fresh() } }),
    keep: [
      ['source', 'namespace'],
      ['destination', 'namespace'],
    ],
    answered: (body, status) => {
      const b = body as { source?: { name?: unknown }; destination?: { name?: unknown } }
      if (
        status >= 200 &&
        status < 300 &&
        b.source?.name === current &&
        typeof b.destination?.name === 'string'
      )
        current = b.destination.name
    },
  }
}

interface Case {
  readonly op: OperationId
  readonly requires: readonly OperationId[]
  readonly target: (ctx: Fixtures) => Promise<Target>
}

async function runTable(ctx: Fixtures): Promise<{ namespace: string[]; table: string; uuid: string }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
  const table = ctx.sandbox.names.table('g')
  const state = await setupTable(ctx.catalog, ctx.check, namespace, table)
  return { namespace, table, uuid: String(state.metadata['table-uuid'] ?? '') }
}

const CASES: readonly Case[] = [
  {
    op: 'createNamespace',
    requires: ['createNamespace'],
    target: async (ctx) => ({
      args: {},
      body: () => ({ namespace: ctx.sandbox.names.namespace('gen'), properties: { owner: 'conformance' } }),
      keep: [['namespace']],
    }),
  },
  {
    op: 'updateProperties',
    requires: ['createNamespace', 'updateProperties'],
    target: async (ctx) => ({
      args: { namespace: await ctx.sandbox.namespace(ctx.catalog, 'gen') },
      body: () => ({ updates: { a: '1' }, removals: ['b'] }),
      keep: [],
    }),
  },
  {
    op: 'createTable',
    requires: ['createNamespace', 'createTable'],
    target: async (ctx) => ({
      args: { namespace: await ctx.sandbox.namespace(ctx.catalog, 'gen') },
      body: () => createTableBody(ctx.sandbox.names.table('g')),
      keep: [['name']],
    }),
  },
  {
    op: 'updateTable',
    requires: ['createNamespace', 'createTable', 'updateTable'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: { namespace: t.namespace, table: t.table },
        body: () => ({
          requirements: [{ type: 'assert-table-uuid', uuid: t.uuid }],
          updates: [
            { action: 'set-properties', updates: { k: 'v' } },
            {
              action: 'add-sort-order',
              'sort-order': {
                'order-id': 1,
                fields: [
                  { transform: 'identity', 'source-id': 1, direction: 'asc', 'null-order': 'nulls-first' },
                ],
              },
            },
          ],
        }),
        keep: [],
      }
    },
  },
  {
    op: 'commitTransaction',
    requires: ['createNamespace', 'createTable', 'commitTransaction'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: {},
        body: () => ({
          'table-changes': [
            {
              identifier: { namespace: t.namespace, name: t.table },
              requirements: [{ type: 'assert-table-uuid', uuid: t.uuid }],
              updates: [{ action: 'set-properties', updates: { k: 'v' } }],
            },
          ],
        }),
        keep: [['table-changes', 0, 'identifier']],
      }
    },
  },
  {
    op: 'createView',
    requires: ['createNamespace', 'createView'],
    target: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
      return {
        args: { namespace },
        body: () => viewRequest(ctx.sandbox.names.view('v'), namespace),
        keep: [['name'], ['view-version', 'default-namespace']],
      }
    },
  },
  {
    op: 'reportMetrics',
    requires: ['createNamespace', 'createTable', 'reportMetrics'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: { namespace: t.namespace, table: t.table },
        body: () => ({
          ...fixture<Record<string, unknown>>('schemas/ReportMetricsRequest/valid.json'),
          'table-name': `${t.namespace.join('.')}.${t.table}`,
        }),
        keep: [],
      }
    },
  },
  {
    op: 'renameTable',
    requires: ['createNamespace', 'createTable', 'renameTable'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return renameTarget(t.namespace, t.table, () => ctx.sandbox.names.table('moved'))
    },
  },
  {
    op: 'registerTable',
    requires: ['createNamespace', 'createTable', 'dropTable', 'registerTable'],
    target: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
      const dropped = await droppedTable(ctx.catalog, ctx.check, namespace, ctx.sandbox.names.table('src'))
      return {
        args: { namespace },
        body: () => ({
          name: ctx.sandbox.names.table('reg'),
          'metadata-location': dropped['metadata-location'],
        }),
        keep: [],
      }
    },
  },
  {
    op: 'replaceView',
    requires: ['createNamespace', 'createView', 'replaceView'],
    target: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
      const view = ctx.sandbox.names.view('v')
      const created = await createView(ctx.catalog, ctx.check, namespace, view)
      return {
        args: { namespace, view },
        body: () => ({
          requirements: [{ type: 'assert-view-uuid', uuid: created.metadata['view-uuid'] }],
          updates: [{ action: 'set-properties', updates: { k: 'v' } }],
        }),
        keep: [],
      }
    },
  },
  {
    op: 'renameView',
    requires: ['createNamespace', 'createView', 'renameView'],
    target: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
      const view = ctx.sandbox.names.view('v')
      await createView(ctx.catalog, ctx.check, namespace, view)
      return renameTarget(namespace, view, () => ctx.sandbox.names.view('moved'))
    },
  },
  {
    op: 'planTableScan',
    requires: ['createNamespace', 'createTable', 'planTableScan'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: { namespace: t.namespace, table: t.table },
        body: () => ({
          select: ['id'],
          'case-sensitive': true,
          filter: { type: 'eq', term: 'id', value: 1 },
        }),
        keep: [],
      }
    },
  },
]

const ok = (status: number) => status >= 200 && status < 300
const clientError = (status: number) => status >= 400 && status < 500

for (const c of CASES) {
  operation(c.op, () => {
    rule(
      {
        id: `robustness/generated/${c.op}`,
        title: `${c.op} with generated negative and boundary bodies: never a 5xx, invalid bodies refused, unknown fields tolerated`,
        requires: [...c.requires],
      },
      async (ctx) => {
        const target = await c.target(ctx)
        const schema = OPERATIONS[c.op].request ?? ''
        // How the server answers the valid body: an unknown field added to it should be answered the same way.
        const first = target.body()
        const baseline = await ctx.catalog.op[c.op]({ ...target.args, body: first })
        target.answered?.(first, baseline.status)
        await checkProperty(
          ctx,
          () =>
            fc.asyncProperty(bodyMutation(target.body(), target.keep), async (m) => {
              const body = m.apply(target.body())
              const ex = await ctx.catalog.op[c.op]({ ...target.args, body })
              target.answered?.(body, ex.status)
              const extra = m.label.startsWith('add ')
              const invalid = !extra && !validateOpen(schema, withoutNulls(body)).valid
              if (invalid)
                ctx.check.that(!ok(ex.status), `an invalid body (${m.label}) is refused with a 4xx`, {
                  rule: 'robustness/generated/invalid-refused',
                  level: 'SHOULD',
                  received: ex.status,
                  expected: 'a 4xx',
                  ex,
                })
              if (extra && ok(baseline.status))
                ctx.check.that(ok(ex.status), `an unknown extra field (${m.label}) is tolerated`, {
                  rule: 'robustness/generated/unknown-fields-tolerated',
                  level: 'SHOULD',
                  received: ex.status,
                  expected: `${baseline.status}, as without the field`,
                  ex,
                })
              // Any 4xx (or a success) is an answer; the checks judge its shape. A 5xx fails where the body is invalid
              // (400 is named for it) and is a robustness finding where it is valid.
              ctx.check.conform(ex, {
                status: clientError(ex.status) || ok(ex.status) ? ex.status : 400,
                ...(invalid ? {} : { serverError: 'robustness' as const }),
              })
            }),
          { distinct: DISTINCT_FAILURES },
        )
      },
    )
  })
}
