/**
 * Answers that another rule judges. A test that sends a variant of a case some other rule carries (a purge beside a
 * plain drop, a commit report beside a scan report, the 409 of a drop that must first be refused at all) stops as
 * blocked by that rule when the server gets the carried part wrong, so that one wrong answer fails one rule.
 */
import type { Fixtures } from '../dsl.ts'
import type { Exchange } from '../http/exchange.ts'
import { Blocked } from '../results/errors.ts'
import { createTable } from './catalog-objects.ts'
import { isClientError } from './statuses.ts'

/** A class of a test's cases left to the rule that judges its plain case, and why. */
export interface LeftToRule {
  readonly rule: string
  readonly why: string
}

/**
 * Ends a test whose every other case passed, when it left cases to the rules of their plain cases: blocked by them
 * (judged there once). A SHOULD its other cases broke keeps the test a warning instead: a blocked test is in no
 * verdict and no defect, and that warning is the test's own.
 */
export function blockIfLeftToRules(ctx: Pick<Fixtures, 'meta'>, left: readonly LeftToRule[]): void {
  if (left.length === 0 || ctx.meta.outcome === 'warn') return
  throw new Blocked(
    `blocked by ${[...new Set(left.map((l) => l.rule))].join(' and ')}: ${left.map((l) => l.why).join('; ')}; judged there once, and no other draw failed`,
    left[0]!.rule,
  )
}

/**
 * A documented status is judged by the rule of the plain case (`carrier`: an operation's basic rule in
 * SETUP_CARRIERS, or the rule of the plainest content, as not-empty-table-409 for the 409 of a namespace that is not
 * empty). When a variant (`ex`, described by `what`) gets another answer of the documented one's class (a 200 for a
 * 204, a 400 for a 409), the plain case is sent (`plain`): if it answers that same status, the variant's rule is
 * blocked by the carrier; if the plain case gets the documented status, the variant's own answer differs and stays the
 * variant's rule's to judge. Nothing is sent for the documented status or an answer of another class.
 */
export async function blockIfPlainAnswersAlike(
  ex: Exchange,
  documented: number,
  carrier: string,
  plain: () => Promise<Exchange>,
  what: string,
): Promise<void> {
  const sameClass = Math.floor(ex.status / 100) === Math.floor(documented / 100)
  if (!sameClass || ex.status === documented) return
  const plainEx = await plain()
  if (plainEx.status === ex.status)
    throw new Blocked(
      `blocked by ${carrier}: ${what} answered ${ex.status}, as the plain case did; the documented ${documented} is judged there`,
      carrier,
    )
}

/**
 * The rule that a drop of a namespace that is not empty is refused at all (any 4xx), under every profile. A rule that
 * judges which refusal (409) is blocked by it when the drop was not refused: a success or a server error there is one
 * defect, failed by that rule alone.
 */
export const NOT_EMPTY_REFUSED_RULE = 'namespaces/drop/not-empty-refused'

/** The 409 of a drop of a namespace that holds a table: the plain case of the 409 rules (from 1.9). */
export const NOT_EMPTY_409_RULE = 'namespaces/drop/not-empty-table-409'

/**
 * Blocks a 409 rule whose drop of a namespace that is not empty (`drop`, of a namespace holding `holding`) was not
 * refused with a 4xx (NOT_EMPTY_REFUSED_RULE's defect), or, holding something other than a table, was refused with
 * another 4xx that a namespace holding a table gets too (NOT_EMPTY_409_RULE's).
 */
export async function blockIfNotEmptyDropCarried(
  { catalog, check, sandbox }: Pick<Fixtures, 'catalog' | 'check' | 'sandbox'>,
  drop: Exchange,
  holding: 'a table' | 'only a view' | 'a child namespace',
): Promise<void> {
  if (!isClientError(drop.status))
    throw new Blocked(
      `blocked by ${NOT_EMPTY_REFUSED_RULE}: the drop of a namespace holding ${holding} answered ${drop.status}, not a refusal, as judged there; which refusal is asked only of a server that refuses`,
      NOT_EMPTY_REFUSED_RULE,
    )
  // The table is the plain case itself: its other 4xx is its own rule's to fail.
  if (holding === 'a table') return
  await blockIfPlainAnswersAlike(
    drop,
    409,
    NOT_EMPTY_409_RULE,
    async () => {
      const ns = await sandbox.namespace(catalog, 'plain409')
      await createTable(catalog, check, ns, 't')
      return catalog.op.dropNamespace({ namespace: ns })
    },
    `the drop of a namespace holding ${holding}`,
  )
}
