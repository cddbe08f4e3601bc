/**
 * Spec coverage of a run: which operations, requirement kinds, update kinds, documented statuses, query
 * parameters, request headers and request-body fields the tests reached. Computed from the tests' operationIds
 * and rules and from the recorded exchanges (request bodies for kinds and fields, response statuses for
 * statuses, request URLs and header names for parameters), against the profile's spec universe.
 */
import type { OperationId } from '../schemas/operations.ts'
import type { Results, TestResult } from './results.ts'
import { specUniverse } from './spec-universe.ts'
import { perRun } from './per-run.ts'

export interface CoverageRow {
  readonly name: string
  readonly covered: boolean
  /** How many tests reached it (ran to a verdict: pass, fail or warn). */
  readonly tests: number
  readonly detail?: string
}

export interface CoverageSection {
  readonly title: string
  readonly covered: number
  readonly total: number
  readonly rows: readonly CoverageRow[]
}

export interface Coverage {
  readonly operations: CoverageSection
  readonly requirementKinds: CoverageSection
  readonly updateKinds: CoverageSection
  /** Route-specific statuses (success and route errors) per operation. */
  readonly statuses: CoverageSection
  /** The common error statuses (400, 401, 403, 419, 503), seen on any operation. */
  readonly commonStatuses: CoverageSection
  /** Statuses below 500 seen that the operation does not document (nor the common errors): `op status`. */
  readonly undocumentedStatuses: readonly string[]
  /** Query parameters per operation (`op name`), covered when a request to the operation carried it. */
  readonly queryParams: CoverageSection
  /** Request headers per operation (`op Name`), covered when a request to the operation carried it (any case). */
  readonly headers: CoverageSection
  /**
   * Top-level request-body fields per operation (`op field`), covered when a request to the operation carried
   * the field. Only the request object's own fields count: not those nested inside them (an update's fields
   * inside CommitTableRequest `updates`, a table change inside CommitTransactionRequest `table-changes`).
   */
  readonly requestFields: CoverageSection
}

/** The sections in the order every report shows them. */
export function coverageSections(c: Coverage): CoverageSection[] {
  return [
    c.operations,
    c.requirementKinds,
    c.updateKinds,
    c.statuses,
    c.commonStatuses,
    c.queryParams,
    c.headers,
    c.requestFields,
  ]
}

/** Tests that reached a verdict on the server; unsupported, disabled and harness errors reach nothing. */
function ran(t: TestResult): boolean {
  return t.outcome === 'pass' || t.outcome === 'fail' || t.outcome === 'warn'
}

/** Collects `requirements[].type` and `updates[].action` anywhere in a request body (commits and transactions). */
function kindsOf(value: unknown, req: Set<string>, upd: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) kindsOf(v, req, upd)
    return
  }
  if (!value || typeof value !== 'object') return
  for (const [k, v] of Object.entries(value)) {
    if (k === 'requirements' && Array.isArray(v))
      for (const r of v)
        if (typeof (r as { type?: unknown })?.type === 'string') req.add((r as { type: string }).type)
    if (k === 'updates' && Array.isArray(v))
      for (const u of v)
        if (typeof (u as { action?: unknown })?.action === 'string') upd.add((u as { action: string }).action)
    kindsOf(v, req, upd)
  }
}

/** The query parameter names of a recorded request URL (none when it does not parse). */
function queryNames(url: string): string[] {
  try {
    return [...new URL(url).searchParams.keys()]
  } catch {
    return []
  }
}

/**
 * The top-level field names of a recorded request body: the keys of a JSON object, or of a form body (the
 * OAuth token request). A body that is neither (malformed on purpose, or not an object) carries no field.
 */
function bodyFields(body: string | undefined, headers: Record<string, string> | undefined): string[] {
  if (!body) return []
  const type = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? ''
  if (type.includes('x-www-form-urlencoded')) return [...new URLSearchParams(body).keys()]
  const json = parse(body)
  return json && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : []
}

function parse(body: string | undefined): unknown {
  if (!body) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function section(title: string, names: readonly string[], count: (name: string) => number): CoverageSection {
  const rows = names.map((name) => {
    const tests = count(name)
    return { name, covered: tests > 0, tests }
  })
  return { title, covered: rows.filter((r) => r.covered).length, total: rows.length, rows }
}

/** Coverage of the spec by one run (see the module comment for what counts); worked out once per run (per-run.ts). */
export const computeCoverage: (results: Pick<Results, 'profile' | 'tests'>) => Coverage = perRun(
  (r) => r.profile,
  coverageOf,
)

function coverageOf(results: Pick<Results, 'profile' | 'tests'>): Coverage {
  const u = specUniverse(results.profile)
  const opTests = new Map<string, number>()
  const reqTests = new Map<string, number>()
  const updTests = new Map<string, number>()
  const seen = new Map<string, Set<number>>()
  const accepted = new Set<string>()
  const queryTests = new Map<string, number>()
  // Header names are matched case-insensitively: keyed by the lower-case `op name`.
  const headerTests = new Map<string, number>()
  const fieldTests = new Map<string, number>()
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
  for (const t of results.tests) {
    if (!ran(t)) continue
    const ops = new Set<string>([t.operationId])
    const req = new Set<string>()
    const upd = new Set<string>()
    const query = new Set<string>()
    const headers = new Set<string>()
    const fields = new Set<string>()
    for (const a of t.accepted ?? []) accepted.add(a)
    for (const ex of t.exchanges) {
      ops.add(ex.operationId)
      for (const q of queryNames(ex.request.url)) query.add(`${ex.operationId} ${q}`)
      for (const h of Object.keys(ex.request.headers ?? {}))
        headers.add(`${ex.operationId} ${h}`.toLowerCase())
      if (ex.status > 0) {
        const s = seen.get(ex.operationId) ?? new Set<number>()
        s.add(ex.status)
        seen.set(ex.operationId, s)
      }
      kindsOf(parse(ex.request.body), req, upd)
      for (const f of bodyFields(ex.request.body, ex.request.headers)) fields.add(`${ex.operationId} ${f}`)
    }
    // A rule named after a kind covers it even when its exchanges were cut from the record.
    for (const k of u.requirementKinds) if (t.rule.includes(k)) req.add(k)
    for (const k of u.updateKinds) if (t.rule.includes(k)) upd.add(k)
    for (const o of ops) bump(opTests, o)
    for (const k of req) bump(reqTests, k)
    for (const k of upd) bump(updTests, k)
    for (const q of query) bump(queryTests, q)
    for (const h of headers) bump(headerTests, h)
    for (const f of fields) bump(fieldTests, f)
  }
  const statusNames: string[] = []
  const undocumented: string[] = []
  for (const op of u.operations) {
    const documented = u.statuses[op] ?? []
    // 5xx are server faults a client cannot provoke from a conformant server; the error-envelope check judges
    // any 5xx that does come, so they are not counted here.
    for (const s of documented) if (s < 500) statusNames.push(`${op} ${s}`)
    for (const s of [...(seen.get(op) ?? [])].sort((a, b) => a - b))
      // 5XX is documented on every route (ServerErrorResponse).
      if (!documented.includes(s) && !u.commonStatuses.includes(s) && s < 500) undocumented.push(`${op} ${s}`)
  }
  // A status counts when it was seen, or when a rule judges it (accepts it, e.g. 406 as "unsupported").
  const statusSeen = (name: string): number => {
    const [op, s] = name.split(' ')
    return seen.get(op as OperationId)?.has(Number(s)) || accepted.has(name) ? 1 : 0
  }
  return {
    operations: section('Operations', u.operations, (n) => opTests.get(n) ?? 0),
    requirementKinds: section('Requirement kinds', u.requirementKinds, (n) => reqTests.get(n) ?? 0),
    updateKinds: section('Update kinds', u.updateKinds, (n) => updTests.get(n) ?? 0),
    statuses: section('Documented statuses', statusNames, statusSeen),
    commonStatuses: section(
      'Common error statuses',
      u.commonStatuses.filter((s) => s < 500).map(String),
      (n) =>
        [...seen.values()].filter((s) => s.has(Number(n))).length +
        [...accepted].filter((a) => a.endsWith(` ${n}`)).length,
    ),
    undocumentedStatuses: undocumented,
    queryParams: section('Query parameters', u.queryParams, (n) => queryTests.get(n) ?? 0),
    headers: section('Headers', u.headers, (n) => headerTests.get(n.toLowerCase()) ?? 0),
    requestFields: section('Request fields', u.requestFields, (n) => fieldTests.get(n) ?? 0),
  }
}

/** `12/35 (34%)`. */
export function ratio(s: Pick<CoverageSection, 'covered' | 'total'>): string {
  const pct = s.total === 0 ? 100 : Math.round((100 * s.covered) / s.total)
  return `${s.covered}/${s.total} (${pct}%)`
}
