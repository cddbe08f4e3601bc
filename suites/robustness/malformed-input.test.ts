/**
 * Robustness against bad input, one level per behaviour. A body that is not JSON gets 400 with the error envelope:
 * the document names 400 for "invalid json" (MUST, as errors/malformed-json-400 judges it). Wrong types and missing
 * required fields fail validation: the document names 400 for that too, so a 5xx fails (MUST); exactly 400 is judged
 * at SHOULD (robustness/bad-request/status-400: a 422 for a validation failure is a refusal all the same, and RFC 9110
 * gives 422 that meaning), and a server that accepts such a body and copes is lenient, not wrong
 * (robustness/generated/invalid-refused, SHOULD, as for generated bodies). The server keeps answering.
 */
import fc from 'fast-check'
import { validateOpen } from '../../schemas/index.ts'
import { withoutNulls } from '../../schemas/model/json.ts'
import { OPERATIONS } from '../../schemas/operations.ts'
import { anyAnswer } from '../_harness/support/statuses.ts'
import { judgeInvalidBody } from '../_harness/support/invalid-body.ts'
import { laneContext, operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'
import { laneRuns, lanedProperty } from '../_harness/support/lanes.ts'
import { createTinyTable, freshNamespace } from '../_harness/support/scratch.ts'
import { BODY_CASES, CLIENT_ERRORS, malformedJson, wrongValue } from './inputs.ts'
import { Blocked } from '../_harness/results/errors.ts'
import { MALFORMED_JSON_RULE, OPEN_BRACE, truncatedCreateNamespace } from '../_harness/support/not-json.ts'
import type { BodyCase } from './inputs.ts'
import {
  LeftToPlainRules,
  PLAIN_CARRIERS,
  PLAIN_WRONG_TYPE,
  blockIfLeft,
  carrierRules,
  generatedRule,
} from './plain-carriers.ts'
import type { PlainCarrier } from './plain-carriers.ts'
import { wrongTypeAt } from '../_harness/arbitraries/body-mutation.ts'
import { judgedInRun } from '../_harness/run-selection.ts'

const REQUIRES = ['createNamespace', 'updateProperties', 'createTable', 'updateTable', 'renameTable'] as const

/**
 * Sends `rawBody` to the case's operation; the run prefix rides along so the write guard allows it: after a text
 * that is not JSON anyway, or, for a JSON body (`json`), as an extra field, so that the body stays the well-formed
 * JSON whose one wrong field the test judges (a trailing word made every such body malformed JSON).
 */
function send(
  ctx: Fixtures,
  c: BodyCase,
  ns: string[],
  rawBody: string,
  json?: Record<string, unknown>,
): Promise<Exchange> {
  const text =
    c.path !== 'none'
      ? rawBody
      : json
        ? JSON.stringify({ ...json, 'x-conformance-run': ctx.run.runPrefix })
        : `${rawBody} ${ctx.run.runPrefix}`
  return ctx.catalog.op[c.op]({
    ...(c.path !== 'none' ? { namespace: ns } : {}),
    ...(c.path === 'table' ? { table: 't' } : {}),
    rawBody: text,
  })
}

/**
 * The generated rule's plain wrong type of `c`'s operation (PLAIN_WRONG_TYPE), sent as this property sends its draws:
 * the carrier its wrong types are left to when no errors rule carries them.
 */
function plainWrongTypeOf(ctx: Fixtures, c: BodyCase, ns: string[]): PlainCarrier | undefined {
  const path = PLAIN_WRONG_TYPE[c.op]
  if (!path) return undefined
  const m = wrongTypeAt(path)
  const rule = generatedRule(c.op)
  return {
    rule,
    what: `a ${c.op} body with ${m.label.replace(/^set /, '')}`,
    send: () => {
      const body = m.apply(c.valid(ns, ctx.run.runPrefix)) as Record<string, unknown>
      return send(ctx, c, ns, JSON.stringify(body), body)
    },
  }
}

async function keepsAnswering(ctx: Fixtures, what: string): Promise<void> {
  const alive = await ctx.catalog.op.getConfig()
  ctx.check.that(alive.status === 200, `the server keeps answering after ${what}`, { received: alive.status })
}

/**
 * A body that is not JSON: a 4xx with the error envelope, and 400, named for "invalid json" (errors/malformed-json-400's
 * rule and level) unless that rule already carries the server's answer (`exact400` false, see the property).
 */
async function refusedAsNotJson(ctx: Fixtures, ex: Exchange, what: string, exact400: boolean): Promise<void> {
  ctx.check.conform(ex, { status: CLIENT_ERRORS })
  if (exact400) ctx.check.conform(ex, { status: 400, rule: MALFORMED_JSON_RULE, level: 'MUST' })
  await keepsAnswering(ctx, what)
}

/**
 * What the property leaves to the rules that judge the plain bodies (counted once, not once more per text): the exact
 * 400 when errors/malformed-json-400's own body is not answered 400 (a server answering 422 to every text that is not
 * JSON is one defect), and an operation whose answer to `{` is a 5xx (robustness/generated/<op> tries `{` first in
 * every run and fails on it; every other text would meet the same crash). Where errors/malformed-json-400's own body
 * got a 5xx too, createNamespace's crash is that rule's (the generated rule leaves it there: plain-carriers.ts). Only
 * to rules the run judges (run-selection.ts): in a run without them the property judges it all itself.
 */
async function leftToPlainRules(ctx: Fixtures, ns: string[]) {
  const judged = (rule: string) => judgedInRun(ctx.run.selection, rule)
  const plain = await ctx.catalog.op.createNamespace({ rawBody: truncatedCreateNamespace(ctx.run.runPrefix) })
  // The generated rule's own probe is this very body (createNamespace's only): its answer is known here.
  const carrierOf = (c: BodyCase) => {
    const errorsRule = plain.status >= 500 ? PLAIN_CARRIERS[c.op]?.['not-json']?.rule : undefined
    return errorsRule && judged(errorsRule) ? errorsRule : `robustness/generated/${c.op}`
  }
  // A case is left only to a rule this run judges (run-selection.ts): otherwise its crash is this property's own.
  const left = new Map<BodyCase, string>()
  for (const c of BODY_CASES) {
    if ((await send(ctx, c, ns, OPEN_BRACE)).status < 500) continue
    const carrier = carrierOf(c)
    if (judged(carrier)) left.set(c, carrier)
  }
  return {
    exact400: plain.status === 400 || !judged(MALFORMED_JSON_RULE),
    cases: BODY_CASES.filter((c) => !left.has(c)),
    carriers: [...new Set(left.values())],
  }
}

/**
 * Well-formed JSON with a wrong-typed or missing field: where it fails validation, never a 5xx, refused at SHOULD,
 * exactly 400 at SHOULD. A null in an optional field reads as absent (schemas/model/json.ts: Iceberg's Java client
 * sends such nulls), so such a body is valid: whatever the server answers but a 5xx is fine, and a 5xx to it is a
 * robustness finding.
 */
async function refusedAsInvalid(
  ctx: Fixtures,
  c: BodyCase,
  body: unknown,
  ex: Exchange,
  what: string,
): Promise<void> {
  if (validBody(c, body)) {
    ctx.check.conform(ex, { status: anyAnswer(ex.status), serverError: 'robustness' })
    return keepsAnswering(ctx, what)
  }
  judgeInvalidBody(ctx.check, ex, what)
  await keepsAnswering(ctx, what)
}

function validBody(c: BodyCase, body: unknown): boolean {
  return validateOpen(OPERATIONS[c.op].request ?? '', withoutNulls(body)).valid
}

async function scratchTable(ctx: Fixtures): Promise<{ ns: string[]; drop: () => Promise<void> }> {
  const s = await freshNamespace(ctx.sandbox, ctx.catalog, 'robust')
  await createTinyTable(ctx.catalog, s.ns, 't')
  return s
}

operation('topic:robustness', () => {
  rule(
    {
      id: 'robustness/malformed-json/4xx',
      title:
        'malformed JSON bodies get a 4xx with the error envelope, never a 5xx, and the server keeps answering',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ns, drop } = await scratchTable(ctx)
      try {
        // A correct server (400 everywhere) leaves nothing to the plain rules: the same draws as without this step.
        const { exact400, cases, carriers } = await leftToPlainRules(ctx, ns)
        if (cases.length === 0)
          throw new Blocked(
            `blocked by ${carriers.join(', ')}: every operation answered the plain text \`{\` with a 5xx (judged there); the property looks for texts a server treats otherwise`,
            carriers[0]!,
          )
        await checkProperty(
          ctx,
          () =>
            lanedProperty(fc.tuple(fc.constantFrom(...cases), malformedJson), async ([c, text], lane) => {
              const l = laneContext(ctx, lane)
              await refusedAsNotJson(l, await send(l, c, ns, text), `a malformed ${c.op} body`, exact400)
            }),
          { runs: laneRuns(ctx.run.runs), distinct: DISTINCT_FAILURES, carriers: [MALFORMED_JSON_RULE] },
        )
      } finally {
        await drop()
      }
    },
  )

  rule(
    {
      id: 'robustness/wrong-types/4xx',
      title: 'wrong-typed or missing required fields get a 4xx with the error envelope, never a 5xx',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ns, drop } = await scratchTable(ctx)
      try {
        // A 5xx to an invalid body of an operation errors/schema-violation-400 sends a plain invalid body of its own
        // (createNamespace, createTable) is that rule's when its plain body got a 5xx too; else, of an operation whose
        // generated rule sends a plain wrong type in every run, that rule's when the same wrong type sent here got a
        // 5xx too: one defect, one failing rule (plain-carriers.ts). The other draws, and the server's answering after
        // each, are judged here.
        const leftToPlain = new Map(
          BODY_CASES.map((c) => [
            c.op,
            new LeftToPlainRules(ctx, c.op, { namespace: ns }, plainWrongTypeOf(ctx, c, ns)),
          ]),
        )
        const mutation = fc.constantFrom(...BODY_CASES).chain((c) =>
          fc.oneof(
            fc.record({ c: fc.constant(c), field: fc.constantFrom(...c.typed), value: wrongValue }),
            ...(c.required.length > 0
              ? [
                  fc.record({
                    c: fc.constant(c),
                    field: fc.constantFrom(...c.required),
                    value: fc.constant(undefined),
                  }),
                ]
              : []),
          ),
        )
        await checkProperty(
          ctx,
          () =>
            lanedProperty(mutation, async ({ c, field, value }, lane) => {
              const l = laneContext(ctx, lane)
              const body: Record<string, unknown> = { ...c.valid(ns, l.run.runPrefix) }
              if (value === undefined) delete body[field]
              else body[field] = value
              const what = value === undefined ? `missing ${field}` : `${field} = ${JSON.stringify(value)}`
              const ex = await send(l, c, ns, JSON.stringify(body), body)
              if (
                ex.status >= 500 &&
                !validBody(c, body) &&
                (await leftToPlain.get(c.op)!.carries('invalid'))
              )
                return keepsAnswering(l, `${c.op} with ${what}`)
              await refusedAsInvalid(l, c, body, ex, `${c.op} with ${what}`)
            }),
          {
            runs: laneRuns(ctx.run.runs),
            distinct: DISTINCT_FAILURES,
            carriers: [
              ...carrierRules(
                BODY_CASES.map((c) => c.op),
                'invalid',
              ),
              ...BODY_CASES.filter((c) => PLAIN_WRONG_TYPE[c.op]).map((c) => generatedRule(c.op)),
            ],
          },
        )
        blockIfLeft(ctx, [...leftToPlain.values()])
      } finally {
        await drop()
      }
    },
  )
})
