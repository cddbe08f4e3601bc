/**
 * The Checker is how a conformance test asserts: every exchange runs through the check registry, MUST
 * violations fail the test (ConformanceFailure, with Received / Expected / Rule), SHOULD violations are
 * recorded and turn the outcome into "warn", MAY is only recorded; ROBUSTNESS findings (a 5xx where the document
 * names no other answer) are recorded and reported apart. A setup step the server refuses blocks the test (outcome
 * "blocked", judged by the rule that carries the refusal: setup-carriers.ts), never the server's failure of the
 * rule under test. A setup step whose
 * success answer lacked the body its operation returns, so that the test could not go on, is the server's failure of
 * the rule that answer broke (`explain`).
 */
import { Blocked, ConformanceFailure, ERROR_CODES, errorCode } from './results/errors.ts'
import { notServed } from './not-served.ts'
import { statusWithError } from './results/status-message.ts'
import { wrapsError } from './checks/errors.ts'
import { stringifyJson } from '../../schemas/model/json-int64.ts'
import { normaliseMessage } from './support/failure-signature.ts'
import { laneOf, tagLane } from './support/lane-tags.ts'
import { runChecks } from './checks/index.ts'
import type { Expectation, Level, Violation } from './checks/types.ts'
import { setupFailure, setupSucceeded, setupViolation } from './setup-failure.ts'
import type { Exchange } from './http/exchange.ts'
import type { ConformanceMeta } from './results/meta.ts'

export interface ConformOptions {
  status?: number | readonly number[]
  errorType?: RegExp
  schema?: string | null
  /** Defaults to the test's rule and level. */
  rule?: string
  level?: Level
  /**
   * `robustness`: the request is schema-valid but unusual (a very long name, an opaque page token the server never
   * issued, a v3 type, a purge of files another registration already removed) and the document names no answer for
   * it, only the 5XX every operation lists ("A server-side problem that might not be addressable from the client
   * side"). A 5xx with the error envelope is then a robustness finding, not a status violation. Leave it out where
   * the document names the answer for exactly this condition (400 for a body that is not JSON or fails validation,
   * 404 for a missing object, 409 for a conflict, a success for a well-formed request): a 5xx is then the rule's
   * failure at its level.
   */
  serverError?: 'robustness'
  /** A 4xx may be a router's or a container's, not the operation's: its error body is judged at SHOULD. */
  mayBeRouterAnswer?: boolean
}

/** A second opinion on each response from the user's own OpenAPI document (--openapi). */
export type OpenApiCheck = (operationId: string, status: number, body: unknown) => string[]

/** The checks of a success body's form: its media type and JSON, and its schema (check names of the registry). */
const MALFORMED_BODY_CHECKS: ReadonlySet<string> = new Set(['content-type', 'response-schema'])

export class Checker {
  private readonly meta: ConformanceMeta
  private readonly disabled: ReadonlySet<string>
  private readonly openapi?: OpenApiCheck
  /** meta.accepted as a set, and the list it was made from. */
  private acceptedKeys = new Set<string>()
  private acceptedKeysOf: readonly string[] | undefined
  /**
   * The successful setup answers of this test, looked at again only if the test breaks down (`explain`); shared with
   * its lanes' checkers, whose setup steps are the test's too.
   */
  private readonly setupAnswers: { readonly ex: Exchange; readonly what: string }[]
  /** Robustness findings already recorded in this test, by kind (firstRobustness); shared with its lanes' checkers. */
  private readonly robustnessSeen: Map<string, Violation>
  /** The catalog's answer to a route that cannot exist (not-served.ts), when the run took it. */
  private readonly noRoute: string | undefined
  /** The lane of a laned property run this checker judges for (forLane), whose records it tags (lane-tags.ts). */
  private readonly lane: number | undefined
  constructor(
    meta: ConformanceMeta,
    disabled: ReadonlySet<string>,
    openapi?: OpenApiCheck,
    noRoute?: string,
    of?: {
      readonly lane: number
      readonly robustnessSeen: Map<string, Violation>
      readonly setupAnswers: { readonly ex: Exchange; readonly what: string }[]
    },
  ) {
    this.meta = meta
    this.disabled = disabled
    this.openapi = openapi
    this.noRoute = noRoute
    this.lane = of?.lane
    this.robustnessSeen = of?.robustnessSeen ?? new Map()
    this.setupAnswers = of?.setupAnswers ?? []
  }

  /**
   * The checks of one lane of a laned property run (support/lanes.ts): the same test, meta, robustness findings and
   * setup answers, each violation tagged with `lane`, so that the run can be judged lane by lane.
   */
  forLane(lane: number): Checker {
    return new Checker(this.meta, this.disabled, this.openapi, this.noRoute, {
      lane,
      robustnessSeen: this.robustnessSeen,
      setupAnswers: this.setupAnswers,
    })
  }

  /**
   * An operation the server does not serve (its answer is the no-route one, a 405 or a 501 the test did not expect)
   * blocks the test: whether the server had to serve it is judged once, by config/endpoints/declared-served (an
   * advertised endpoint, or one of the default set when the server advertises none). A 404 the test expects is let
   * through when it carries the error envelope: a server may answer a missing object and a missing route alike.
   */
  private blockIfNotServed(ex: Exchange, opts: ConformOptions): void {
    if (this.noRoute === undefined || opts.mayBeRouterAnswer || ex.transportError) return
    if (!notServed(ex, { noRoute: this.noRoute })) return
    // A 501 with the error envelope is a handler's answer about this request (rustberg's "incremental planning not
    // implemented"), not a missing route: it is judged as the answer it is.
    if (ex.status === 501 && wrapsError(ex.json)) return
    const expected = opts.status === undefined ? [] : ([] as number[]).concat(opts.status)
    if (expected.includes(ex.status) && (ex.status !== 404 || wrapsError(ex.json))) return
    throw new Blocked(
      `blocked by ${NOT_SERVED_CARRIER}: ${ex.operationId} (${ex.request.method} ${ex.request.url}) was answered ${ex.status} as a route the server does not serve; whether it must serve it is judged by ${NOT_SERVED_CARRIER}, not here`,
      NOT_SERVED_CARRIER,
    )
  }

  /** Runs every check on `ex`; returns the parsed body for further assertions. */
  conform<T = Record<string, unknown>>(ex: Exchange, opts: ConformOptions = {}): T {
    const expectation: Expectation = {
      rule: opts.rule ?? this.meta.rule,
      level: opts.level ?? this.meta.level,
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(opts.errorType ? { errorType: opts.errorType } : {}),
      ...(opts.schema !== undefined ? { schema: opts.schema } : {}),
      ...(opts.serverError ? { serverError: opts.serverError } : {}),
      ...(opts.mayBeRouterAnswer ? { mayBeRouterAnswer: true } : {}),
    }
    this.blockIfNotServed(ex, opts)
    if (opts.status !== undefined) this.accepts(ex, opts.status)
    if (this.openapi && ex.status > 0 && ex.request.method !== 'HEAD') {
      const findings = this.openapi(ex.operationId, ex.status, ex.json)
      if (findings.length > 0) (this.meta.openapiFindings ??= []).push(...findings.slice(0, 5))
    }
    this.report(runChecks(ex, expectation, this.disabled), ex)
    return ex.json as T
  }

  /**
   * Records that this test judges these statuses of the exchange's operation (spec status coverage). A robustness
   * property accepts every 4xx of every request, so what was recorded is looked up in a set, not in the list.
   */
  accepts(ex: Exchange, status: number | readonly number[]): void {
    const accepted = (this.meta.accepted ??= [])
    // Made again when the list is another, or another checker of the test (a lane's, forLane) added to it.
    if (this.acceptedKeysOf !== accepted || this.acceptedKeys.size !== accepted.length) {
      this.acceptedKeysOf = accepted
      this.acceptedKeys = new Set(accepted)
    }
    for (const st of typeof status === 'number' ? [status] : status) {
      const key = `${ex.operationId} ${st}`
      if (this.acceptedKeys.has(key)) continue
      this.acceptedKeys.add(key)
      accepted.push(key)
    }
  }

  /** A semantic assertion of a rule (e.g. "untouched properties are unchanged"). */
  that(
    condition: boolean,
    message: string,
    opts: { rule?: string; level?: Level; received?: unknown; expected?: unknown; ex?: Exchange } = {},
  ): void {
    if (condition) return
    const violation: Violation = {
      check: 'semantics',
      rule: opts.rule ?? this.meta.rule,
      level: opts.level ?? this.meta.level,
      message,
      ...(opts.received !== undefined ? { received: show(opts.received) } : {}),
      ...(opts.expected !== undefined ? { expected: show(opts.expected) } : {}),
    }
    this.report([violation], opts.ex)
  }

  /**
   * A robustness finding: a server error where the document names no answer (see ConformOptions.serverError), for a
   * test that judges the status itself. Recorded under the test's rule, reported apart, never the outcome.
   */
  robustness(ex: Exchange, message: string, opts: { rule?: string } = {}): void {
    const finding: Violation = {
      check: 'server-error',
      rule: opts.rule ?? this.meta.rule,
      level: 'ROBUSTNESS',
      message: `${message}: ${statusWithError(ex.status, ex.json)}`,
      received: String(ex.status),
      operationId: ex.operationId,
      status: ex.status,
      curl: ex.curl,
    }
    if (this.firstRobustness(finding)) this.push([finding])
  }

  /**
   * Whether a robustness finding is the first of its kind in this test: a property that sends many unusual inputs
   * meets one server error again and again (20 page tokens, one NumberFormatException), and one finding per rule,
   * operation, status and message shape (failure-signature.ts) says it; the ids and values in the message are blanked.
   */
  private firstRobustness(v: Violation): boolean {
    const key = [v.rule, v.operationId ?? '', v.status ?? '', normaliseMessage(v.message)].join('|')
    const seen = this.robustnessSeen.get(key)
    if (seen && !this.earlierLane(seen)) return false
    this.robustnessSeen.set(key, v)
    return true
  }

  /**
   * Whether this checker's lane comes before the lane that recorded `seen` in this run of a laned property (lane-tags.ts).
   * The lanes' answers come in any order: the lowest lane's finding of a kind replaces a later lane's, so that the one
   * the report shows is the same in every run.
   */
  private earlierLane(seen: Violation): boolean {
    const lane = this.lane
    const seenLane = laneOf(seen)
    const at = this.meta.violations.indexOf(seen)
    if (lane === undefined || seenLane === undefined || lane >= seenLane || at < 0) return false
    this.meta.violations.splice(at, 1)
    return true
  }

  /** Records violations on the test's meta, each tagged with the lane that found it (lane-tags.ts). */
  private push(violations: readonly Violation[]): void {
    this.meta.violations.push(...violations.map((v) => tagLane(v, this.lane)))
  }

  /** Deep equality as a rule assertion. */
  equal(
    received: unknown,
    expected: unknown,
    message: string,
    opts: { rule?: string; level?: Level; ex?: Exchange } = {},
  ): void {
    this.that(stable(received) === stable(expected), message, { ...opts, received, expected })
  }

  /**
   * Runs every step even after one failed, then fails with all their MUST failures at once: for a rule that judges a
   * few plain requests of one kind, so that its report shows each the server broke it with (the properties that leave
   * those requests' classes to the rule report none of them: suites/robustness/plain-carriers.ts). A step blocked
   * after one failed leaves the failure standing (the rule is judged); anything else thrown ends the test as it is.
   */
  async every(steps: readonly (() => unknown)[]): Promise<void> {
    const failures: Error[] = []
    for (const step of steps) {
      try {
        await step()
      } catch (thrown) {
        const code = errorCode(thrown)
        if (code === ERROR_CODES.conformanceFailure) failures.push(thrown as Error)
        else if (code === ERROR_CODES.blocked && failures.length > 0) break
        else throw thrown
      }
    }
    if (failures.length > 1) throw new ConformanceFailure(failures.map((f) => f.message).join('\n\n'))
    if (failures.length === 1) throw failures[0]
  }

  /**
   * A setup step: must answer one of `status` (default: any 2xx) or the test cannot be evaluated.
   * Returns the parsed body.
   */
  setup<T = Record<string, unknown>>(ex: Exchange, what: string, status?: number | readonly number[]): T {
    // A setup step judges nothing: where it expects a success, any success will do.
    const ok = setupSucceeded(ex, status)
    if (!ok) {
      this.blockIfNotServed(ex, {})
      // No answer at all is recorded as a violation too, so reports group it with the other requests that got none.
      const violation = setupViolation(ex, what)
      if (violation) this.push([violation])
      throw setupFailure(ex, what)
    }
    if (ex.status >= 200 && ex.status < 300) this.setupAnswers.push({ ex, what })
    return ex.json as T
  }

  /**
   * What a test that broke down really met. A setup step takes any success as one, body unread; when the body then
   * lacks what the test reads from it (HTML from a proxy, a LoadTableResult without `metadata`), the test throws a
   * plain error. That is the server's failure, not the harness's: the answer broke a MUST (a JSON body, the response
   * schema), so it becomes a ConformanceFailure of those rules. Anything else thrown is returned as it is.
   */
  explain(thrown: unknown): unknown {
    if (errorCode(thrown) !== undefined) return thrown
    for (const { ex, what } of this.setupAnswers) {
      const malformed = runChecks(ex, { rule: this.meta.rule, level: 'MUST' }, this.disabled).filter(
        (v) => v.level === 'MUST' && MALFORMED_BODY_CHECKS.has(v.check),
      )
      if (malformed.length === 0) continue
      const violations = malformed.map((v) => ({
        ...v,
        message: `setup step "${what}" (${ex.operationId}): ${v.message}`,
        operationId: ex.operationId,
        status: ex.status,
        curl: ex.curl,
      }))
      this.push(violations)
      const why = thrown instanceof Error ? thrown.message : String(thrown)
      return new ConformanceFailure(`${formatFailure(violations, ex)}\nThe test could not go on: ${why}`)
    }
    return thrown
  }

  private report(found: Violation[], ex: Exchange | undefined): void {
    if (found.length === 0) return
    // Each violation names the exchange that broke it, so reports can group by rule and show one reproduction.
    const violations = ex
      ? found.map((v) => ({ ...v, operationId: ex.operationId, status: ex.status, curl: ex.curl }))
      : found
    this.push(violations.filter((v) => v.level !== 'ROBUSTNESS' || this.firstRobustness(v)))
    const must = violations.filter((v) => v.level === 'MUST')
    if (violations.some((v) => v.level === 'SHOULD') && this.meta.outcome === undefined)
      this.meta.outcome = 'warn'
    if (must.length > 0) throw new ConformanceFailure(formatFailure(must, ex))
  }
}

/** The rule that judges whether the server serves an operation it advertises, or one of the default set. */
export const NOT_SERVED_CARRIER = 'config/endpoints/declared-served'

export function formatFailure(violations: readonly Violation[], ex: Exchange | undefined): string {
  const lines: string[] = []
  for (const v of violations) {
    lines.push(`${v.message}`)
    if (v.received !== undefined) lines.push(`  Received: ${v.received}`)
    if (v.expected !== undefined) lines.push(`  Expected: ${v.expected}`)
    lines.push(
      `  Rule: ${v.rule} [${v.level}] (check: ${v.check}${v.instancePath ? `, at ${v.instancePath}` : ''})`,
    )
  }
  if (ex) lines.push(`  Request: ${ex.request.method} ${ex.request.url}`, `  Reproduce: ${ex.curl}`)
  return lines.join('\n')
}

function show(v: unknown): string {
  const s = typeof v === 'string' ? v : stringifyJson(v)
  return s === undefined ? String(v) : s.length > 2000 ? `${s.slice(0, 2000)}…` : s
}

/**
 * JSON with sorted keys, for order-insensitive object comparison. A 63-bit id (a bigint, as schemas/model/json-int64.ts
 * reads it) is compared exactly: written as a tagged text no JSON value can be.
 */
export function stable(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    typeof val === 'bigint'
      ? `\u0000int64:${val.toString()}`
      : val && typeof val === 'object' && !Array.isArray(val)
        ? Object.fromEntries(
            Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : val,
  )
}
