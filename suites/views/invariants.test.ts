/**
 * View invariants across commits: after each commit of a sequence (replace,
 * properties only, another replace, a rollback to an earlier version) the metadata holds every single-document
 * invariant, the view-uuid never changes, earlier versions are kept, version-log grows by exactly one entry
 * when the current version changed (none otherwise) and ends at the current version, and a load returns what
 * the commit answered. The dialect-drop rule: a replace whose current version loses a dialect of the previous
 * one is refused unless `replace.drop-dialect.allowed=true`; that rule is the Java and Rust builders', not
 * the REST spec's, hence SHOULD. A refused commit applies nothing (MUST).
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { expectViewInvariants } from '../_harness/support/invariants.ts'
import {
  commitView,
  currentVersion,
  newVersion,
  setupLoadView,
  setupView,
  viewStateOf,
} from '../_harness/support/view-steps.ts'
import type { ViewMd, ViewRef, ViewState } from '../_harness/support/view-steps.ts'

const REQUIRES = ['createNamespace', 'createView', 'loadView', 'replaceView'] as const
const ACROSS = 'views/invariants/across-commits'
const APPLIES_NOTHING = 'views/replace/rejected-applies-nothing'
const ALLOW_DROP = 'replace.drop-dialect.allowed'

async function fresh(ctx: Fixtures, props: Record<string, string> = {}) {
  const ref: ViewRef = {
    namespace: await ctx.sandbox.namespace(ctx.catalog, 'vinv'),
    view: ctx.sandbox.names.view('v'),
  }
  return { ref, state: await setupView(ctx.catalog, ctx.check, ref, props) }
}

const dialects = (md: ViewMd): string[] =>
  (currentVersion(md)?.representations ?? []).map((r) => r.dialect.toLowerCase()).sort()
const versionIds = (md: ViewMd): number[] => (md.versions ?? []).map((v) => v['version-id'])

/** Updates that add a version with `sql` for `ds` (the current schema, by id) and make it current. */
function replaceWith(md: ViewMd, sql: string, ds: readonly string[]): unknown[] {
  const schemaId = currentVersion(md)?.['schema-id'] ?? 0
  return [
    { action: 'add-view-version', 'view-version': newVersion(md, sql, ds, schemaId) },
    { action: 'set-current-view-version', 'view-version-id': -1 },
  ]
}

/** What must hold from `before` to `after` (the commit answered `after`; `loaded` is the load that followed). */
function expectStep(ctx: Fixtures, before: ViewState, after: ViewState, loaded: ViewState, step: string) {
  const { check } = ctx
  const o = { rule: ACROSS, level: 'MUST' as const }
  const [b, a] = [before.metadata, after.metadata]
  expectViewInvariants(check, a, { rule: ACROSS, where: `${step} (commit response)` })
  expectViewInvariants(check, loaded.metadata, { rule: ACROSS, where: `${step} (load)` })
  check.equal(
    loaded.metadataLocation,
    after.metadataLocation,
    `${step}: a load returns the committed file`,
    o,
  )
  check.equal(a['view-uuid'], b['view-uuid'], `${step}: view-uuid never changes`, o)
  check.that(after.metadataLocation !== before.metadataLocation, `${step}: a new metadata-location`, {
    ...o,
    received: after.metadataLocation,
  })
  const kept = versionIds(b).filter((id) => !versionIds(a).includes(id))
  check.equal(kept, [], `${step}: every earlier version is kept (under version.history.num-entries)`, o)
  const changed = a['current-version-id'] !== b['current-version-id']
  const [logB, logA] = [b['version-log'] ?? [], a['version-log'] ?? []]
  check.equal(logA.length, logB.length + (changed ? 1 : 0), `${step}: version-log grows only on a change`, o)
  check.equal(logA.at(-1)?.['version-id'], a['current-version-id'], `${step}: version-log ends at current`, o)
  const unknown = logA.filter((e) => !versionIds(a).includes(e['version-id']))
  check.equal(unknown, [], `${step}: every version-log entry names a kept version`, o)
  const lost = dialects(b).filter((d) => !dialects(a).includes(d))
  check.equal(lost, [], `${step}: the current version keeps the dialects of the previous one`, o)
}

operation('replaceView', () => {
  rule(
    {
      id: ACROSS,
      title: 'view metadata keeps its invariants across replaces, a properties commit and a rollback',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { catalog, check } = ctx
      const { ref, state: created } = await fresh(ctx)
      let state = created
      let rollbackTo: number | undefined
      const steps: [string, (md: ViewMd) => unknown[]][] = [
        ['replace 1', (md) => replaceWith(md, 'SELECT 1 AS id', ['spark', 'trino', 'flink'])],
        ['properties', () => [{ action: 'set-properties', updates: { 'conformance.step': 'p' } }]],
        ['replace 2', (md) => replaceWith(md, 'SELECT 2 AS id', ['spark', 'trino', 'flink'])],
        ['rollback', () => [{ action: 'set-current-view-version', 'view-version-id': rollbackTo }]],
      ]
      for (const [step, updates] of steps) {
        const ex = await commitView(catalog, ref, [], updates(state.metadata))
        const after = viewStateOf(check.conform(ex, { status: 200 }))
        const loaded = await setupLoadView(catalog, check, ref)
        expectStep(ctx, state, after, loaded, step)
        if (step === 'replace 1') rollbackTo = after.metadata['current-version-id']
        state = after
      }
      check.equal(
        state.metadata['current-version-id'],
        rollbackTo,
        'the rollback made the earlier version current',
        {
          rule: ACROSS,
        },
      )
    },
  )

  rule(
    {
      id: 'views/replace/dialect-drop-rejected',
      title:
        'a replace whose new version drops a dialect is refused with a 4xx (replace.drop-dialect.allowed unset)',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { catalog, check } = ctx
      const { ref, state } = await fresh(ctx)
      const ex = await commitView(catalog, ref, [], replaceWith(state.metadata, 'SELECT 3 AS id', ['spark']))
      check.that(ex.status >= 400 && ex.status < 500, 'dropping the trino dialect is refused with a 4xx', {
        received: ex.status,
        expected: '400 (a client error; Java answers 500)',
        ex,
      })
      if (ex.status < 400 || ex.status >= 500) return
      const loaded = await setupLoadView(catalog, check, ref)
      const o = { rule: APPLIES_NOTHING, level: 'MUST' as const }
      check.equal(loaded.metadataLocation, state.metadataLocation, 'the refused replace wrote nothing', o)
      check.equal(dialects(loaded.metadata), ['spark', 'trino'], 'the current version keeps both dialects', o)
    },
  )

  rule(
    {
      id: 'views/replace/dialect-drop-allowed',
      title: 'with replace.drop-dialect.allowed=true a replace may drop a dialect',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { catalog, check } = ctx
      const { ref, state } = await fresh(ctx, { [ALLOW_DROP]: 'true' })
      const ex = await commitView(catalog, ref, [], replaceWith(state.metadata, 'SELECT 4 AS id', ['spark']))
      const after = viewStateOf(check.conform(ex, { status: 200 }))
      check.equal(dialects(after.metadata), ['spark'], 'the new current version has only the spark dialect')
    },
  )
})
