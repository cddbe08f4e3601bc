/**
 * The plain bodies of the errors rules, for the properties that send the same classes of body to the operations they
 * are sent to: one defect, one failing rule. errors/malformed-json-400 sends createNamespace a text that is not JSON,
 * and errors/schema-violation-400 sends createNamespace a namespace that is not an array and createTable a create
 * without schema. A server whose parser crashes on such bodies fails those rules; robustness/generated/<op> meets the
 * same crash in its not-JSON or schema-invalid draws, and robustness/wrong-types/4xx in its wrong-typed or missing
 * fields, and each would fail once more for it. When one of those draws gets a 5xx, the property sends the errors
 * rule's own body once: a 5xx there too leaves that class of the operation's draws to the errors rule (the property
 * is blocked by it when nothing else failed; its other classes and operations are still judged); another answer
 * leaves the draw the property's own failure. A correct server is sent nothing more.
 */
import type { OperationId } from '../../schemas/operations.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { blockIfLeftToRules } from '../_harness/support/carried-answers.ts'
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
 * The classes of one operation's draws left to an errors rule in one test: `carries` is asked on each 5xx to a draw
 * of a class an errors rule sends the operation, and sends that rule's body the first time only.
 */
export class LeftToPlainRules {
  private readonly answers = new Map<CarriedClass, number>()
  private readonly ctx: Fixtures
  private readonly op: OperationId
  private readonly args: Args
  constructor(ctx: Fixtures, op: OperationId, args: Args) {
    this.ctx = ctx
    this.op = op
    this.args = args
  }

  /**
   * Whether a 5xx to a draw of `cls` is the errors rule's to judge: that rule is judged in this run (run-selection.ts)
   * and its own body got a 5xx too.
   */
  async carries(cls: CarriedClass): Promise<boolean> {
    const carrier = PLAIN_CARRIERS[this.op]?.[cls]
    if (!carrier || !judgedInRun(this.ctx.run.selection, carrier.rule)) return false
    let status = this.answers.get(cls)
    if (status === undefined) {
      status = (await carrier.send(this.ctx, this.args)).status
      this.answers.set(cls, status)
    }
    return status >= 500
  }

  /** The classes left, with the rule that carries each (empty when none was). */
  left(): { rule: string; why: string }[] {
    return [...this.answers]
      .filter(([, status]) => status >= 500)
      .map(([cls, status]) => {
        const carrier = PLAIN_CARRIERS[this.op]![cls]!
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
