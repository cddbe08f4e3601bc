import { describe, expect, it, test } from 'vitest'
import { Checker, stable } from './checker.ts'
import type { Exchange } from './http/exchange.ts'
import type { ConformanceMeta } from './results/meta.ts'
import { Blocked } from './results/errors.ts'
import { laneOf } from './support/lane-tags.ts'

const meta = (): ConformanceMeta => ({
  area: 'tables',
  operationId: 'createTable',
  rule: 'tables/x/y',
  level: 'MUST',
  title: 't',
  violations: [],
  exchanges: [],
})

const exchange = (operationId: string, status: number): Exchange => ({
  operationId,
  request: { method: 'POST', url: 'http://h/v1/x', headers: {} },
  status,
  headers: {},
  bodyText: '',
  json: undefined,
  durationMs: 1,
  curl: '',
})

describe('Checker.accepts', () => {
  test('records each operation and status once, in the order first judged', () => {
    const m = meta()
    const checker = new Checker(m, new Set())
    checker.accepts(exchange('createTable', 200), [200, 409])
    checker.accepts(exchange('createTable', 409), 409)
    checker.accepts(exchange('loadTable', 404), [404, 404])
    checker.accepts(exchange('createTable', 200), [400, 200])
    expect(m.accepted).toEqual(['createTable 200', 'createTable 409', 'loadTable 404', 'createTable 400'])
  })

  test('shares the list with the checkers of its lanes: each key once, whichever checker judged it first', () => {
    const m = meta()
    const checker = new Checker(m, new Set())
    const lane = checker.forLane(1)
    checker.accepts(exchange('loadTable', 200), 200)
    lane.accepts(exchange('loadTable', 404), [200, 404])
    checker.accepts(exchange('loadTable', 404), 404)
    expect(m.accepted).toEqual(['loadTable 200', 'loadTable 404'])
  })

  test('keeps what the meta already held, and follows a list put in its place', () => {
    const m = { ...meta(), accepted: ['loadTable 200'] }
    const checker = new Checker(m, new Set())
    checker.accepts(exchange('loadTable', 200), [200, 404])
    expect(m.accepted).toEqual(['loadTable 200', 'loadTable 404'])
    m.accepted = []
    checker.accepts(exchange('loadTable', 200), 404)
    expect(m.accepted).toEqual(['loadTable 404'])
  })
})

describe('stable', () => {
  it('compares 63-bit ids exactly, and never as the text of their digits', () => {
    expect(stable({ id: 4611686018427387905n })).toBe(stable({ id: 4611686018427387905n }))
    expect(stable({ id: 4611686018427387905n })).not.toBe(stable({ id: 4611686018427387904n }))
    expect(stable({ id: 4611686018427387905n })).not.toBe(stable({ id: '4611686018427387905' }))
  })
})

describe('robustness findings', () => {
  const withError = (status: number, message: string): Exchange => ({
    ...exchange('listTables', status),
    headers: { 'content-type': 'application/json' },
    json: { error: { message, type: 'NumberFormatException', code: status } },
    bodyText: JSON.stringify({ error: { message, type: 'NumberFormatException', code: status } }),
  })

  it('are recorded once per kind, however often a property meets the same server error', () => {
    const m = meta()
    const checker = new Checker(m, new Set())
    for (const token of ['abc', 'x~y', '42zz'])
      checker.conform(withError(500, `For input string: "${token}"`), {
        status: [200, 400],
        serverError: 'robustness',
      })
    checker.conform(withError(503, 'shutting down'), { status: [200, 400], serverError: 'robustness' })
    expect(m.violations.map((v) => [v.level, v.status])).toEqual([
      ['ROBUSTNESS', 500],
      ['ROBUSTNESS', 503],
    ])
    expect(m.outcome).toBeUndefined()
  })

  it('keep the finding of the lowest lane in a laned run, whichever answer came first', () => {
    const m = meta()
    const checker = new Checker(m, new Set())
    const judge = (lane: number) =>
      checker.forLane(lane).conform(withError(500, `For input string: "from-lane-${lane}"`), {
        status: 200,
        serverError: 'robustness',
      })
    for (const lane of [2, 0, 1]) judge(lane)
    expect(m.violations.map((v) => [v.message.match(/from-lane-\d/)?.[0], laneOf(v)])).toEqual([
      ['from-lane-0', 0],
    ])
  })
})

describe('an operation the server does not serve', () => {
  const NO_ROUTE = '404|json|NotFoundException'
  const answer = (status: number, type?: string): Exchange => ({
    ...exchange('registerTable', status),
    headers: { 'content-type': 'application/json' },
    json: type ? { error: { message: 'm', type, code: status } } : { detail: 'Not Found' },
  })

  it('blocks the test, carried by config/endpoints/declared-served, when the answer is the no-route one', () => {
    const checker = new Checker(meta(), new Set(), undefined, NO_ROUTE)
    expect(() => checker.conform(answer(404, 'NotFoundException'), { status: 200 })).toThrow(
      expect.objectContaining({ code: 'CC_BLOCKED', rule: 'config/endpoints/declared-served' }),
    )
    expect(() => checker.setup(answer(405), 'register')).toThrow(
      expect.objectContaining({ rule: 'config/endpoints/declared-served' }),
    )
  })

  it('judges a handler’s answer as it is: another 404, an expected 404 with the envelope, a 501 with the envelope', () => {
    const m = meta()
    const checker = new Checker(m, new Set(), undefined, NO_ROUTE)
    expect(() => checker.conform(answer(404, 'NoSuchNamespaceException'), { status: 200 })).toThrow(
      expect.objectContaining({ code: 'CC_CONFORMANCE_FAILURE' }),
    )
    expect(() => checker.conform(answer(404, 'NotFoundException'), { status: 404 })).not.toThrow()
    expect(() => checker.conform(answer(501, 'NotImplemented'), { status: 400 })).toThrow(
      expect.objectContaining({ code: 'CC_CONFORMANCE_FAILURE' }),
    )
  })
})

describe('Checker.every', () => {
  const failing = (checker: Checker, op: string) => () => checker.conform(exchange(op, 500), { status: 400 })

  it('judges every step and fails with each failure, in order', async () => {
    const m = meta()
    const checker = new Checker(m, new Set())
    const thrown = await checker
      .every([failing(checker, 'createNamespace'), () => undefined, failing(checker, 'createTable')])
      .catch((e: unknown) => e as Error)
    expect(thrown).toEqual(expect.objectContaining({ code: 'CC_CONFORMANCE_FAILURE' }))
    expect((thrown as Error).message.split('\n\n')).toHaveLength(2)
    expect([...new Set(m.violations.map((v) => v.operationId))]).toEqual(['createNamespace', 'createTable'])
  })

  it('keeps a failure when a later step is blocked, and is blocked when nothing failed before', async () => {
    const checker = new Checker(meta(), new Set())
    const blocked = () => {
      throw new Blocked('blocked by x', 'x')
    }
    await expect(checker.every([failing(checker, 'createNamespace'), blocked])).rejects.toEqual(
      expect.objectContaining({ code: 'CC_CONFORMANCE_FAILURE' }),
    )
    await expect(checker.every([() => undefined, blocked])).rejects.toEqual(
      expect.objectContaining({ code: 'CC_BLOCKED' }),
    )
    await expect(checker.every([() => undefined, async () => undefined])).resolves.toBeUndefined()
  })
})

describe('Checker.explain', () => {
  test("explains a breakdown by a setup answer one of its lanes' checkers took", () => {
    const checker = new Checker(meta(), new Set())
    const html = {
      ...exchange('createTable', 200),
      headers: { 'content-type': 'text/html' },
      bodyText: '<html>',
    }
    checker.forLane(2).setup(html, 'create a table')
    const explained = checker.explain(
      new TypeError("Cannot read properties of undefined (reading 'metadata')"),
    )
    expect(explained).toMatchObject({ code: 'CC_CONFORMANCE_FAILURE' })
  })
})
