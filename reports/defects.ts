/**
 * Defects: the violations of a run grouped by the server's own answer, so that a vendor reads "about ten things to
 * fix" where the rule list says sixty-nine. One broken code path (a parser outside the error handler, say) breaks
 * many rules in many tests; what those failures share is the answer the server gave, not the rule they broke.
 *
 * A violation's answer is the recorded exchange it names (its curl line and status, in its test's exchanges). The
 * defect key is:
 * - the kind of wrong: no answer at all, a wrong status (a status check of that exchange failed), or a wrong body
 *   (the status was not judged wrong; here the failed check and its message are part of the key, since two wrong
 *   bodies of one status can have nothing else in common);
 * - the status, the error type (the envelope's `type`, or the exception class a bare message starts with) and the
 *   shape of the server's message (see messageShape: ids, generated names and numbers masked);
 * - the operation family (list, load, create, commit, …): the same answer from another family is another code path,
 *   with two exceptions where the answer itself names one code path whatever the operation (see sharedPath):
 *   - a 5xx naming an error type and a message template (`NullPointerException: Cannot invoke … because "from" is
 *     null`): one unhandled exception thrown at one place; the operations that reach it are where it was seen;
 *   - an error page of the HTTP server in front of the catalog (containerPage: Jetty's JSON `{message, url, status}`
 *     page, an HTML page): the request failed outside the catalog's own error handling (the Java fixture's servlet
 *     parses bodies before its adapter, so every body that fails to parse is Jetty's 500, whatever the exception).
 *     Such a page is keyed by its status, its form, the kind of wrong and the class of status the rule expected (an
 *     invalid request answered with the page and a valid one answered with it are two faults), not by the escaped
 *     exception's message: what the vendor fixes is the one path that lets exceptions out;
 *   - a refusal, with another 4xx and a named error type, of a request the rule names 400 for (an invalid body, an
 *     unknown update action): the server saw that the request was wrong and answers every error of that type with
 *     that status, so the answers are one status mapping whatever the operation and whatever each message says
 *     (FastAPI's 422 RequestValidationError to malformed JSON on five operations is one defect, not seven). Not where
 *     the rule asked for anything else: a valid request refused, or a 404 or 409 that the state calls for, is what
 *     that handler chose to answer, and keeps its family and message.
 * A violation the run recorded no exchange for joins the defect of the same rule in the same test when there is
 * one (the rule's failure in that test has one cause), else it is a defect of its own, keyed by its rule; but a
 * status check's message names the envelope's type (`status 422 (RequestValidationError: …), expected 400`), which
 * is enough to place it in a status mapping (a property keeps only its counterexample's exchanges, so the other
 * failing runs of a robustness property are such violations).
 *
 * When in doubt the key keeps failures apart: a message that names a fixed word (`conformance-unknown-action` and
 * `x-aaa`) splits one code path in two rather than merging two. The result depends on nothing but the tests (no
 * order of the run's threads, no clock): tests and defects are sorted before anything is numbered. A 4xx is never
 * merged across families (each handler decides its own refusals) but for a status mapping as above, nor an answer
 * without an error type or message.
 *
 * On the Java REST fixture 1.11.0 this makes 67 answer groups about 35 defects: the 23 Jetty 500 pages an invalid
 * body gets are one defect, as are Jetty's URI refusals (400 pages) and its 500 pages where the status was allowed
 * but the envelope is missing. The "about ten" the rule list suggests to a reader is not reachable without merging
 * different causes: the rest are distinct exceptions (two NullPointerExceptions on two fields), distinct missing
 * validations (an invalid body accepted, one field each) and distinct statuses of distinct handlers.
 */
import type { Level, Violation } from '../suites/_harness/results/violation.ts'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import { readEntities } from '../schemas/html-entities.ts'
import { expectedStatuses, statusMessageType } from '../suites/_harness/results/status-message.ts'
import { answerText, contentType } from '../suites/_harness/results/answer-text.ts'
import type { AnswerText } from '../suites/_harness/results/answer-text.ts'
import type { DefectRecord, Results, TestResult } from './results.ts'
import { violatedRules } from './violated-rules.ts'
import { perRun } from './per-run.ts'

export { portableCurl, reproductionScript } from './reproduction.ts'

export type DefectKind = 'no-answer' | 'wrong-status' | 'wrong-body' | 'unrecorded'

/** What the server answered, as far as it names the defect. */
export interface Answer {
  readonly status: number
  /** The error's type (`NoSuchTableException`), the content type of a non-JSON body, or '' when it names none. */
  readonly errorType: string
  /** The server's message with ids, names and numbers masked ('' for an HTTP server's error page, see page). */
  readonly shape: string
  /** The HTTP server's error page this answer is (containerPage), when it is one. */
  readonly page?: string
}

/** One violation of the defect, where it was seen. */
export interface Occurrence {
  readonly test: string
  readonly title: string
  readonly rule: string
  readonly level: Level
  readonly operationId: string
  readonly message: string
  /** The transcript holding the failing exchange: the test's own (-1) or its n-th further distinct failure's. */
  readonly transcript: number
  /** Index of the failing exchange in that transcript, -1 when none was recorded. */
  readonly exchange: number
  /** The failing request, when the violation names one. */
  readonly curl?: string
}

export interface Defect {
  /** `D1`, `D2`, …: MUST defects first, then by how many tests each broke. */
  readonly id: string
  readonly key: string
  readonly level: 'MUST' | 'SHOULD'
  readonly kind: DefectKind
  /** The operation family of its occurrences, `several` for an answer that names one code path (sharedPath). */
  readonly family: string
  readonly answer?: Answer
  readonly title: string
  /** The rules it breaks, each once, MUST first. */
  readonly rules: readonly { readonly rule: string; readonly level: Level; readonly message: string }[]
  readonly tests: readonly string[]
  readonly operations: readonly string[]
  readonly occurrences: readonly Occurrence[]
  /** The failing exchange of the occurrence with the shortest way to it. */
  readonly example?: { readonly test: string; readonly exchange: ExchangeRecord }
  /** The curl lines of that test up to and with the failing request, in order. */
  readonly reproduction: readonly string[]
  /** The recorded answer's body of each of those requests (undefined where none was recorded). */
  readonly reproductionAnswers: readonly (string | undefined)[]
  /**
   * Requests before the failing one may be missing: the test recorded as many exchanges as it keeps (the first and
   * the last), or only the failing request is known.
   */
  readonly reproductionMayMiss: boolean
}

/** The harness keeps the first and the last exchanges of a test, this many in all (suites/_harness/dsl.ts). */
const MAX_EXCHANGES = 40
const MAX_SHAPE = 160

const LEVEL_ORDER: Record<Level, number> = { MUST: 0, SHOULD: 1, MAY: 2, CLIENT: 3, ROBUSTNESS: 4 }

/**
 * The shape of a server's message: the template a server writes before the value it echoes. Its first line up to the
 * first `: ` (Java's `Cannot parse to a string value: name: 0`, Jetty's, most servers' `what: which`), HTML entities
 * read, and in it every token that holds a digit (ids, generated names, numbers, positions, uuids) and every token
 * holding the run's id masked as `#`. Unlike the property runner's normaliseMessage, quoted words stay: `"spec" is
 * null` and `"sortOrder" is null` are two missing checks, and the generated names a quotation would hide hold digits.
 */
export function messageShape(message: string, runId?: string): string {
  const line = readEntities(message.split('\n')[0] ?? '')
  const colon = line.indexOf(': ')
  const template = colon > 0 ? `${line.slice(0, colon)}: …` : line
  const masked = runId && runId.length >= 4 ? template.split(runId).join('0') : template
  return (
    masked
      // A qualified class name the message names as the type at hand (`not a org.apache….CreateTableRequest: null`):
      // one throw site names the class of whichever request reached it. A method's class (`….Namespace.levels()`)
      // stays: two methods are two places.
      .replace(/\b(?:[a-z_$][\w$]*\.){2,}[A-Z][\w$]*\b(?![.(\w$])/g, '#')
      // A URL or an absolute path is the server's own place (a temp dir, a warehouse), another on every server.
      .replace(/\b[a-z][\w+.-]*:\/\/[^\s'"]*|(?<![\w.])\/(?:[^\s'"/]+\/)+[^\s'"/]*/gi, '#')
      .replace(/[\w.$~-]*\d[\w.$~-]*/g, '#')
      // A masked value reads the same quoted or not (`non-array: "#"` and `non-array: #`).
      .replace(/"#"|'#'/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_SHAPE)
  )
}

/**
 * The error page of the HTTP server in front of the catalog, when the answer is one: an HTML page (no catalog answers
 * its API in HTML), or Jetty's JSON error page (an object with `message`, `url` and `status`, and `servlet` and
 * `cause0…` when it names them; never the catalog's `error` envelope). Such a page says the request failed outside
 * the catalog's error handling; its message is whatever exception escaped.
 */
export function containerPage(ex: Pick<ExchangeRecord, 'body' | 'headers'>): string | undefined {
  const ct = contentType(ex.headers)
  const body = ex.body.trim()
  if (ct === 'text/html' || /^<(!doctype html|html|h1)\b/i.test(body)) return 'an HTML error page'
  let keys: string[]
  try {
    const json = JSON.parse(body) as unknown
    if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined
    keys = Object.keys(json)
  } catch {
    // A body cut at the recorded length: its keys as far as they were recorded.
    keys = [...body.matchAll(/"([\w-]+)"\s*:/g)].map((m) => m[1] ?? '')
  }
  const allowed = (k: string): boolean =>
    ['message', 'url', 'status', 'servlet'].includes(k) || /^cause\d+$/.test(k)
  return ['message', 'url', 'status'].every((k) => keys.includes(k)) && keys.every(allowed)
    ? 'the HTTP server’s JSON error page {message, url, status}'
    : undefined
}

/**
 * The class of the status a status check expected (`…, expected 400` → 4xx, `expected a 4xx other than 404` → 4xx,
 * `expected 200 or 204` → 2xx), '?' when the message names none. Two classes: `2xx/4xx`.
 */
export function expectedClass(message: string): string {
  return classesOf(expectedStatuses(message)).join('/') || '?'
}

function classesOf(statuses: Iterable<string>): string[] {
  return [...new Set([...statuses].map((s) => `${s[0]}xx`))].sort()
}

/**
 * What the status checks of one exchange asked for, as an error page's key: a success (a valid request the page
 * refused: the server cannot handle it) or an error (an invalid request: the server fails to refuse it cleanly).
 * Any check that expected a 2xx makes it a success: the same request line can be sent again later in a test (a
 * load after the drop), and its checks are then found at the first exchange with that line.
 */
function expectation(statuses: ReadonlySet<string> | undefined): string {
  const all = classesOf(statuses ?? [])
  if (all.some((c) => c.includes('2xx'))) return 'a success expected'
  return all.some((c) => /[45]xx/.test(c)) ? 'an error expected' : 'expected ?'
}

/**
 * Whether an answer names a code path whatever the operation that reached it (the module comment): an HTTP server's
 * error page, or a 5xx with an error type and a message template.
 */
function sharedPath(a: Answer): boolean {
  return a.page !== undefined || (a.status >= 500 && a.errorType !== '' && a.shape !== '')
}

/** The key of a status mapping (refusedWithAnother4xx): its status and error type, whatever the family. */
function mappingSignature(a: Answer): string {
  return [String(a.status), a.errorType, 'an invalid request refused with another 4xx', 'any family'].join(
    ' | ',
  )
}

/**
 * Whether an answer refused a request the document names 400 for, with another 4xx, and names its error type: the
 * server told the request was wrong, and gives every error of that type that status (the module comment). Where any
 * status check of the exchange asked for something else (a success, a 404 or 409 the state calls for) the answer
 * is judged by what it chose to answer, not by how it maps a type, and keeps its family.
 */
function refusedWithAnother4xx(
  status: number,
  text: Pick<AnswerText, 'errorType' | 'typeNamed'>,
  expected: ReadonlySet<string> | undefined,
): boolean {
  return (
    status >= 400 &&
    status < 500 &&
    status !== 400 &&
    text.typeNamed &&
    text.errorType !== '' &&
    expected?.size === 1 &&
    expected.has('400')
  )
}

/** The family of an operation: one kind of request handled by one kind of code path, whatever the object. */
export function operationFamily(operationId: string): string {
  if (['updateTable', 'commitTransaction', 'replaceView'].includes(operationId)) return 'commit'
  if (/^(planTableScan|fetchPlanningResult|fetchScanTasks|cancelPlanning)$/.test(operationId)) return 'scan'
  if (/Exists$/.test(operationId)) return 'exists'
  const verb = /^(list|load|create|register|drop|rename)/.exec(operationId)?.[1]
  if (verb === 'register') return 'create'
  return verb ?? operationId
}

const isStatusCheck = (check: string): boolean => check === 'status' || check.startsWith('status-')

/** Tests whose violations reached the verdict (as violatedRules: a pass or a MAY keeps nothing to act on). */
function judgedViolations(t: TestResult): Violation[] {
  if (t.outcome !== 'fail' && t.outcome !== 'warn') return []
  // A test that failed without recording a MUST violation (a thrown assertion) broke its own rule.
  const own: Violation[] =
    t.outcome === 'fail' && !t.violations.some((v) => v.level === 'MUST')
      ? [{ check: 'test', rule: t.rule, level: 'MUST', message: t.message ?? 'the test failed' }]
      : []
  return [...t.violations, ...own].filter((v) => v.level === 'MUST' || v.level === 'SHOULD')
}

/** Where a violation's exchange was recorded: the test's transcript (-1) or a further failure's (its index). */
interface Located {
  readonly transcript: number
  readonly index: number
}

/** The transcript `n` of a test: its own (-1) or that of its n-th further distinct failure. */
function transcriptOf(t: TestResult, n: number): readonly ExchangeRecord[] {
  return n < 0 ? t.exchanges : (t.moreFailures?.[n]?.exchanges ?? [])
}

/** The exchange a violation names: its curl line, and its status when it has one; the first such. */
function locate(t: TestResult, v: Violation): Located | undefined {
  if (!v.curl) return undefined
  for (let n = -1; n < (t.moreFailures?.length ?? 0); n++) {
    const list = transcriptOf(t, n)
    const i = list.findIndex((e) => e.curl === v.curl && (v.status === undefined || e.status === v.status))
    if (i >= 0) return { transcript: n, index: i }
  }
  return undefined
}

interface Draft {
  key: string
  kind: DefectKind
  family: string
  answer?: Answer
  occurrences: Occurrence[]
}

/** One judged violation, placed: the key of its answer, before the kind of wrong is known. */
interface Placed {
  readonly occurrence: Occurrence
  /** The answer's signature; undefined for a violation no request of which was recorded. */
  readonly signature?: string
  readonly answer?: Answer
  readonly family: string
  /** A status check of this exchange failed. */
  readonly statusWrong: boolean
  readonly noAnswer: boolean
}

/** The judged violations of one test, each with the answer it names (see the module comment). */
function place(t: TestResult, shape: (s: string) => string): Placed[] {
  const vs = judgedViolations(t)
  const at = vs.map((v) => locate(t, v))
  const where = (l: Located | undefined): string => (l ? `${l.transcript}:${l.index}` : '')
  const statusWrong = new Set(vs.flatMap((v, n) => (at[n] && isStatusCheck(v.check) ? [where(at[n])] : [])))
  // What the status checks of each exchange expected: part of an error page's key (the module comment).
  const expected = new Map<string, Set<string>>()
  vs.forEach((v, n) => {
    if (!at[n] || !isStatusCheck(v.check)) return
    const set = expected.get(where(at[n])) ?? new Set<string>()
    for (const s of expectedStatuses(v.message)) set.add(s)
    expected.set(where(at[n]), set)
  })
  const placed: Placed[] = []
  const pending: Occurrence[] = []
  vs.forEach((v, n) => {
    const l = at[n]
    const ex = l ? transcriptOf(t, l.transcript)[l.index] : undefined
    const operationId = v.operationId ?? ex?.operationId ?? t.operationId
    const occurrence: Occurrence = {
      test: t.id,
      title: t.title,
      rule: v.rule,
      level: v.level,
      operationId,
      message: v.message,
      transcript: l?.transcript ?? -1,
      exchange: l?.index ?? -1,
      ...(v.curl ? { curl: v.curl } : {}),
    }
    const family = operationFamily(operationId)
    if (!ex) {
      if (!v.curl || v.status === undefined) {
        pending.push(occurrence)
        return
      }
      // The request and its status are known, its answer's body is not: the rule keeps it apart, but every rule
      // that one answer broke in this test is one failure (its first rule names it).
      const same = vs.filter((w, m) => !at[m] && w.curl === v.curl && w.status === v.status)
      const sameAnswer = same.map((w) => w.rule).sort(compare)[0]
      // A status check's own message names the envelope's type: enough to place a status mapping (below).
      const type = isStatusCheck(v.check) ? statusMessageType(v.message) : undefined
      const asked = new Set(
        same.filter((w) => isStatusCheck(w.check)).flatMap((w) => expectedStatuses(w.message)),
      )
      if (type && refusedWithAnother4xx(v.status, { errorType: type, typeNamed: true }, asked)) {
        const answer: Answer = { status: v.status, errorType: type, shape: '' }
        placed.push({
          occurrence,
          signature: mappingSignature(answer),
          answer,
          family,
          statusWrong: true,
          noAnswer: false,
        })
        return
      }
      placed.push({
        occurrence,
        signature: [v.status, '(answer not recorded)', family, sameAnswer ?? v.rule].join(' | '),
        answer: { status: v.status, errorType: '', shape: '' },
        family,
        statusWrong: isStatusCheck(v.check),
        noAnswer: false,
      })
      return
    }
    const noAnswer = ex.transportError !== undefined || ex.status === 0
    const here = statusWrong.has(where(l))
    const text: AnswerText = noAnswer
      ? { errorType: '', message: ex.transportError ?? '', typeNamed: false }
      : answerText(ex)
    const page = noAnswer || ex.status < 400 ? undefined : containerPage(ex)
    const misMapped = here && !page && refusedWithAnother4xx(ex.status, text, expected.get(where(l)))
    // A status mapping is named by the type alone: the messages of its errors say what each request got wrong.
    const answer: Answer = page
      ? { status: ex.status, errorType: '', shape: '', page }
      : { status: ex.status, errorType: text.errorType, shape: misMapped ? '' : shape(text.message) }
    const parts = page
      ? [String(answer.status), page, here ? expectation(expected.get(where(l))) : 'status not judged']
      : misMapped
        ? [mappingSignature(answer)]
        : [String(answer.status), answer.errorType, answer.shape, sharedPath(answer) ? 'any family' : family]
    // An error answer is named by its type and message; a success body only by what was wrong in it.
    if (!noAnswer && ex.status < 400 && !here) parts.push(v.check, shape(v.message))
    placed.push({ occurrence, signature: parts.join(' | '), answer, family, statusWrong: here, noAnswer })
  })
  // A violation without a request joins its rule's answer in the same test: the rule failed there for one cause.
  for (const o of pending) {
    const same = placed
      .filter((p) => p.occurrence.rule === o.rule)
      .sort((a, b) => compare(a.signature ?? '', b.signature ?? ''))[0]
    placed.push(
      same
        ? { ...same, occurrence: { ...o, operationId: same.occurrence.operationId } }
        : { occurrence: o, family: operationFamily(o.operationId), statusWrong: false, noAnswer: false },
    )
  }
  return placed
}

/**
 * The defects of a run (see the module comment), numbered D1… in order. Every report, results.json and the console
 * derive them from one run's tests: worked out once (per-run.ts).
 */
export const defectsOf: (r: Pick<Results, 'tests'> & Partial<Pick<Results, 'runId'>>) => readonly Defect[] =
  perRun((r) => r.runId, workOutDefects)

function workOutDefects(r: Pick<Results, 'tests'> & Partial<Pick<Results, 'runId'>>): Defect[] {
  const shape = (s: string): string => messageShape(s, r.runId)
  const placed = [...r.tests].sort((a, b) => compare(a.id, b.id)).flatMap((t) => place(t, shape))
  // The kind of wrong belongs to the answer, not to the test that saw it: one answer judged by a status rule in one
  // test and only by the envelope in another is one wrong status, not two defects.
  const statusJudged = new Set(placed.filter((p) => p.statusWrong).map((p) => p.signature))
  const drafts = new Map<string, Draft>()
  for (const p of placed) {
    const kind: DefectKind =
      p.signature === undefined
        ? 'unrecorded'
        : p.noAnswer
          ? 'no-answer'
          : statusJudged.has(p.signature)
            ? 'wrong-status'
            : 'wrong-body'
    const key =
      p.signature === undefined
        ? ['unrecorded', p.occurrence.rule].join(' | ')
        : [kind, p.signature].join(' | ')
    let d = drafts.get(key)
    if (!d) {
      d = { key, kind, family: p.family, ...(p.answer ? { answer: p.answer } : {}), occurrences: [] }
      drafts.set(key, d)
    }
    d.occurrences.push(p.occurrence)
  }
  const byTest = new Map(r.tests.map((t) => [t.id, t]))
  const built = [...drafts.values()].map((d) => build(d, byTest))
  built.sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || b.tests.length - a.tests.length || compare(a.key, b.key),
  )
  return built.map((d, i) => ({ ...d, id: `D${i + 1}` }))
}

function byOccurrence(a: Occurrence, b: Occurrence): number {
  return (
    compare(a.test, b.test) ||
    a.transcript - b.transcript ||
    a.exchange - b.exchange ||
    compare(a.rule, b.rule) ||
    compare(a.message, b.message)
  )
}

/** Code-point order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function build(draft: Draft, byTest: Map<string, TestResult>): Omit<Defect, 'id'> {
  // Occurrences in an order of their own, so that nothing below depends on the order violations were recorded in.
  const d = { ...draft, occurrences: [...draft.occurrences].sort(byOccurrence) }
  const rules = new Map<string, { level: Level; message: string }>()
  for (const o of d.occurrences) {
    const seen = rules.get(o.rule)
    if (!seen) rules.set(o.rule, { level: o.level, message: o.message })
    else if (LEVEL_ORDER[o.level] < LEVEL_ORDER[seen.level]) seen.level = o.level
  }
  const ruleList = [...rules.entries()]
    .map(([rule, x]) => ({ rule, ...x }))
    .sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || compare(a.rule, b.rule))
  const level = ruleList.some((x) => x.level === 'MUST') ? 'MUST' : 'SHOULD'
  // The representative: the recorded failing exchange with the fewest requests before it (then the first test).
  const recorded = d.occurrences
    .filter((o) => o.exchange >= 0)
    .sort((a, b) => a.exchange - b.exchange || compare(a.test, b.test) || a.transcript - b.transcript)
  const rep = recorded[0]
  const test = rep ? byTest.get(rep.test) : undefined
  const transcript = test && rep ? transcriptOf(test, rep.transcript) : []
  const exchanges = rep ? transcript.slice(0, rep.exchange + 1) : []
  // No recorded exchange: the failing request alone, when the violation named one.
  const lone = rep ? undefined : d.occurrences.find((o) => o.curl !== undefined)
  const operations = [...new Set(d.occurrences.map((o) => o.operationId))].sort(compare)
  const tests = [...new Set(d.occurrences.map((o) => o.test))]
  const families = [...new Set(operations.map(operationFamily))]
  return {
    key: d.key,
    level,
    kind: d.kind,
    family: families.length === 1 ? (families[0] ?? d.family) : 'several',
    ...(d.answer ? { answer: d.answer } : {}),
    title: titleOf(d, ruleList, operations),
    rules: ruleList,
    tests,
    operations,
    occurrences: d.occurrences,
    ...(test && rep ? { example: { test: test.id, exchange: transcript[rep.exchange]! } } : {}),
    reproduction: lone?.curl ? [lone.curl] : exchanges.map((e) => e.curl),
    reproductionAnswers: lone?.curl
      ? [undefined]
      : exchanges.map((e) => (e.transportError ? undefined : e.body)),
    // The run keeps a test's first and last exchanges; a lone request's setup was not recorded at all.
    reproductionMayMiss:
      lone !== undefined || (transcript.length >= MAX_EXCHANGES && (rep?.exchange ?? 0) > 0),
  }
}

function listed(ops: readonly string[]): string {
  return ops.length <= 3 ? ops.join(', ') : `${ops.slice(0, 3).join(', ')} and ${ops.length - 3} more`
}

/** What the server did, in one line. */
function titleOf(
  d: Draft,
  rules: readonly { rule: string; message: string }[],
  operations: readonly string[],
): string {
  const ops = listed(operations)
  const first = rules[0]
  const said = (a: Answer): string =>
    a.page ?? ([a.errorType, a.shape ? `“${a.shape}”` : ''].filter(Boolean).join(' ') || 'no error named')
  if (d.kind === 'unrecorded' || !d.answer) return `${ops}: ${firstLine(first?.message ?? '')}`
  if (d.kind === 'no-answer') return `${ops}: no HTTP response (${d.answer.shape || 'connection failed'})`
  if (d.kind === 'wrong-status') {
    const expected = [
      // The harness's `…, expected 400` ends the line; a server's own "Unexpected …" or "expected …" comes before it.
      // From the whole line: a long server message in it would cut the expectation off its end.
      ...new Set(
        rules.map((r) => /^.*, expected (.*)$/.exec(r.message.split('\n')[0] ?? '')?.[1]).filter(Boolean),
      ),
    ]
    const shown = expected.length > 3 ? [...expected.slice(0, 3), '…'] : expected
    return `${ops} answer ${d.answer.status} (${said(d.answer)})${expected.length ? `, expected ${shown.join(' / ')}` : ''}`
  }
  return `${ops}: the ${d.answer.status} answer (${said(d.answer)}): ${firstLine(first?.message ?? '')}`
}

function firstLine(s: string): string {
  const line = s.split('\n')[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** What results.json records of the defects: enough to count and name them; the rest is derived from the tests. */
export function defectRecords(r: Pick<Results, 'tests' | 'runId'>): DefectRecord[] {
  return defectsOf(r).map((d) => ({
    id: d.id,
    level: d.level,
    kind: d.kind,
    title: d.title,
    ...(d.answer ? { status: d.answer.status } : {}),
    rules: d.rules.map((x) => x.rule),
    operations: [...d.operations],
    tests: [...d.tests],
  }))
}

/** "N defect(s) behind M violated rule(s).": the line every report leads with. */
export function defectsLead(r: Pick<Results, 'tests' | 'runId'>): string {
  return `${defectsOf(r).length} defect(s) behind ${violatedRules(r).length} violated rule(s).`
}

/** Console lines: "N defects", each with what the server did, the rules and one curl line. */
export function defectLines(r: Pick<Results, 'tests' | 'runId'>, limit = 10): string[] {
  const defects = defectsOf(r)
  if (defects.length === 0) return []
  const lines = [`${defects.length} defect(s) behind the violated rules:`]
  for (const d of defects.slice(0, limit)) {
    lines.push(
      `  ${d.id} [${d.level}] ${d.title}`,
      `       breaks ${d.rules.map((x) => x.rule).join(', ')} — ${d.tests.length} test(s)`,
    )
    if (d.example) lines.push(`       ${d.example.exchange.curl}`)
  }
  if (defects.length > limit) lines.push(`  … and ${defects.length - limit} more in report.html`)
  return lines
}
