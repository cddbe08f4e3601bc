/**
 * The plain bodies of the errors rules, for the properties that send the same classes of body to the operations they
 * are sent to: one defect, one failing rule. errors/malformed-json-400 sends createNamespace a text that is not JSON,
 * and errors/schema-violation-400 sends createNamespace a namespace that is not an array and createTable a create
 * without schema. A server whose parser crashes on such bodies fails those rules; robustness/generated/<op> meets the
 * same crash in its not-JSON or schema-invalid draws, and robustness/wrong-types/4xx in its wrong-typed or missing
 * fields, and each would fail once more for it. When one of those draws gets a 5xx, the property sends the errors
 * rule's own body once: a 5xx there too leaves that class of the operation's draws to the errors rule (the property
 * is blocked by it when nothing else failed; its other classes and operations are still judged); another answer
 * leaves the draw the property's own failure. A correct server is sent nothing more. For the operations whose
 * schema-invalid bodies no errors rule sends, robustness/generated/<op> is the carrier of robustness/wrong-types/4xx's
 * draws: it sends one plain wrong type every run (PLAIN_WRONG_TYPE), which that property sends once on a 5xx.
 */
import type { OperationId } from '../../schemas/operations.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { blockIfLeftToRules } from '../_harness/support/carried-answers.ts'
import type { LeftToRule } from '../_harness/support/carried-answers.ts'
import type { JsonPath } from '../_harness/arbitraries/body-mutation.ts'
import {
  SCHEMA_VIOLATION_RULE,
  createWithoutSchema,
  namespaceNotArray,
} from '../_harness/support/invalid-body.ts'
import { MALFORMED_JSON_RULE, truncatedCreateNamespace } from '../_harness/support/not-json.ts'
import type { Target } from './generated-cases.ts'

/** Where the operation's plain body goes: the namespace a createTable writes into. */
type Args = Target['args']

/** The draws an errors rule may carry: a text that is not JSON, a JSON body that fails the request schema. */
export type CarriedClass = 'not-json' | 'invalid'

export interface PlainCarrier {
  readonly rule: string
  /** What the plain body is, for the blocked reason. */
  readonly what: string
  readonly send: (ctx: Fixtures, args: Args) => Promise<Exchange>
}

export const PLAIN_CARRIERS: Readonly<
  Partial<Record<OperationId, Readonly<Partial<Record<CarriedClass, PlainCarrier>>>>>
> = {
  createNamespace: {
    'not-json': {
      rule: MALFORMED_JSON_RULE,
      what: 'a createNamespace body cut short',
      send: (ctx) => ctx.catalog.op.createNamespace({ rawBody: truncatedCreateNamespace(ctx.run.runPrefix) }),
    },
    invalid: {
      rule: SCHEMA_VIOLATION_RULE,
      what: 'a createNamespace whose namespace is not an array',
      send: (ctx) => ctx.catalog.op.createNamespace({ rawBody: namespaceNotArray(ctx.run.runPrefix) }),
    },
  },
  createTable: {
    invalid: {
      rule: SCHEMA_VIOLATION_RULE,
      what: 'a createTable without schema',
      send: (ctx, args) =>
        ctx.catalog.op.createTable({
          namespace: args.namespace ?? [],
          body: createWithoutSchema(ctx.sandbox.names.table('noschema')),
        }),
    },
  },
}

/** The rules that carry `ops`' draws (of class `cls`, or of any): a property's `carriers`, for its replay line. */
export function carrierRules(ops: readonly OperationId[], cls?: CarriedClass): string[] {
  const rules = ops.flatMap((op) =>
    Object.entries(PLAIN_CARRIERS[op] ?? {})
      .filter(([c]) => cls === undefined || c === cls)
      .map(([, carrier]) => carrier.rule),
  )
  return [...new Set(rules)]
}

/**
 * The field robustness/generated/<op> sets to the number 0 in a fixed example of its draws (wrongTypeAt), for the
 * operations robustness/wrong-types/4xx draws wrong types of: a 5xx to such a draw that no errors rule carries is the
 * generated rule's when that plain wrong type got a 5xx too (the generated rule judges the operation's schema-invalid
 * bodies; the wrong-types property would fail a second time for the same crash).
 */
export const PLAIN_WRONG_TYPE: Readonly<Partial<Record<OperationId, JsonPath>>> = {
  createTable: ['schema'],
  updateProperties: ['updates'],
  updateTable: ['updates'],
  renameTable: ['source', 'name'],
}

/** The rule of the generated bodies of `op`. */
export const generatedRule = (op: OperationId): string => `robustness/generated/${op}`

/**
 * The classes of one operation's draws left to the rules of their plain bodies in one test: `carries` is asked on each
 * 5xx to a draw of a class a rule sends the operation a plain body of, and sends that body the first time only. The
 * carriers of a class, in order: the errors rule's (PLAIN_CARRIERS), then `after` for schema-invalid draws (the
 * generated rule's plain wrong type, for a property other than that rule).
 */
export class LeftToPlainRules {
  /** The status each carrier's own body got, by rule (once: a laned property's lanes may ask at once). */
  private readonly answers = new Map<string, Promise<number>>()
  /** The carrier that took each class, with its body's status. */
  private readonly taken = new Map<CarriedClass, { carrier: PlainCarrier; status: number }>()
  private readonly ctx: Fixtures
  private readonly op: OperationId
  private readonly args: Args
  private readonly after: PlainCarrier | undefined
  constructor(ctx: Fixtures, op: OperationId, args: Args, after?: PlainCarrier) {
    this.ctx = ctx
    this.op = op
    this.args = args
    this.after = after
  }

  /**
   * Whether a 5xx to a draw of `cls` is a carrier's to judge: the carrier's rule is judged in this run
   * (run-selection.ts) and its own body got a 5xx too.
   */
  async carries(cls: CarriedClass): Promise<boolean> {
    if (this.taken.has(cls)) return true
    const candidates = [PLAIN_CARRIERS[this.op]?.[cls], cls === 'invalid' ? this.after : undefined]
    for (const carrier of candidates) {
      if (!carrier || !judgedInRun(this.ctx.run.selection, carrier.rule)) continue
      let answer = this.answers.get(carrier.rule)
      if (answer === undefined) {
        answer = carrier.send(this.ctx, this.args).then((ex) => ex.status)
        this.answers.set(carrier.rule, answer)
      }
      const status = await answer
      if (status >= 500) {
        this.taken.set(cls, { carrier, status })
        return true
      }
    }
    return false
  }

  /** The classes left, with the rule that carries each (empty when none was). */
  left(): LeftToRule[] {
    return [...this.taken].map(([cls, { carrier, status }]) => {
      const draws = cls === 'not-json' ? 'texts that are not JSON' : 'bodies that fail the request schema'
      return {
        rule: carrier.rule,
        why: `${this.op}'s ${draws} got a 5xx, as ${carrier.what} (${carrier.rule}'s own body) did: ${status}`,
      }
    })
  }
}

/** Ends a property whose every other draw passed, when it left classes to the errors rules (blockIfLeftToRules). */
export function blockIfLeft(ctx: Fixtures, lefts: readonly LeftToPlainRules[]): void {
  blockIfLeftToRules(
    ctx,
    lefts.flatMap((l) => l.left()),
  )
}
