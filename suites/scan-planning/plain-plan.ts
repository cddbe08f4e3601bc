/**
 * Whether planTableScan is served at all, asked where a plan got "not implemented": a server that advertises the
 * operation and answers a plain plan (no snapshot, no filter, as config/endpoints/declared-served's probe sends it) 501,
 * or as a route it does not have, breaks that rule, and a plan rule meeting the same answer judges that defect once
 * more. Such a rule is blocked by the rule that carries it instead: the plain plan's own rule, or declared-served for
 * the plain plan itself. Only where the carrier is judged in this run (run-selection.ts): otherwise the rule judges the
 * answer itself, as before.
 */
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { blockedAsNotImplemented, notImplemented } from '../_harness/not-served.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { SETUP_CARRIERS } from '../_harness/setup-carriers.ts'

/** The rule that judges a plain plan (the setup carrier of planTableScan). */
export const PLAIN_PLAN_RULE = SETUP_CARRIERS.planTableScan!

/**
 * Throws Blocked by `carrier` when `answer`, a plan's, says "not implemented" (notImplemented) and a plain plan of
 * `table` does too (`answer` itself when its plan was the plain one: `answerIsPlain`). Returns otherwise: the plain
 * plan is served, or the answer was another, and the caller judges it as its own.
 */
export async function blockIfPlansNotServed(
  ctx: Pick<Fixtures, 'catalog' | 'run'>,
  namespace: readonly string[],
  table: string,
  carrier: string,
  answer: Exchange,
  answerIsPlain = false,
): Promise<void> {
  if (!notImplemented(answer, ctx.run.noRoute) || !judgedInRun(ctx.run.selection, carrier)) return
  const plain = answerIsPlain ? answer : await ctx.catalog.op.planTableScan({ namespace, table, body: {} })
  if (!notImplemented(plain, ctx.run.noRoute)) return
  throw blockedAsNotImplemented(carrier, 'a plain plan of the table', plain)
}
