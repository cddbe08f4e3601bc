/**
 * Generated query parameters on the operations that take them: each run sets one parameter the spec defines to a
 * boundary or malformed value (empty, zero, negative, past int and long range, fractional, exponent, not a number,
 * control characters, a word where a flag belongs, such as purgeRequested on a drop); a parameter a later release added
 * (referenced-by on loadTable and loadView, planId and referenced-by on loadCredentials, all 1.11) only from that
 * release. What is judged: a value the parameter's schema refuses (pageSize not a whole number >= 1, snapshots other
 * than all or refs, purgeRequested not a boolean) fails validation, for which the document names 400 ("other forms of
 * request validation failure"): a 5xx to it fails the rule (MUST). A value the schema allows (any string of an opaque
 * pageToken, planId or referenced-by) has no named answer: a 5xx to it is a robustness finding. Which 4xx, or whether
 * the server ignores the value, the spec leaves open, so any answer below 500 passes. Seeded and budgeted like every property (the budget per parameter); after it, each parameter is
 * sent once more present without a value.
 */
import fc from 'fast-check'
import { paramsAt } from '../../schemas/operations.ts'
import type { OperationId } from '../../schemas/operations.ts'
import { getProfile } from '../../schemas/profiles.ts'
import { laneContext, operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { createView } from '../_harness/support/catalog-objects.ts'
import { setupTable } from '../_harness/support/commit-steps.ts'
import { DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'
import { laneRuns, lanedProperty } from '../_harness/support/lanes.ts'
import { anyAnswer } from '../_harness/support/statuses.ts'
import { pageSizeQuery } from '../_harness/support/spec-params.ts'

/** Values a parameter should never crash on. */
const odd = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '9223372036854775808',
    'NaN',
    'abc',
    'true',
    'null',
    '\u0000',
    '\u001f',
    '%',
    '../..',
  ),
  fc.string({ maxLength: 12 }),
)

interface Case {
  readonly op: OperationId
  readonly requires: readonly OperationId[]
  /** Query parameters to generate; those the operation table dates later than the run's profile are left out. */
  readonly params: readonly string[]
  readonly args: (ctx: Fixtures) => Promise<{ namespace?: readonly string[]; table?: string; view?: string }>
  /** Fresh arguments for every run: the operation consumes its target (a drop). */
  readonly perRun?: boolean
}

const tableArgs = async (ctx: Fixtures) => {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'genq')
  const table = ctx.sandbox.names.table('q')
  await setupTable(ctx.catalog, ctx.check, namespace, table)
  return { namespace, table }
}

/** A fresh table per run, all in one namespace of the file (a drop consumes its table). */
const freshTableArgs = async (ctx: Fixtures) => {
  const namespace = ctx.sandbox.shared('fresh-tables', () => ctx.sandbox.namespace(ctx.catalog, 'genq'))
  const table = ctx.sandbox.names.table('d')
  await setupTable(ctx.catalog, ctx.check, await namespace, table)
  return { namespace: await namespace, table }
}

const CASES: readonly Case[] = [
  {
    op: 'listNamespaces',
    requires: ['createNamespace', 'listNamespaces'],
    params: ['pageSize', 'pageToken'],
    args: async () => ({}),
  },
  {
    op: 'listTables',
    requires: ['createNamespace', 'listTables'],
    params: ['pageSize', 'pageToken'],
    args: async (ctx) => ({ namespace: await ctx.sandbox.namespace(ctx.catalog, 'genq') }),
  },
  {
    op: 'listViews',
    requires: ['createNamespace', 'listViews'],
    params: ['pageSize', 'pageToken'],
    args: async (ctx) => ({ namespace: await ctx.sandbox.namespace(ctx.catalog, 'genq') }),
  },
  {
    op: 'loadTable',
    requires: ['createNamespace', 'createTable', 'loadTable'],
    params: ['snapshots', 'referenced-by'],
    args: tableArgs,
  },
  {
    op: 'loadView',
    requires: ['createNamespace', 'createView', 'loadView'],
    params: ['referenced-by'],
    args: async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'genq')
      const view = ctx.sandbox.names.view('q')
      await createView(ctx.catalog, ctx.check, namespace, view)
      return { namespace, view }
    },
  },
  {
    // A plan id the server never issued, or a view chain that names nothing, is the client's mistake.
    op: 'loadCredentials',
    requires: ['createNamespace', 'createTable', 'loadCredentials'],
    params: ['planId', 'referenced-by'],
    args: tableArgs,
  },
  {
    // purgeRequested is a boolean: a word, a number or an empty value must not crash the drop.
    op: 'dropTable',
    requires: ['createNamespace', 'createTable', 'dropTable'],
    params: ['purgeRequested'],
    args: freshTableArgs,
    perRun: true,
  },
]

/**
 * Whether the parameter's schema in the document allows the value: pageSize is an integer with minimum 1, snapshots
 * the enum all | refs, purgeRequested a boolean; the others (pageToken, planId, referenced-by) are plain strings.
 */
export function queryValueValid(param: string, value: string): boolean {
  if (param === 'pageSize') return /^[0-9]+$/.test(value) && /[1-9]/.test(value)
  if (param === 'snapshots') return value === 'all' || value === 'refs'
  if (param === 'purgeRequested') return value === 'true' || value === 'false'
  return true
}

function judge(ctx: Fixtures, ex: Exchange, param: string, value: string): void {
  ctx.check.conform(ex, {
    status: anyAnswer(ex.status),
    ...(queryValueValid(param, value) ? { serverError: 'robustness' as const } : {}),
  })
}

/**
 * The query of one draw: the parameter alone, but a pageSize goes with `pageToken=`, as Iceberg's Java client sends
 * it, so that the value is judged and not the token's absence (pagination/<list>/page-size-without-token's case).
 */
function queryOf(param: string, value: string): Record<string, string | number> {
  return param === 'pageSize' ? pageSizeQuery(value) : { [param]: value }
}

/** The parameters of `c` that the operation defines at the profile's release (the original document follows 1.11). */
function paramsIn(c: Case, profile: string): string[] {
  const defined = paramsAt(c.op, 'query', getProfile(profile).release)
  return c.params.filter((name) => defined.includes(name))
}

for (const c of CASES) {
  operation(c.op, () => {
    rule(
      {
        id: `robustness/generated-query/${c.op}`,
        title: `${c.op} with generated boundary and malformed query parameters never answers a 5xx`,
        requires: [...c.requires],
      },
      async (ctx) => {
        const params = paramsIn(c, ctx.run.profile)
        // Older releases define none of them (listTables before 1.5): nothing of this rule applies there.
        if (params.length === 0)
          ctx.outOfProfile(
            `${c.op} has none of ${c.params.join(', ')} in the ${ctx.run.profile} profile's document`,
          )
        const args = await c.args(ctx)
        await checkProperty(
          ctx,
          () =>
            lanedProperty(fc.tuple(fc.constantFrom(...params), odd), async ([param, value], lane) => {
              const l = laneContext(ctx, lane)
              const target = c.perRun ? await c.args(l) : args
              const ex = await l.catalog.op[c.op]({ ...target, query: queryOf(param, value) })
              // Any answer below 500 is an answer (the checks judge its shape); a 5xx as the value's schema says.
              judge(l, ex, param, value)
            }),
          // The run's budget per parameter, so that a parameter added to a case takes no runs from the others; the
          // values in lanes (each request stands alone), each lane's failure judged as its own.
          { runs: laneRuns(ctx.run.runs * params.length), distinct: DISTINCT_FAILURES },
        )
        // Then each parameter once, present without a value, judged the same: a passing property keeps only its
        // first run's exchanges, and the record should show every parameter sent (spec coverage counts them).
        for (const param of params) {
          const target = c.perRun ? await c.args(ctx) : args
          const ex = await ctx.catalog.op[c.op]({ ...target, query: queryOf(param, '') })
          judge(ctx, ex, param, '')
        }
      },
    )
  })
}
