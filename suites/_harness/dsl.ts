/**
 * How a conformance test is written:
 *
 *   operation('createNamespace', () => {
 *     rule({ id: 'namespaces/create/exists-409', title: '409 when the namespace exists',
 *            requires: ['createNamespace'] }, async ({ catalog, sandbox, check }) => { … })
 *   })
 *
 * `operation` groups tests by operationId; `rule` names the spec rule, declares the operations it needs
 * (skipped as "unsupported" with the reason when the target does not advertise them), and puts
 * {area, operationId, rule, level} into task.meta for the reporters. The rule's level, the release that
 * introduced it and its public source come from the rules catalog (schemas/rules/rules.yaml): a rule id the
 * catalog does not list fails at collection, so a test and its catalog entry cannot drift apart.
 */
import { describe, expect, inject, test as base } from 'vitest'
import type { TaskMeta, TestContext } from 'vitest'
import type { OperationId } from '../../schemas/operations.ts'
import {
  closestRule,
  levelFor,
  levelLabel,
  outOfProfileReason,
  ruleEntry,
} from '../../schemas/rules/catalog.ts'
import type { RuleEntry } from '../../schemas/rules/catalog.ts'
import { DEFAULT_PROFILE } from '../../schemas/profiles.ts'
import { missingOperations } from './capabilities.ts'
import { Checker } from './checker.ts'
import type { OpenApiCheck } from './checker.ts'
import type { CatalogClient } from './client.ts'
import { recordOf } from './http/exchange.ts'
import type { Exchange } from './http/exchange.ts'
import { Redactor } from './http/redact.ts'
import { Silence, Transport, keepAlivePool } from './http/transport.ts'
import { stallAfterMs, whileProgressing } from './support/progress-watch.ts'
import type { Agent } from 'undici'
import { InFlightGate } from './http/in-flight-gate.ts'
import { RequestLog } from './http/request-log.ts'
import { tagLane } from './support/lane-tags.ts'
import type { ConformanceMeta } from './results/meta.ts'
import { uiNote } from './results/ui-notes.ts'
import type { UiNote } from './results/ui-notes.ts'
import type { RunContext } from './run-context.ts'
import { Sandbox } from './sandbox/sandbox.ts'

export interface RuleSpec {
  /** Stable id, `<area>/<operation or topic>/<rule>`: its entry in schemas/rules/rules.yaml gives level and release. */
  readonly id: string
  readonly title: string
  /** Operations the test calls; any not advertised makes the test "unsupported". */
  readonly requires?: readonly OperationId[]
  readonly timeout?: number
}

export interface Fixtures {
  run: RunContext
  /** The file's requests, logged by its transport for results.json (http/request-log.ts). */
  requests: FileRequestLog
  transport: Transport
  /** The file's sandbox: its names, what it created, its cleanup. */
  fileSandbox: Sandbox
  /** The test's view of the file's sandbox: its clients log their requests under the test (http/request-log.ts). */
  sandbox: Sandbox
  /** Client of this test: every exchange is recorded on the test for the reports. */
  catalog: CatalogClient
  check: Checker
  meta: ConformanceMeta
  /** Ends the test as "unsupported" (e.g. a 406 where the spec allows it). */
  unsupported: (reason: string) => never
  /**
   * Ends the test as "not-configured": the rule needs what the run was not given. The reason names the flags
   * (e.g. `--read-only-token`); the end of the run lists them.
   */
  notConfigured: (reason: string) => never
  /** Ends the test as "disabled": the rule is not judged under the run's profile; the reason says why. */
  outOfProfile: (reason: string) => never
  /** Records an advisory: a finding outside the Iceberg spec, reported apart, never the outcome. */
  advise: (finding: string) => void
  /** The checks and client of one lane of a laned property run (see laneContext). */
  lane: (lane: number) => Pick<Fixtures, 'check' | 'catalog'>
}

/**
 * `ctx` as one lane of a laned property run sees it (support/lanes.ts): its checks and its client tag what they record
 * with the lane (support/lane-tags.ts), so that the run is judged lane by lane; the rest is the test's.
 */
export function laneContext<C extends Pick<Fixtures, 'lane'>>(ctx: C, lane: number): C {
  return { ...ctx, ...ctx.lane(lane) }
}

const MAX_EXCHANGES = 40

/**
 * What the transports of a run share in this thread: one per run, so that a later run in the thread (a re-run in the
 * UI, the negative controls' service) starts afresh. The Silence; the keep-alive pool to the catalog, so that the
 * thread's files reuse its connections instead of opening their own (a connection costs a round trip, more with
 * TLS); and the gate of `--max-in-flight` (its share of the cap for this worker), which also sizes the pool.
 */
interface RunShared {
  readonly runId: string
  readonly silence: Silence
  readonly pool: Agent
  readonly gate?: InFlightGate
}
let runShared: RunShared | undefined
function sharedOf(run: RunContext): RunShared {
  if (runShared?.runId !== run.runId) {
    const gate = run.inFlightPerWorker ? new InFlightGate(run.inFlightPerWorker) : undefined
    runShared = {
      runId: run.runId,
      silence: new Silence(),
      pool: keepAlivePool(run.timeoutMs, gate?.limit),
      ...(gate ? { gate } : {}),
    }
  }
  return runShared
}
const silenceOf = (run: RunContext): Silence => sharedOf(run).silence

/** A file's request log, and the file's task meta it is written to once the file's cleanup has sent its requests. */
export interface FileRequestLog {
  readonly log: RequestLog
  fileMeta?: TaskMeta
}

export const test = base.extend<Fixtures>({
  // Vitest requires an object pattern as a fixture's first parameter, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  run: [async ({}, use) => use(inject('run')), { scope: 'file' }],
  requests: [
    async ({ run }, use) => {
      const requests: FileRequestLog = { log: new RequestLog() }
      await use(requests)
      // After the transport's teardown, so after the sandbox's cleanup: every request of the file is in.
      if (requests.fileMeta) requests.fileMeta.requests = requests.log.summary(run.concurrentTests)
    },
    { scope: 'file' },
  ],
  transport: [
    async ({ run, requests }, use) => {
      const { silence, pool, gate } = sharedOf(run)
      const transport = new Transport({
        timeoutMs: run.timeoutMs,
        redactor: new Redactor(run.secrets),
        silence,
        pool,
        ...(gate ? { gate } : {}),
        log: requests.log,
      })
      await use(transport)
      await transport.close()
    },
    { scope: 'file' },
  ],
  fileSandbox: [
    async ({ run, transport }, use) => {
      const sandbox = new Sandbox(run, transport, expect.getState().testPath ?? 'unknown')
      await use(sandbox)
      await sandbox.cleanup()
    },
    { scope: 'file' },
  ],
  sandbox: async ({ fileSandbox, task }, use) => use(fileSandbox.forTest(task.id)),
  meta: async ({ task, run, requests }, use) => {
    const meta = task.meta.conformance
    if (!meta) throw new Error('conformance tests are declared with rule()')
    requests.fileMeta ??= task.file.meta
    const silence = silenceOf(run)
    const notSentBefore = silence.notSent
    await use(meta)
    // The test ended with requests not sent, or with the catalog found silent: with the tests of a file concurrent
    // (a catalog at a distance), every request may have been in flight before the limit was reached, so that none
    // was held back, and the run must still end as an error, not a verdict.
    if (silence.notSent > notSentBefore || silence.stopped) meta.stoppedAnswering = silence.message()
    meta.requests = requests.log.count(task.id)
  },
  catalog: async ({ sandbox, meta, transport }, use) => {
    await use(sandbox.client((ex) => record(meta, ex, transport.redactor)))
  },
  lane: async ({ sandbox, meta, transport, check }, use) =>
    use((lane) => ({
      check: check.forLane(lane),
      catalog: sandbox.client((ex) => record(meta, ex, transport.redactor, lane)),
    })),
  check: async ({ meta, run }, use) =>
    use(new Checker(meta, new Set(run.disabledChecks), await openApiCheck(run.openapi), run.noRoute)),
  unsupported: async ({ meta, skip }, use) => use(endAs(meta, skip, 'unsupported')),
  notConfigured: async ({ meta, skip }, use) => use(endAs(meta, skip, 'not-configured')),
  outOfProfile: async ({ meta, skip }, use) => use(endAs(meta, skip, 'disabled')),
  advise: async ({ meta }, use) => use((finding: string) => void (meta.advisories ??= []).push(finding)),
})

/** Ends a test with an outcome Vitest has no word for: recorded on meta, then skipped with the reason. */
function endAs(
  meta: ConformanceMeta,
  skip: (note: string) => void,
  outcome: 'unsupported' | 'not-configured' | 'disabled',
): (reason: string) => never {
  return (reason) => {
    meta.outcome = outcome
    meta.reason = reason
    skip(reason)
    throw new Error('unreachable: skip() throws')
  }
}

function record(meta: ConformanceMeta, ex: Exchange, redactor: Redactor, lane?: number): void {
  if (ex.retries) meta.retries = (meta.retries ?? 0) + ex.retries
  if (ex.reconnects) meta.reconnects = (meta.reconnects ?? 0) + ex.reconnects
  meta.exchanges.push(tagLane(recordOf(ex, redactor), lane))
  if (meta.exchanges.length > MAX_EXCHANGES) meta.exchanges.splice(1, meta.exchanges.length - MAX_EXCHANGES)
}

const openApiChecks = new Map<string, Promise<OpenApiCheck>>()

/**
 * The user's OpenAPI document as a second opinion, loaded once per worker. Its reader (a YAML parser and AJV's
 * schema compiler) is imported only by a run that names one: every worker used to load it at start.
 */
function openApiCheck(path: string | undefined): Promise<OpenApiCheck | undefined> {
  if (!path) return Promise.resolve(undefined)
  let fn = openApiChecks.get(path)
  if (!fn) {
    fn = import('../../schemas/openapi.ts').then(({ loadOpenApi }): OpenApiCheck => {
      const validator = loadOpenApi(path)
      // An operation the document does not describe has nothing to compare against.
      return (op, status, body) => {
        if (!validator.hasOperation(op)) return []
        try {
          return validator
            .validateResponse(op, status, body)
            .map((i) => `${op} ${status}: ${i.instancePath || '/'} ${i.message}`)
        } catch (e) {
          return [`${op} ${status}: ${(e as Error).message}`]
        }
      }
    })
    openApiChecks.set(path, fn)
  }
  return fn
}

let currentOperation: string | undefined

/** Groups the rules of one operation (or a cross-cutting topic) in a describe block. */
export function operation(id: OperationId | `topic:${string}`, body: () => void): void {
  describe(id, () => {
    const previous = currentOperation
    currentOperation = id
    try {
      body()
    } finally {
      currentOperation = previous
    }
  })
}

/** The catalog entry of a rule a test declares; an id the catalog lacks is an error naming it. */
function catalogued(id: string): RuleEntry {
  const entry = ruleEntry(id)
  if (entry) return entry
  const hint = closestRule(id)
  throw new Error(
    `rule "${id}" is not in the rules catalog${hint ? ` (did you mean "${hint}"?)` : ''}: add it to schemas/rules/rules.yaml and run npm run gen:rules`,
  )
}

/** The longest a test runs even while its requests make progress (30 minutes). */
const RULE_BACKSTOP_MS = 30 * 60_000

/** Declares one conformance test of one spec rule. */
export function rule(spec: RuleSpec, fn: (ctx: TestContext & Fixtures) => Promise<void>): void {
  const operationId = currentOperation ?? 'topic:unknown'
  const entry = catalogued(spec.id)
  const initialLevel = levelFor(entry.level, DEFAULT_PROFILE)
  const title = `${spec.title} [${levelLabel(entry.level)}] (${spec.id})`
  test(
    title,
    {
      // A backstop: a test ends earlier when its file's requests stop moving (support/progress-watch.ts).
      timeout: spec.timeout ?? RULE_BACKSTOP_MS,
      meta: {
        conformance: {
          area: spec.id.split('/')[0] ?? 'misc',
          operationId,
          rule: spec.id,
          level: initialLevel,
          title: spec.title,
          violations: [],
          exchanges: [],
        },
      },
    },
    // Vitest reads the fixtures a test needs from its destructuring pattern, so every fixture is named here.
    async ({
      task,
      signal,
      skip,
      onTestFailed,
      onTestFinished,
      expect,
      annotate,
      run,
      transport,
      sandbox,
      meta,
      catalog,
      check,
      unsupported,
      notConfigured,
      outOfProfile,
      advise,
      lane,
    }) => {
      const ctx = {
        task,
        signal,
        skip,
        onTestFailed,
        onTestFinished,
        expect,
        annotate,
        run,
        transport,
        sandbox,
        meta,
        catalog,
        check,
        unsupported,
        notConfigured,
        outOfProfile,
        advise,
        lane,
      } as TestContext & Fixtures
      meta.level = levelFor(entry.level, ctx.run.profile)
      const outside = outOfProfileReason(entry, ctx.run.profile)
      if (outside) outOfProfile(outside)
      const missing = missingOperations(ctx.run.caps, [...(spec.requires ?? [])])
      if (missing.length > 0) {
        const why = ctx.run.caps.endpointsAdvertised
          ? 'not advertised in /v1/config endpoints'
          : 'not in the default endpoint set'
        ctx.unsupported(`${missing.join(', ')} ${why}`)
      }
      try {
        await whileProgressing(fn(ctx), () => ctx.transport.lastActivity, stallAfterMs(ctx.run.timeoutMs))
      } catch (e) {
        const explained = ctx.check.explain(e)
        await annotateOutcome(ctx, uiNote(meta, explained))
        throw explained
      }
      await annotateOutcome(ctx, uiNote(meta))
    },
  )
}

/** The harness's outcome as a Vitest annotation (the UI's words are pass, fail and skip); never masks the test's. */
async function annotateOutcome(ctx: TestContext, note: UiNote | undefined): Promise<void> {
  if (!note) return
  try {
    await ctx.annotate(
      note.message,
      note.type,
      note.transcript ? { body: note.transcript, contentType: 'text/plain' } : undefined,
    )
  } catch {
    // An annotation is a convenience of the UI.
  }
}
