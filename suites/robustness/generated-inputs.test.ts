/**
 * Schema-driven negative and boundary inputs on every operation that takes a body (arbitraries/body-mutation.ts,
 * the operations in generated-cases.ts): from a valid request, one field at a time dropped, emptied, set to a boundary
 * value (integers past 2^31 and past the 64-bit range, NUL and control characters) or the wrong type, a
 * discriminator set to an unknown kind, an unknown field added, an identifier given an empty or odd name, an integer
 * written as a whole-number float, or a text that is not JSON sent instead. Seeded and budgeted like every
 * property (the classes share its runs); a failure prints the shrunk mutation and the command that replays it.
 *
 * JSON null in an optional field reads as absent (the Java client sends such nulls; schemas/model/json.ts).
 * What is judged: a text that is not JSON, and a body our JSON Schema says is invalid, are what the document names
 * 400 for ("an unexpected request body format or other forms of request validation failure"; an integer past the
 * 64-bit range is no integer the validator takes), so a 5xx to them fails the rule (MUST);
 * a valid body (a boundary value, an empty or odd name, a whole-number float, an unknown extra field) has no named
 * answer but success, and a 5xx to it is a robustness finding, reported apart; an invalid body is refused with a 4xx
 * (SHOULD: a lenient server that copes is not wrong);
 * an unknown extra field is tolerated where the request without it succeeds (SHOULD: the upstream schemas are open,
 * so such a request is valid). Error answers carry the error model (the check registry, as everywhere).
 * Counted once: where an errors rule sends the operation its own plain body of a class (createNamespace's text cut
 * short, its namespace that is not an array, createTable's create without schema) and that body gets a 5xx as a draw of
 * the class did, the class is that rule's to fail and the property is blocked by it (plain-carriers.ts). And the
 * operations robustness/wrong-types/4xx draws wrong types of get one plain wrong type in every run, which that
 * property's draws are left to when it gets a 5xx too.
 */
import fc from 'fast-check'
import { validateOpen } from '../../schemas/index.ts'
import { withoutNulls } from '../../schemas/model/json.ts'
import { OPERATIONS } from '../../schemas/operations.ts'
import { operation, rule } from '../_harness/dsl.ts'
import { bodyMutation, bodyMutationExamples, wrongTypeAt } from '../_harness/arbitraries/body-mutation.ts'
import { BODY_DISTINCT_FAILURES, checkProperty } from '../_harness/support/property.ts'
import { CASES } from './generated-cases.ts'
import { NOT_SERVED_CARRIER } from '../_harness/checker.ts'
import { blockedAsNotImplemented, notImplemented } from '../_harness/not-served.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { LeftToPlainRules, PLAIN_WRONG_TYPE, blockIfLeft, carrierRules } from './plain-carriers.ts'

const ok = (status: number) => status >= 200 && status < 300
const clientError = (status: number) => status >= 400 && status < 500

/**
 * Operations whose every run changes the one object of the test (its table or view) and answers with that object's
 * whole metadata: once the server has stored an invalid body there, each later answer carries it.
 */
const ANSWERS_THE_OBJECT_IT_CHANGES: ReadonlySet<string> = new Set(['updateTable', 'replaceView'])

for (const c of CASES) {
  operation(c.op, () => {
    rule(
      {
        id: `robustness/generated/${c.op}`,
        title: `${c.op} with generated negative and boundary bodies: never a 5xx, invalid bodies refused, unknown fields tolerated`,
        requires: [...c.requires],
      },
      async (ctx) => {
        const target = await c.target(ctx)
        const schema = OPERATIONS[c.op].request ?? ''
        // How the server answers the valid body: an unknown field added to it should be answered the same way.
        const first = target.body()
        const baseline = await ctx.catalog.op[c.op]({ ...target.args, body: first })
        target.answered?.(first, baseline.status)
        // The valid body answered "not implemented": the operation is not served at all, which
        // config/endpoints/declared-served judges (its probe is a valid request too); every draw would meet it again.
        if (notImplemented(baseline, ctx.run.noRoute) && judgedInRun(ctx.run.selection, NOT_SERVED_CARRIER))
          throw blockedAsNotImplemented(NOT_SERVED_CARRIER, `the valid ${c.op} body`, baseline)
        // A text that is not JSON names no namespace: where the path names none either, the write guard asks for the
        // run prefix in the text, so it follows (still no JSON). The body rides along for the guard only.
        const notJsonTail = target.args.namespace ? undefined : ctx.run.runPrefix
        // Set once the server has stored an invalid body it could have refused (see the last check).
        let storedInvalid = false
        // A class of draws whose 5xx an errors rule judges with its own plain body (plain-carriers.ts).
        const leftToPlain = new LeftToPlainRules(ctx, c.op, target.args)
        const plainWrongType = PLAIN_WRONG_TYPE[c.op]
        await checkProperty(
          ctx,
          () =>
            fc.asyncProperty(bodyMutation(target.body(), target.keep, notJsonTail), async (m) => {
              const body = m.apply(target.body())
              const notJson = m.class === 'not-json'
              const text = m.text?.(body)
              const sent = text === undefined ? { body } : { body, rawBody: text }
              const ex = await ctx.catalog.op[c.op]({ ...target.args, ...sent })
              if (!notJson) target.answered?.(body, ex.status)
              const extra = m.class === 'extra'
              // No body at all is what an operation whose body is optional (planTableScan) takes as its default.
              const absent =
                'rawBody' in sent && sent.rawBody === '' && OPERATIONS[c.op].requestOptional === true
              // An unknown field is judged by the schema too: in a map (reportMetrics' metrics) it is an entry, and
              // an entry of the wrong type makes the body invalid.
              const invalid = notJson ? !absent : !validateOpen(schema, withoutNulls(body)).valid
              if (
                invalid &&
                ex.status >= 500 &&
                (await leftToPlain.carries(notJson ? 'not-json' : 'invalid'))
              )
                return
              if (invalid)
                ctx.check.that(!ok(ex.status), `an invalid body (${m.label}) is refused with a 4xx`, {
                  rule: 'robustness/generated/invalid-refused',
                  level: 'SHOULD',
                  received: ex.status,
                  expected: 'a 4xx',
                  ex,
                })
              if (extra && !invalid && ok(baseline.status))
                ctx.check.that(ok(ex.status), `an unknown extra field (${m.label}) is tolerated`, {
                  rule: 'robustness/generated/unknown-fields-tolerated',
                  level: 'SHOULD',
                  received: ex.status,
                  expected: `${baseline.status}, as without the field`,
                  ex,
                })
              // Any 4xx (or a success) is an answer; the checks judge its shape. A 5xx fails where the body is invalid
              // (400 is named for it) and is a robustness finding where it is valid.
              // The answer to an invalid body the server took, and every later answer that carries the object it changed
              // (a table's whole metadata), hold what that body held (lakana stored an order-id past 2^63 and answered
              // it in each commit after): the acceptance is judged above (SHOULD), so those answers are not judged
              // against their schema once more at MUST. The operation's answers are in its own tests.
              if (invalid && ok(ex.status) && ANSWERS_THE_OBJECT_IT_CHANGES.has(c.op)) storedInvalid = true
              ctx.check.conform(ex, {
                status: clientError(ex.status) || ok(ex.status) ? ex.status : 400,
                ...(invalid ? {} : { serverError: 'robustness' as const }),
                ...((invalid && ok(ex.status)) || storedInvalid ? { schema: null } : {}),
              })
            }),
          {
            distinct: BODY_DISTINCT_FAILURES,
            carriers: carrierRules([c.op]),
            // Every run tries the first mutation of each kind, and for the operations robustness/wrong-types/4xx
            // draws wrong types of, one plain wrong type, the body that property's wrong types are left to.
            examples: [
              ...bodyMutationExamples(target.body(), target.keep, notJsonTail),
              ...(plainWrongType ? [wrongTypeAt(plainWrongType)] : []),
            ].map((m) => [m]),
          },
        )
        // Every other draw passed: the left classes are judged by the errors rules alone.
        blockIfLeft(ctx, [leftToPlain])
      },
    )
  })
}
