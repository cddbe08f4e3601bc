/**
 * Property: replaying a mutating operation with its Idempotency-Key is equivalent to the first answer and has
 * no second effect, over random sequences of createNamespace, dropNamespace,
 * updateProperties, createTable, dropTable, updateTable and renameTable (in a namespace that starts with one
 * table), successes and deterministic 4xx
 * alike, replayed at once or after the operations that follow. Only where the server advertises
 * idempotency-key-lifetime. MUST: the replay changes nothing, answers with the same status class, and (at
 * once, nothing changed in between) repeats what the body says. SHOULD: the very same status and error type
 * (the spec asks for an "equivalent" response and names no field; a replay after later operations may
 * reflect the newer state, so its body is not compared).
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { mutatingOperation } from '../_harness/arbitraries/mutating-operation.ts'
import type { MutatingOperation } from '../_harness/arbitraries/mutating-operation.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { createTableBody } from '../_harness/support/commit-steps.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { lanedProperty, laneRuns } from '../_harness/support/lanes.ts'
import { Blocked } from '../_harness/results/errors.ts'
import { PLAIN_REPLAY_RULE, digest, observe, send, unkeyedKinds } from '../_harness/support/replay-ops.ts'
import type { Universe } from '../_harness/support/replay-ops.ts'
import { uuid7 } from '../_harness/support/uuid.ts'
import type { Checker } from '../_harness/checker.ts'

/** Sequences a run drives at once (lanes.ts): as many as the property tries. */
const REPLAY_LANES = 10

/** Statuses a server does not finalize. */
const finalized = (s: number): boolean => s >= 200 && s < 500 && ![401, 403, 408, 419, 425, 429].includes(s)

const errorType = (ex: Exchange): unknown =>
  (ex.json as { error?: { type?: unknown } } | undefined)?.error?.type

function compare(
  check: Checker,
  op: MutatingOperation,
  first: Exchange,
  again: Exchange,
  atOnce: boolean,
): void {
  const what = `replay of ${op.op} (first answer ${first.status})`
  check.conform(again)
  check.equal(
    Math.floor(again.status / 100),
    Math.floor(first.status / 100),
    `${what}: the same status class`,
    {
      ex: again,
    },
  )
  check.equal(again.status, first.status, `${what}: the same status`, { level: 'SHOULD', ex: again })
  if (first.status >= 400)
    check.equal(errorType(again), errorType(first), `${what}: the same error type`, {
      level: 'SHOULD',
      ex: again,
    })
  else if (atOnce && again.status === first.status)
    check.equal(digest(op, again), digest(op, first), `${what}: an equivalent body`, { ex: again })
}

/** Two run namespaces named after `first` and `second`, the first created and holding table t0: where each sequence starts. */
async function startUniverse(
  ctx: Pick<Fixtures, 'catalog' | 'sandbox' | 'check'>,
  first: string,
  second: string,
): Promise<Universe> {
  const u: Universe = {
    namespaces: [ctx.sandbox.names.namespace(first), ctx.sandbox.names.namespace(second)],
    tables: ['t0', 't1'],
  }
  ctx.check.setup(
    await ctx.catalog.op.createNamespace({ body: { namespace: u.namespaces[0] } }),
    'create namespace',
  )
  ctx.check.setup(
    await ctx.catalog.op.createTable({ namespace: u.namespaces[0], body: createTableBody('t0') }),
    'create table t0',
  )
  return u
}

operation('topic:idempotency', () => {
  rule(
    {
      id: 'properties/idempotency/replay-equivalent',
      title: 'a replay with the same Idempotency-Key answers equivalently and has no second effect',
      requires: [
        'createNamespace',
        'dropNamespace',
        'updateProperties',
        'loadNamespaceMetadata',
        'createTable',
        'dropTable',
        'updateTable',
        'renameTable',
        'listTables',
        'loadTable',
      ],
    },
    async ({ run, meta, catalog, sandbox, check, unsupported }) => {
      if (!run.caps.idempotencyKeyLifetime)
        unsupported('idempotency-key-lifetime is not advertised in /v1/config')
      // First each kind's plain replay, with the steps of the rule of suites/idempotency that judges it (a success
      // sent again with its key): a server that runs one again fails that rule, and every sequence holding a kind that
      // rule judges would meet the same defect; the property draws only the kinds of the rules such a server passes,
      // looking for replays it gets wrong otherwise (after later operations, of a 4xx, in a mix). Blocked when no kind
      // is left. A correct server gets the same draws as without this step.
      const probe = await startUniverse({ catalog, sandbox, check }, 'idemP', 'idemQ')
      // dropLater starts the drops at once: after the probe, whatever it answered.
      const unkeyed = await unkeyedKinds(catalog, probe).finally(() => {
        for (const ns of probe.namespaces) sandbox.dropLater(ns)
      })
      const carriers = new Set([...unkeyed].map((k) => PLAIN_REPLAY_RULE[k]))
      const kinds = Object.entries(PLAIN_REPLAY_RULE).filter(([, rule]) => !carriers.has(rule))
      if (kinds.length === 0)
        throw new Blocked(
          `blocked by ${[...carriers].join(', ')}: a plain replay of every kind was run again (judged there); the property looks for replays a server gets wrong otherwise`,
          [...carriers][0]!,
        )
      const drawn = new Set(kinds.map(([kind]) => kind))
      const keyed = carriers.size === 0 ? mutatingOperation : mutatingOperation.filter((o) => drawn.has(o.op))
      const steps = fc.array(fc.record({ op: keyed, later: fc.boolean() }), {
        minLength: 2,
        maxLength: 4,
      })
      await checkProperty(
        { run, meta },
        () =>
          lanedProperty(
            steps,
            async (ops) => {
              const u = await startUniverse({ catalog, sandbox, check }, 'idemA', 'idemB')
              const later: { op: MutatingOperation; headers: Record<string, string>; first: Exchange }[] = []
              const replay = async (
                op: MutatingOperation,
                headers: Record<string, string>,
                first: Exchange,
                atOnce: boolean,
              ) => {
                const before = await observe(catalog, u)
                const again = await send(catalog, u, op, headers)
                compare(check, op, first, again, atOnce)
                check.equal(
                  await observe(catalog, u),
                  before,
                  `replay of ${op.op}: no second effect on the catalog`,
                  {
                    ex: again,
                  },
                )
              }
              try {
                for (const { op, later: deferred } of ops) {
                  const headers = { 'idempotency-key': uuid7() }
                  const first = await send(catalog, u, op, headers)
                  check.conform(first)
                  if (!finalized(first.status)) continue
                  if (deferred) later.push({ op, headers, first })
                  else await replay(op, headers, first, true)
                }
                for (const l of later) await replay(l.op, l.headers, l.first, false)
              } finally {
                for (const ns of u.namespaces) sandbox.dropLater(ns)
              }
            },
            REPLAY_LANES,
          ),
        // Ten sequences, all in one run: each sequence is long (up to 26 round trips), and two runs of five one after
        // the other were a certification's longest chain at a network distance.
        { maxRuns: laneRuns(REPLAY_LANES, REPLAY_LANES) },
      )
    },
  )
})
