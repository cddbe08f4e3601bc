/**
 * Clean refusals of an optional feature. No sentence obliges a catalog to take every update kind, every table format
 * version or every v3 type: "Implementations should ideally support all Iceberg table spec versions." (a should), 403
 * ("Forbidden. Authenticated user does not have the necessary permissions.") is a documented answer of every
 * operation, and 406 ("Not Acceptable / Unsupported Operation. The server does not support this operation.") is the
 * document's word for what a server does not offer. A rule about what such a feature does is therefore not judged
 * where the server refuses the feature cleanly: the test ends as "unsupported", with the server's answer as the
 * reason. Clean means a 4xx of the accepted statuses with the error envelope (IcebergErrorResponse, code = status):
 * a 5xx, or a 4xx without the envelope, is no refusal the document describes and stays judged as any other answer.
 */
import type { Checker } from '../checker.ts'
import type { Exchange } from '../http/exchange.ts'
import { wrapsError } from '../checks/errors.ts'

/** Statuses that refuse an update kind: 403 (documented for updateTable) and 406 (the unsupported-operation answer). */
export const UPDATE_REFUSALS: readonly number[] = [403, 406]

/** Any 4xx refuses a v3 type or format version (400 is what a server that does not know the type can say). */
const ANY_4XX: readonly number[] = Array.from({ length: 100 }, (_, i) => 400 + i)

/**
 * The server's answer in one line (`403 ForbiddenException: "…"`) when `ex` is a clean refusal with one of
 * `statuses` (default: any 4xx), else undefined.
 */
export function cleanRefusal(ex: Exchange, statuses: readonly number[] = ANY_4XX): string | undefined {
  if (!statuses.includes(ex.status)) return undefined
  if (!wrapsError(ex.json)) return undefined
  const { message, type, code } = ex.json.error
  if (typeof message !== 'string' || typeof type !== 'string' || type.trim() === '' || code !== ex.status)
    return undefined
  const short = message.length > 200 ? `${message.slice(0, 200)}…` : message
  return `${ex.status} ${type}: ${JSON.stringify(short)}`
}

/**
 * A server that cannot make what an optional feature needs (a format-version 3 table, a v3 type) and answers a server
 * error with the error envelope: the feature is not offered ("should ideally support all Iceberg table spec
 * versions"), and no other answer is named for it, so the 5xx is a robustness finding (recorded on `check`), not a
 * failure. Returns the answer in one line, or undefined for anything else (a 5xx without the envelope stays judged).
 */
export function cannotOffer(check: Checker, ex: Exchange, what: string): string | undefined {
  if (ex.status < 500) return undefined
  const answer = cleanRefusal(ex, [ex.status])
  if (answer === undefined) return undefined
  check.robustness(ex, `${what} is answered with a server error`)
  return answer
}

/**
 * Ends the test as "unsupported" when `ex` cleanly refuses `what` (see cleanRefusal); the refusal still runs through
 * the check registry (its content type, its envelope), and `unchanged`, when given, checks that the refusal applied
 * nothing (a refusal that changed the object anyway is the rule's failure). Returns when `ex` is anything else, to
 * be judged as usual.
 */
export async function endIfRefused(
  ctx: { readonly check: Checker; readonly unsupported: (reason: string) => never },
  ex: Exchange,
  what: string,
  statuses?: readonly number[],
  unchanged?: () => Promise<void>,
): Promise<void> {
  const refused = cleanRefusal(ex, statuses)
  if (refused === undefined) return
  ctx.check.conform(ex, { status: ex.status })
  if (unchanged) await unchanged()
  ctx.unsupported(`the server refuses ${what} (${ex.operationId} answered ${refused})`)
}
