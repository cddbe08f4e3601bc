/**
 * replaceView with updates of a known kind that cannot be applied: a current version that does not exist, and a
 * version with two SQL representations of one dialect. Accepting either leaves view metadata that breaks the view
 * spec (engines would read no definition, or two); the commit is refused with a 4xx and nothing is applied —
 * metadata-location unchanged on reload.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import {
  commitView,
  currentVersion,
  newVersion,
  setupLoadView,
  setupView,
} from '../_harness/support/view-steps.ts'
import type { ViewRef, ViewState } from '../_harness/support/view-steps.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

const REQUIRES = ['createView', 'loadView', 'replaceView'] as const
/** A version id no fresh view has (versions are numbered from 1). */
const UNKNOWN_VERSION = 4242

async function fresh(ctx: Fixtures, label: string): Promise<{ ref: ViewRef; state: ViewState }> {
  const ref = {
    namespace: await ctx.sandbox.namespace(ctx.catalog, 'vinv'),
    view: ctx.sandbox.names.view(label),
  }
  return { ref, state: await setupView(ctx.catalog, ctx.check, ref) }
}

async function refusedAndUntouched(ctx: Fixtures, ref: ViewRef, state: ViewState, updates: unknown[]) {
  const ex = await commitView(ctx.catalog, ref, [], updates)
  // Any 4xx refuses; the envelope and schema checks run on whatever came back.
  ctx.check.conform(ex, { status: anyClientError(ex.status) })
  const after = await setupLoadView(ctx.catalog, ctx.check, ref)
  ctx.check.equal(
    after.metadataLocation,
    state.metadataLocation,
    'a refused commit leaves metadata-location unchanged',
  )
}

operation('replaceView', () => {
  rule(
    {
      id: 'views/invalid-updates/set-current-unknown-version',
      title:
        'a view commit setting a current version that does not exist is refused with a 4xx and applies nothing',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state } = await fresh(ctx, 'unkver')
      await refusedAndUntouched(ctx, ref, state, [
        { action: 'set-current-view-version', 'view-version-id': UNKNOWN_VERSION },
      ])
    },
  )

  rule(
    {
      id: 'views/invalid-updates/duplicate-dialect',
      title:
        'a view version with two SQL representations of one dialect is refused with a 4xx and applies nothing',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state } = await fresh(ctx, 'dupdia')
      // Every dialect the view has (dropping one may be refused for its own reason), one of them twice, on the
      // current schema: the version is valid but for the duplicate.
      const dialects = (currentVersion(state.metadata)?.representations ?? []).map((r) => r.dialect)
      const current = currentVersion(state.metadata)
      const version = newVersion(
        state.metadata,
        'SELECT 1 AS id',
        [...dialects, dialects[0] ?? 'spark'],
        current?.['schema-id'] ?? 0,
      )
      await refusedAndUntouched(ctx, ref, state, [
        { action: 'add-view-version', 'view-version': version },
        { action: 'set-current-view-version', 'view-version-id': -1 },
      ])
    },
  )
})
