/**
 * The operations whose request bodies suites/robustness/generated-inputs.test.ts mutates, each with where the request
 * goes and a valid body to start from: every operation of schemas/operations.ts with a request body but those in
 * NOT_MUTATED (suites/_harness/arbitraries/body-mutation.test.ts holds the list to that, so that an operation added
 * later is mutated too or named here with its reason).
 */
import type { OperationId } from '../../schemas/operations.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { JsonPath } from '../_harness/arbitraries/body-mutation.ts'
import { createTableBody, setupTable } from '../_harness/support/commit-steps.ts'
import { createView, droppedTable, viewRequest } from '../_harness/support/catalog-objects.ts'
import { fixture } from '../_harness/support/fixtures.ts'
import { currentVersion, newVersion } from '../_harness/support/view-steps.ts'
import type { ViewMd } from '../_harness/support/view-steps.ts'

/** Operations with a request body that are not mutated, and why. */
export const NOT_MUTATED: Readonly<Partial<Record<OperationId, string>>> = {
  getToken: 'a form-encoded OAuth2 request (RFC 6749), judged by the auth suite, not a JSON body',
  signRequest:
    'a remote-signing endpoint a catalog serves only when it hands out a signer; no JSON body of the catalog',
}

/** Where the mutated request goes, and the valid body it starts from (built per run: names must be fresh). */
export interface Target {
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

export interface Case {
  readonly op: OperationId
  readonly requires: readonly OperationId[]
  readonly target: (ctx: Fixtures) => Promise<Target>
}

/** A new version of a view's current query: its schema, representations and default namespace, a new id and time. */
function sameQuery(metadata: Record<string, unknown>): Record<string, unknown> {
  const md = metadata as ViewMd
  const current = currentVersion(md)
  return {
    ...newVersion(md, '', []),
    'schema-id': current?.['schema-id'] ?? 0,
    representations: current?.representations ?? [],
  }
}

async function runTable(ctx: Fixtures): Promise<{ namespace: string[]; table: string; uuid: string }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
  const table = ctx.sandbox.names.table('g')
  const state = await setupTable(ctx.catalog, ctx.check, namespace, table)
  return { namespace, table, uuid: String(state.metadata['table-uuid'] ?? '') }
}

export const CASES: readonly Case[] = [
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
        // The identifier is optional in CommitTableRequest: sent, so that its odd names are tried too.
        body: () => ({
          identifier: { namespace: t.namespace, name: t.table },
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
        // The identifier is optional in CommitViewRequest: sent, so that its odd names are tried too. A version of the
        // same query (the view's own schema and dialects, nothing dropped), added without making it current, brings
        // the integers of a view version (version-id, schema-id, timestamp-ms) for the boundary and whole-float
        // classes; the server may keep it as a new version or find it equal to the current one.
        body: () => ({
          identifier: { namespace, name: view },
          requirements: [{ type: 'assert-view-uuid', uuid: created.metadata['view-uuid'] }],
          updates: [
            { action: 'set-properties', updates: { k: 'v' } },
            { action: 'add-view-version', 'view-version': sameQuery(created.metadata) },
          ],
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
    op: 'registerView',
    requires: ['createNamespace', 'createView', 'registerView'],
    target: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'gen')
      const created = await createView(ctx.catalog, ctx.check, namespace, ctx.sandbox.names.view('src'))
      return {
        args: { namespace },
        // A second name for a live view's metadata: a catalog may refuse that (a 4xx is an answer); the mutations
        // are what is judged.
        body: () => ({
          name: ctx.sandbox.names.view('reg'),
          'metadata-location': created['metadata-location'] ?? '',
        }),
        keep: [],
      }
    },
  },
  {
    op: 'fetchScanTasks',
    requires: ['createNamespace', 'createTable', 'fetchScanTasks'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: { namespace: t.namespace, table: t.table },
        // A plan task is opaque and this one was never issued: the valid body's answer is 404 (NoSuchPlanTask); the
        // mutations around it are what is judged.
        body: () => ({ 'plan-task': 'conformance-no-task' }),
        keep: [],
      }
    },
  },
  {
    op: 'planTableScan',
    requires: ['createNamespace', 'createTable', 'planTableScan'],
    target: async (ctx) => {
      const t = await runTable(ctx)
      return {
        args: { namespace: t.namespace, table: t.table },
        // min-rows-requested (1.11, a hint) is an int64 of the request itself, for the boundary and whole-float
        // classes (first: every run tries those on the first integer); a server of an older release ignores it.
        body: () => ({
          'min-rows-requested': 100,
          select: ['id'],
          'case-sensitive': true,
          filter: { type: 'eq', term: 'id', value: 1 },
        }),
        keep: [],
      }
    },
  },
]
