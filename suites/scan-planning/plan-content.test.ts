/**
 * What a completed plan holds, on any server that plans: the data files of the scanned snapshot, and the
 * delete files that apply to them. Tables are seeded with real manifests (seed.ts); every plan is collected
 * whole (a submitted plan polled, every plan task fetched). Plans carry no filter, so nothing may be pruned,
 * and the seeded files carry no column metrics, so no delete file can be ruled out by them; a server that
 * answers more delete references than the spec's scope asks is not judged here.
 */
import { getProfile } from '../../schemas/profiles.ts'
import { operation, rule } from '../_harness/dsl.ts'
import type { ContentFile } from '../_harness/support/table-files.ts'
import { PLAIN_PLAN_RULE, blockIfPlansNotServed } from './plain-plan.ts'
import { wrapsError } from '../_harness/checks/errors.ts'
import {
  collectPlan,
  completedPlan,
  dataFiles,
  incrementalTable,
  seededTable,
  type TasksResponse,
} from './seed.ts'

const REQUIRES = [
  'createNamespace',
  'createTable',
  'updateTable',
  'planTableScan',
  'fetchPlanningResult',
  'fetchScanTasks',
] as const

const pathsOf = (responses: readonly TasksResponse[]): string[] =>
  responses
    .flatMap((r) => r['file-scan-tasks'] ?? [])
    .map((t) => String(t['data-file']?.['file-path']))
    .sort()

operation('planTableScan', () => {
  rule(
    {
      id: 'scan-planning/plan/files-of-snapshot',
      title: 'a completed plan of a snapshot returns each of its live data files exactly once',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const ns = await ctx.sandbox.namespace(ctx.catalog, 'content')
      const first: string[] = []
      const second: string[] = []
      const [s1, s2] = await seededTable(ctx, ns, [
        (md) => {
          const files = dataFiles(md, 'first', 6)
          first.push(...files.map((f) => f['file-path']))
          return files
        },
        (md) => {
          const files = dataFiles(md, 'second', 1)
          second.push(...files.map((f) => f['file-path']))
          return files
        },
      ])
      // Point-in-time scans name their snapshot: the older one (time travel, with the snapshot's schema as the
      // document tells clients to ask then) and the current one (asking for column stats of `id`, which the seeded
      // files do not carry). Neither field changes which files the scan reads.
      const older = await completedPlan(ctx, ns, { 'snapshot-id': s1, 'use-snapshot-schema': true })
      ctx.check.equal(
        pathsOf(older),
        [...first].sort(),
        'the plan of the first snapshot holds its 6 data files, once each, and none added later',
      )
      const current = await completedPlan(ctx, ns, { 'snapshot-id': s2, 'stats-fields': ['id'] })
      ctx.check.equal(
        pathsOf(current),
        [...first, ...second].sort(),
        'the plan of the second snapshot holds its 7 live data files, once each',
      )
    },
  )

  rule(
    {
      id: 'scan-planning/plan/always-true-filter',
      title:
        'a plan filtered by an always-true expression, in each form the document defines, returns every live data file',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const ns = await ctx.sandbox.namespace(ctx.catalog, 'truefilter')
      const paths: string[] = []
      const [snapshot] = await seededTable(ctx, ns, [
        (md) => {
          const files = dataFiles(md, 'all', 3)
          paths.push(...files.map((f) => f['file-path']))
          return files
        },
      ])
      // Each form the profile's schema defines, and only those: up to 1.11 `Expression` is a oneOf of objects, led by
      // TrueExpression `{"type":"true"}`; the boolean form came with main's `Predicate` (`oneOf: [type: boolean,
      // TrueExpression, …]`). A bare `true` under 1.11 is a body its schema does not allow.
      const forms: unknown[] =
        getProfile(ctx.run.profile).expressionDialect === 'expression'
          ? [{ type: 'true' }]
          : [true, { type: 'true' }]
      for (const filter of forms) {
        // The request itself is judged under this rule (a valid plan is answered 200), then collected whole.
        const body = { 'snapshot-id': snapshot, filter }
        const first = await ctx.catalog.op.planTableScan({ namespace: ns, table: 't', body })
        if (first.status === 406) ctx.unsupported('the server does not plan scans (406)')
        // A server that does not plan at all (a plain plan too): the plain plan's rule's defect.
        await blockIfPlansNotServed(ctx, ns, 't', PLAIN_PLAN_RULE, first)
        ctx.check.conform(first, { status: 200 })
        const plan = await completedPlan(ctx, ns, body)
        ctx.check.equal(
          pathsOf(plan),
          [...paths].sort(),
          `the plan filtered by ${JSON.stringify(filter)} holds the 3 data files, once each`,
        )
      }
    },
  )

  rule(
    {
      id: 'scan-planning/plan/incremental-appended-files',
      title:
        'an incremental plan returns the data files added after its start snapshot up to its end, once each',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { catalog, check, sandbox } = ctx
      const ns = await sandbox.namespace(catalog, 'incremental')
      const { body, added } = await incrementalTable(ctx, ns)
      const ex = await catalog.op.planTableScan({ namespace: ns, table: 't', body })
      // "Not implemented" with the error envelope is a server's way of saying it does not plan incremental scans,
      // the same statement as the 406 the document names for an unsupported operation, in HTTP's words (RFC 9110's
      // 501) rather than the document's: judged at SHOULD, and then there is no plan to judge.
      // A server that answers a plain plan so too does not plan at all: that is the plain plan's rule's to judge.
      if (ex.status === 501 && wrapsError(ex.json)) {
        await blockIfPlansNotServed(ctx, ns, 't', PLAIN_PLAN_RULE, ex)
        check.conform(ex, { status: 406, rule: 'scan-planning/plan/unsupported-406', level: 'SHOULD' })
        return
      }
      check.conform(ex, { status: [200, 406] })
      const plan = await collectPlan(ctx, ns, ex)
      check.equal(
        pathsOf(plan),
        [...added].sort(),
        'the incremental plan holds the data file the second snapshot added, once, and none of the first',
      )
    },
  )

  rule(
    {
      id: 'scan-planning/plan/delete-references',
      title: 'each file scan task references the delete files that apply to its data file',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const ns = await ctx.sandbox.namespace(ctx.catalog, 'deletes')
      const names = { old: [] as string[], same: '', pos: '', eq: '' }
      const deleteFile = (
        path: string,
        content: ContentFile['content'],
        extra: Partial<ContentFile> = {},
      ): ContentFile => ({
        content,
        'file-path': path,
        'file-format': 'parquet',
        'spec-id': 0,
        partition: [],
        'file-size-in-bytes': 512,
        'record-count': 1,
        ...extra,
      })
      // Format 2: position delete files must not be added to v3 tables (table spec, "Delete Formats").
      const [, snapshot] = await seededTable(
        ctx,
        ns,
        [
          (md) => {
            const files = dataFiles(md, 'old', 2)
            names.old = files.map((f) => f['file-path'])
            return files
          },
          (md) => {
            const [same] = dataFiles(md, 'same-commit', 1)
            const base = md.location ?? 'file:/tmp/conformance'
            const pos = deleteFile(`${base}/data/pos-deletes.parquet`, 'position-deletes')
            // The id of column `id` as the server assigned it (servers may renumber the ids of a create).
            const schema = (md.schemas ?? []).find((x) => x['schema-id'] === md['current-schema-id'])
            const idField = schema?.fields.find((f) => f.name === 'id')?.id ?? 3
            const eq = deleteFile(`${base}/data/eq-deletes.parquet`, 'equality-deletes', {
              'equality-ids': [idField],
            })
            names.same = same!['file-path']
            names.pos = pos['file-path']
            names.eq = eq['file-path']
            return [same!, pos, eq]
          },
        ],
        { 'format-version': '2' },
      )
      const responses = await completedPlan(ctx, ns, { 'snapshot-id': snapshot })
      const referenced = new Map<string, string[]>()
      let badIndex: unknown
      for (const r of responses) {
        const deletes = r['delete-files'] ?? []
        for (const t of r['file-scan-tasks'] ?? []) {
          const refs = t['delete-file-references'] ?? []
          const paths = refs.map((i) => {
            const d = Number.isInteger(i) ? deletes[i as number] : undefined
            if (d === undefined && badIndex === undefined)
              badIndex = { index: i, 'delete-files': deletes.length }
            return String(d?.['file-path'])
          })
          const path = String(t['data-file']?.['file-path'])
          referenced.set(path, [...(referenced.get(path) ?? []), ...paths])
        }
      }
      ctx.check.that(
        badIndex === undefined,
        'every delete-file-reference is an index of the same response’s delete-files',
        { received: badIndex },
      )
      // The table spec's scope: a position delete applies to data of its partition with a sequence number
      // <= its own (the same commit included), an equality delete only to strictly older data.
      const expected: [string, string[]][] = [
        ...names.old.map((p): [string, string[]] => [p, [names.pos, names.eq]]),
        [names.same, [names.pos]],
      ]
      const missing = expected.flatMap(([data, deletes]) => {
        const got = referenced.get(data) ?? []
        const absent = deletes.filter((d) => !got.includes(d))
        return absent.length > 0 ? [{ 'data-file': data, 'missing delete files': absent }] : []
      })
      ctx.check.that(
        missing.length === 0,
        'the task of each data file references every delete file that applies to it',
        { received: missing },
      )
    },
  )
})
