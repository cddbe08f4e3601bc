/**
 * Generated path segments and header values, the inputs of a request besides its body and query (those are
 * generated-inputs and generated-queries): each run sends one namespace, table or view segment, or one header the spec
 * defines, set to a boundary or malformed value — invalid or double percent-encoding, an encoded NUL or control
 * character, dot segments, an overlong name, a non-UTF-8 byte; an empty, overlong or ill-formed header. Only reads
 * get generated paths (a malformed segment may name something the run did not create), and headers ride on requests
 * the run owns. What is judged: a path segment names an object the run never created, or is no valid segment at all,
 * and the document names the answer to both (404 "Not Found" for a missing namespace, table or view; 400 for a request
 * that fails validation), so a 5xx fails the rule (MUST); which 4xx the spec leaves open. Such a request may be
 * answered by the router or the servlet container before it reaches the operation (a dot segment resolves to another
 * path, Jetty refuses an encoded NUL): the error body of a 4xx is then judged at SHOULD, as for an unknown path
 * (errors/unknown-path-4xx). A header the spec types (Idempotency-Key: a UUID; X-Iceberg-Access-Delegation: an enum)
 * breaks validation when malformed, and a 5xx fails; a header the spec leaves untyped (If-None-Match, Accept,
 * Content-Type) has no named answer, so a 5xx to it is a robustness finding.
 */
import fc from 'fast-check'
import type { OperationId } from '../../schemas/operations.ts'
import type { CallArgs } from '../_harness/client.ts'
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { setupTable } from '../_harness/support/commit-steps.ts'
import { DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'
import { anyAnswer } from '../_harness/support/statuses.ts'

/**
 * Any Unicode scalar value (every code point but the surrogates, which encodeURIComponent refuses), small ones
 * most often. Built from integers: `fc.string({ unit: 'binary' })` maps every code point when it is constructed,
 * ~2 s of CPU in each run (measured with --cpu-prof).
 */
const scalarValue = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800))

/** Already-encoded path segments a server should refuse or not find, never crash on. */
const oddSegment = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%2',
    '%00',
    '%0A',
    '%1F%1F',
    '%1F',
    '.',
    '..',
    '%2E%2E',
    '%2F',
    '%5C',
    '%C3%28',
    '%FF%FE',
    '%25%25',
    '%20',
    'a%00b',
    'x'.repeat(1024),
    '%E2%80%AE',
  ),
  // Arbitrary text, percent-encoded as a client would: odd names must be answered, not crash the server.
  fc.array(scalarValue, { minLength: 1, maxLength: 40 }).map((chars) => encodeURIComponent(chars.join(''))),
)

/** Header values a server should refuse or ignore, never crash on (only what HTTP lets a client send). */
const oddHeader = fc.oneof(
  fc.constantFrom('', ' ', ',', '*', '"', 'W/', 'W/"', '""', 'null', '-1', 'a'.repeat(4000), 'é', '\t'),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
)

interface Target {
  readonly args: CallArgs
}

interface PathCase {
  readonly op: OperationId
  readonly requires: readonly OperationId[]
  /** Which segment is generated. */
  readonly segment: 'namespace' | 'table' | 'view'
  readonly target: (ctx: Fixtures) => Promise<Target>
}

const namespaceOf = async (ctx: Fixtures): Promise<Target> => ({
  args: { namespace: await ctx.sandbox.namespace(ctx.catalog, 'genp') },
})

const PATH_CASES: readonly PathCase[] = [
  {
    op: 'loadNamespaceMetadata',
    requires: ['loadNamespaceMetadata'],
    segment: 'namespace',
    target: async () => ({ args: {} }),
  },
  { op: 'listTables', requires: ['listTables'], segment: 'namespace', target: async () => ({ args: {} }) },
  { op: 'loadTable', requires: ['createNamespace', 'loadTable'], segment: 'table', target: namespaceOf },
  { op: 'loadView', requires: ['createNamespace', 'loadView'], segment: 'view', target: namespaceOf },
]

interface HeaderCase {
  readonly op: OperationId
  readonly requires: readonly OperationId[]
  readonly headers: readonly string[]
  readonly target: (ctx: Fixtures) => Promise<Target>
}

const tableOf = async (ctx: Fixtures): Promise<Target> => {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'genh')
  const table = ctx.sandbox.names.table('h')
  await setupTable(ctx.catalog, ctx.check, namespace, table)
  return { args: { namespace, table } }
}

const HEADER_CASES: readonly HeaderCase[] = [
  {
    op: 'loadTable',
    requires: ['createNamespace', 'createTable', 'loadTable'],
    headers: ['If-None-Match', 'X-Iceberg-Access-Delegation', 'Accept'],
    target: tableOf,
  },
  {
    op: 'updateProperties',
    requires: ['createNamespace', 'updateProperties'],
    headers: ['Idempotency-Key', 'Content-Type'],
    target: async (ctx) => ({
      args: {
        namespace: await ctx.sandbox.namespace(ctx.catalog, 'genh'),
        body: { updates: { 'conformance.generated': 'header' }, removals: [] },
      },
    }),
  },
]

/**
 * Any answer below 500 is an answer (the checks judge its shape): a success, a 4xx, a 304, or a redirect (a router that
 * decodes %2F before matching may redirect to the path without the segment). A 5xx fails the rule at its level, or is
 * a robustness finding where `robustness` says the document names no answer.
 */
function answered(ctx: Fixtures, ex: Exchange, robustness = false): void {
  ctx.check.conform(ex, {
    status: anyAnswer(ex.status),
    mayBeRouterAnswer: true,
    ...(robustness ? { serverError: 'robustness' as const } : {}),
  })
}

/**
 * Headers whose value the document types (Idempotency-Key: a UUID; X-Iceberg-Access-Delegation: an enum): a malformed
 * value fails validation, and 400 is the named answer. The others (If-None-Match, Accept, Content-Type) have none.
 */
const TYPED_HEADERS: ReadonlySet<string> = new Set(['Idempotency-Key', 'X-Iceberg-Access-Delegation'])

for (const c of PATH_CASES) {
  operation(c.op, () => {
    rule(
      {
        id: `robustness/generated-path/${c.op}`,
        title: `${c.op} with a generated malformed or boundary ${c.segment} path segment never answers a 5xx`,
        requires: [...c.requires],
      },
      async (ctx) => {
        const { args } = await c.target(ctx)
        const fill = { namespace: ['x'], table: 'x', view: 'x', ...args }
        await checkProperty(
          ctx,
          () =>
            fc.asyncProperty(oddSegment, async (segment) => {
              answered(ctx, await ctx.catalog.op[c.op]({ ...fill, encodedPath: { [c.segment]: segment } }))
            }),
          { distinct: DISTINCT_FAILURES },
        )
      },
    )
  })
}

for (const c of HEADER_CASES) {
  operation(c.op, () => {
    rule(
      {
        id: `robustness/generated-header/${c.op}`,
        title: `${c.op} with a generated malformed or boundary header (${c.headers.join(', ')}) never answers a 5xx`,
        requires: [...c.requires],
      },
      async (ctx) => {
        const { args } = await c.target(ctx)
        await checkProperty(
          ctx,
          () =>
            fc.asyncProperty(fc.constantFrom(...c.headers), oddHeader, async (name, value) => {
              answered(
                ctx,
                await ctx.catalog.op[c.op]({ ...args, headers: { ...args.headers, [name]: value } }),
                !TYPED_HEADERS.has(name),
              )
            }),
          { distinct: DISTINCT_FAILURES },
        )
      },
    )
  })
}
