import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import type { Violation } from '../suites/_harness/results/violation.ts'
import { answerText } from '../suites/_harness/results/answer-text.ts'
import {
  containerPage,
  defectLines,
  defectRecords,
  defectsOf,
  expectedClass,
  messageShape,
  operationFamily,
  reproductionScript,
} from './defects.ts'
import { loadFixture } from './fixtures.ts'
import type { Results, TestResult } from './results.ts'
import { validateResults } from './results-schema.ts'

const BASE = 'http://127.0.0.1:8181'

/** A curl line as the harness writes one (suites/_harness/http/curl.ts; reports/ may not import the transport). */
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`
function curlLine(r: { method: string; url: string; headers: Record<string, string>; body: string }): string {
  const headers = Object.entries(r.headers).map(([k, v]) => `-H ${q(`${k}: ${v}`)}`)
  return ['curl -sS -i -X', r.method, ...headers, '--data-raw', q(r.body), q(r.url)].join(' ')
}

function exchange(
  operationId: string,
  path: string,
  status: number,
  body: string,
  extra: Partial<ExchangeRecord> = {},
): ExchangeRecord {
  const url = `${BASE}${path}`
  const request = { method: 'POST', url, headers: { authorization: 'Bearer [REDACTED]' }, body: '{}' }
  return {
    operationId,
    request,
    status,
    headers: { 'content-type': 'application/json' },
    body,
    durationMs: 1,
    curl: curlLine(request),
    ...extra,
  }
}

function violation(
  rule: string,
  check: string,
  ex: ExchangeRecord,
  message = `status ${ex.status}, expected 400`,
): Violation {
  return {
    check,
    rule,
    level: 'MUST',
    message,
    operationId: ex.operationId,
    status: ex.status,
    curl: ex.curl,
  }
}

function test(id: string, violations: Violation[], exchanges: ExchangeRecord[]): TestResult {
  return {
    id,
    file: 'suites/x.test.ts',
    name: id,
    area: 'x',
    operationId: exchanges.at(-1)?.operationId ?? 'unknown',
    rule: violations[0]?.rule ?? 'x/rule',
    level: 'MUST',
    title: id,
    outcome: 'fail',
    durationMs: 1,
    violations,
    exchanges,
  }
}

const envelope = (type: string, message: string, code = 500): string =>
  JSON.stringify({ error: { message, type, code } })
const jetty = (message: string): string => JSON.stringify({ message, url: `${BASE}/v1/x`, status: '500' })

describe('defects', () => {
  const fixture = loadFixture('results-fixture-1.11.0.json')

  it('groups the fixture 1.11.0 run by answer: one parse error on three listings is one defect', () => {
    const ds = defectsOf(fixture)
    const listing = ds.find((d) => d.answer?.errorType === 'NumberFormatException')
    expect(listing?.operations).toEqual(['listNamespaces', 'listTables', 'listViews'])
    expect(listing?.kind).toBe('wrong-status')
    expect(listing?.rules.map((r) => r.rule)).toContain('robustness/generated-query/listTables')
    // Two unknown ids not validated (a spec and a sort order) name two fields: two code paths, kept apart.
    const npe = ds.filter((d) => d.answer?.errorType === 'NullPointerException' && d.family === 'commit')
    expect(npe.map((d) => d.answer?.shape).sort()).toEqual([
      'Cannot read field "fields" because "sortOrder" is null',
      'Cannot read field "fields" because "spec" is null',
    ])
    // Jetty's 500 page for an invalid body the servlet failed to parse, whatever it threw, on eight operations: one
    // defect; a valid body it failed to parse is another (the parser is wrong there, not the error handling).
    const pages = ds.filter(
      (d) => d.answer?.page !== undefined && d.answer.status === 500 && d.kind === 'wrong-status',
    )
    expect(pages.map((d) => d.key.split(' | ').at(-1))).toEqual(['an error expected', 'a success expected'])
    expect(pages[0]!.operations).toEqual(
      expect.arrayContaining(['createNamespace', 'getToken', 'updateTable']),
    )
    expect(ds.map((d) => d.id)).toEqual(ds.map((_, i) => `D${i + 1}`))
    // MUST defects first.
    const levels = ds.map((d) => d.level)
    expect(levels.indexOf('SHOULD')).toBeGreaterThan(levels.lastIndexOf('MUST'))
  })

  it('never merges answers that differ: every recorded occurrence of a defect got the same answer', () => {
    const byId = new Map(fixture.tests.map((t) => [t.id, t]))
    for (const d of defectsOf(fixture)) {
      const answers = new Set(
        d.occurrences
          .filter((o) => o.exchange >= 0)
          .map((o) => {
            const t = byId.get(o.test)!
            const list = o.transcript < 0 ? t.exchanges : t.moreFailures![o.transcript]!.exchanges
            const ex = list[o.exchange]!
            // An HTTP server's error page is one answer whatever exception escaped through it; a 5xx naming a type
            // and a message is one whatever operation reached it (defects.ts, sharedPath).
            const page = containerPage(ex)
            if (page) return [ex.status, page].join('|')
            const a = answerText(ex)
            const shape = messageShape(a.message, fixture.runId)
            const shared = ex.status >= 500 && a.errorType !== '' && shape !== ''
            return [ex.status, a.errorType, shape, shared ? '' : operationFamily(o.operationId)].join('|')
          }),
      )
      expect(answers.size, d.title).toBeLessThanOrEqual(1)
    }
  })

  it('keeps two rules apart when their answers differ, and together when one answer broke both', () => {
    const a = exchange(
      'updateTable',
      '/v1/namespaces/ns_1/tables/t',
      500,
      jetty('java.lang.IllegalArgumentException: Cannot parse update requirement. Missing field: type'),
    )
    const b = exchange(
      'updateTable',
      '/v1/namespaces/ns_2/tables/t',
      500,
      envelope('NullPointerException', 'Cannot read field "fields" because "spec" is null'),
    )
    const ds = defectsOf({
      tests: [
        test(
          't1',
          [
            violation('commits/requirement-400', 'status', a),
            violation('errors/envelope', 'error-envelope', a, 'not wrapped'),
          ],
          [a],
        ),
        test('t2', [violation('commits/spec-400', 'status', b)], [b]),
      ],
    })
    // Both MUST, one test each: ordered by key (the answer's status, then type: the envelope's before the page).
    expect(ds.map((d) => d.rules.map((r) => r.rule))).toEqual([
      ['commits/spec-400'],
      ['commits/requirement-400', 'errors/envelope'],
    ])
    expect(ds.map((d) => d.answer?.errorType ?? '')).toEqual(['NullPointerException', ''])
    expect(ds[1]!.answer?.page).toMatch(/JSON error page/)
  })

  it('masks generated names and numbers only: the same answer on two runs is one defect', () => {
    const a = exchange(
      'createNamespace',
      '/v1/namespaces',
      500,
      JSON.stringify({
        message:
          "com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'ccrun_abc123_x': was expecting",
      }),
    )
    const b = exchange(
      'createTable',
      '/v1/namespaces/n/tables',
      500,
      JSON.stringify({
        message:
          "com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'ccrun_zz9_y': was expecting",
      }),
    )
    const ds = defectsOf({
      tests: [
        test('t1', [violation('r/a', 'status', a)], [a]),
        test('t2', [violation('r/b', 'status', b)], [b]),
      ],
    })
    expect(ds).toHaveLength(1)
    expect(ds[0]!.answer).toEqual({
      status: 500,
      errorType: 'JsonParseException',
      shape: 'Unrecognized token #: …',
    })
    expect(ds[0]!.family).toBe('create')
  })

  it('masks the qualified class a message names as the type at hand, not the class of a method', () => {
    expect(
      messageShape('Invalid request object, not a org.apache.iceberg.rest.requests.CreateTableRequest: null'),
    ).toBe('Invalid request object, not a #: …')
    expect(
      messageShape('Cannot invoke "org.apache.iceberg.catalog.Namespace.levels()" because "x" is null'),
    ).toBe('Cannot invoke "org.apache.iceberg.catalog.Namespace.levels()" because "x" is null')
  })

  it('masks URLs and absolute paths: a server’s warehouse is another place on every server', () => {
    expect(messageShape("one warehouse, 'file:///dev/shm/rustberg-rLrjiY/warehouse'. Either set it")).toBe(
      messageShape("one warehouse, 'file:///dev/shm/rustberg-ca8ivN/warehouse'. Either set it"),
    )
    expect(messageShape('cannot read /tmp/abc/def.json here')).toBe('cannot read # here')
    expect(messageShape('start-snapshot-id / end-snapshot-id')).toBe('start-snapshot-id / end-snapshot-id')
  })

  it('reads the class of status a check expected', () => {
    expect(expectedClass('status 500, expected 400')).toBe('4xx')
    expect(expectedClass('status 500 (X: expected 200 here), expected a 4xx other than 404')).toBe('4xx')
    expect(expectedClass('status 500, expected 200 or 404')).toBe('2xx/4xx')
    expect(expectedClass('the body is not valid JSON')).toBe('?')
  })

  it('tells the HTTP server’s error pages from the catalog’s answers', () => {
    const json = (body: string, ct = 'application/json') => ({ body, headers: { 'content-type': ct } })
    expect(containerPage(json(jetty('java.lang.IllegalArgumentException: x')))).toMatch(/JSON error page/)
    // Jetty's page names the servlet and the causes when it has them; a body cut at the recorded length still counts.
    const full = JSON.stringify({ servlet: 's', cause0: 'c', message: 'm', url: '/v1/x', status: '500' })
    expect(containerPage(json(full))).toMatch(/JSON error page/)
    expect(containerPage(json(full.slice(0, 50)))).toBeUndefined()
    expect(containerPage(json('<h1>Bad Message 400</h1><pre>reason: Bad Request</pre>', 'text/html'))).toBe(
      'an HTML error page',
    )
    // The envelope, a bare message and a body with more fields are the server's own.
    expect(containerPage(json(envelope('X', 'y')))).toBeUndefined()
    expect(containerPage(json(JSON.stringify({ message: 'm' })))).toBeUndefined()
    expect(
      containerPage(json(JSON.stringify({ message: 'm', url: 'u', status: 500, code: 1 }))),
    ).toBeUndefined()
  })

  it('makes the HTTP server’s error page one defect across operations and exceptions, apart by what was expected', () => {
    // Recorded from the Java fixture 1.11.0: the servlet parses bodies before its adapter, so whatever the parser
    // throws reaches Jetty, which answers its own 500 page.
    const parse = (op: string, path: string, message: string) =>
      exchange(op, path, 500, JSON.stringify({ message, url: `${BASE}${path}`, status: '500' }))
    const a = parse(
      'createNamespace',
      '/v1/namespaces',
      'com.fasterxml.jackson.databind.exc.MismatchedInputException: No content to map due to end-of-input',
    )
    const b = parse(
      'updateTable',
      '/v1/namespaces/n/tables/t',
      'java.lang.UnsupportedOperationException: Cannot convert metadata update action to json: x-aaa',
    )
    const c = parse(
      'getToken',
      '/v1/oauth/tokens',
      'java.lang.IllegalArgumentException: Chunk [] is not a valid entry',
    )
    // A valid body the parser refuses: the page again, but the request deserved a success, not a 4xx.
    const valid = parse(
      'planTableScan',
      '/v1/namespaces/n/tables/t/plan',
      'java.lang.IllegalArgumentException: Cannot parse missing field: term',
    )
    // The page where the 500 was allowed but the envelope is missing: a wrong body, not a wrong status.
    const body = parse(
      'reportMetrics',
      '/v1/namespaces/n/tables/t/metrics',
      'java.lang.IllegalArgumentException: x',
    )
    const ds = defectsOf({
      tests: [
        test('a', [violation('errors/malformed-json-400', 'status', a)], [a]),
        test('b', [violation('commits/updates/unknown-action-400', 'status', b)], [b]),
        test(
          'c',
          [violation('auth/oauth/empty-form-4xx', 'status', c, 'status 500, expected 400 or 401')],
          [c],
        ),
        test(
          'valid',
          [violation('scan-planning/plan/x', 'status', valid, 'status 500, expected 200')],
          [valid],
        ),
        test('body', [violation('errors/envelope', 'error-envelope', body, 'not wrapped')], [body]),
      ],
    })
    expect(ds.map((d) => [d.kind, d.family, d.operations.join(' ')])).toEqual([
      ['wrong-status', 'several', 'createNamespace getToken updateTable'],
      ['wrong-body', 'reportMetrics', 'reportMetrics'],
      ['wrong-status', 'scan', 'planTableScan'],
    ])
    expect(ds[0]!.title).toMatch(
      /^createNamespace, getToken, updateTable answer 500 \(the HTTP server’s JSON error page/,
    )
  })

  it('shares a 5xx naming a type and a message across operations, never a 4xx or a 5xx that names neither', () => {
    const npe = envelope('NullPointerException', 'Cannot invoke "a.b.C.m()" because "namespace" is null')
    const one = (op: string, path: string, status: number, body: string, message?: string): TestResult => {
      const ex = exchange(op, path, status, body)
      return test(op, [violation(`r/${op}`, 'status', ex, message)], [ex])
    }
    const gone = envelope('NoSuchNamespaceException', 'gone', 404)
    const ds = defectsOf({
      tests: [
        one('createNamespace', '/v1/namespaces', 500, npe),
        one('renameTable', '/v1/tables/rename', 500, npe),
        one('dropNamespace', '/v1/namespaces/a', 404, gone, 'status 404, expected 204'),
        one('loadNamespaceMetadata', '/v1/namespaces/b', 404, gone, 'status 404, expected 200'),
        one('createTable', '/v1/namespaces/a/tables', 500, ''),
        one('updateTable', '/v1/namespaces/a/tables/t', 500, ''),
      ],
    })
    expect(ds.map((d) => `${d.family} ${d.answer?.status}`).sort()).toEqual([
      'commit 500',
      'create 500',
      'drop 404',
      'load 404',
      'several 500',
    ])
  })

  it('makes one error type refusing invalid requests with another 4xx one defect across operations, nothing else', () => {
    const one = (op: string, path: string, status: number, body: string, message: string): TestResult => {
      const ex = exchange(op, path, status, body)
      return test(`${op} ${message}`, [violation(`r/${op}`, 'status', ex, message)], [ex])
    }
    const invalid = (what: string): string =>
      envelope('RequestValidationError', `body.${what}: JSON decode error`, 422)
    const refusedValid = (what: string): string =>
      envelope('ValidationError', `${what} is not implemented`, 422)
    const ds = defectsOf({
      tests: [
        // Invalid requests (400 named) refused with 422 by one type, on three families, each message its own: one.
        one('createNamespace', '/v1/namespaces', 422, invalid('1'), 'status 422, expected 400'),
        one('updateTable', '/v1/namespaces/a/tables/t', 422, invalid('41'), 'status 422, expected 400'),
        one(
          'renameTable',
          '/v1/tables/rename',
          422,
          envelope('RequestValidationError', 'body: Field required', 422),
          'status 422, expected 400',
        ),
        // The same status and type refusing valid requests: two handlers' choices, apart.
        one(
          'createTable',
          '/v1/namespaces/a/tables',
          422,
          refusedValid('staging'),
          'status 422, expected 200',
        ),
        one(
          'updateProperties',
          '/v1/namespaces/a/properties',
          422,
          refusedValid('removal'),
          'status 422, expected 200',
        ),
        // A 409 the state calls for, answered 422 by that type: apart.
        one('dropNamespace', '/v1/namespaces/b', 422, invalid('x'), 'status 422, expected 409'),
        // A body that names no error type (its content type stands in for one): apart by family.
        one('listTables', '/v1/namespaces/a/tables', 422, 'not json', 'status 422, expected 400'),
        one('loadView', '/v1/namespaces/a/views/v', 422, 'not json', 'status 422, expected 400'),
      ],
    })
    const titles = ds.map((d) => d.title).sort()
    expect(titles).toEqual([
      'createNamespace, renameTable, updateTable answer 422 (RequestValidationError), expected 400',
      'createTable answer 422 (ValidationError “staging is not implemented”), expected 200',
      'dropNamespace answer 422 (RequestValidationError “body.x: …”), expected 409',
      'listTables answer 422 (application/json “not json”), expected 400',
      'loadView answer 422 (application/json “not json”), expected 400',
      'updateProperties answer 422 (ValidationError “removal is not implemented”), expected 200',
    ])
    // Unrecorded (a property keeps only its counterexample's exchanges): the check's message names the type.
    const lost = exchange('updateTable', '/v1/namespaces/a/tables/u', 422, '')
    const unrecorded = (rule: string, message: string): TestResult =>
      test(rule, [violation(rule, 'status', lost, message)], [])
    const withLost = defectsOf({
      tests: [
        one('createNamespace', '/v1/namespaces', 422, invalid('1'), 'status 422, expected 400'),
        unrecorded('u/typed', 'status 422 (RequestValidationError: body.x: Field required), expected 400'),
        unrecorded('u/untyped', 'status 422 (?: body.x: Field required), expected 400'),
        unrecorded('u/valid', 'status 422 (RequestValidationError: body.x: Field required), expected 200'),
      ],
    })
    expect(withLost.map((d) => d.rules.map((r) => r.rule).join(' ')).sort()).toEqual([
      'r/createNamespace u/typed',
      'u/untyped',
      'u/valid',
    ])
    // Negative control: the same refusals where one check of the exchange also expected a success stay apart.
    const mixed = (op: string, path: string, message: string): TestResult => {
      const ex = exchange(op, path, 422, invalid(message))
      return test(
        op,
        [violation(`r/${op}`, 'status', ex), violation(`s/${op}`, 'status', ex, 'status 422, expected 200')],
        [ex],
      )
    }
    const apart = defectsOf({
      tests: [
        mixed('createNamespace', '/v1/namespaces', '1'),
        mixed('updateTable', '/v1/namespaces/a/tables/t', '2'),
      ],
    })
    expect(apart.map((d) => d.operations.join(' ')).sort()).toEqual(['createNamespace', 'updateTable'])
  })

  it('names the expectation of a long answer’s status check in its title', () => {
    const ex = exchange(
      'updateTable',
      '/v1/namespaces/a/tables/t',
      422,
      envelope('ValidationError', 'x'.repeat(300), 422),
    )
    const long = `status 422 (ValidationError: ${'x'.repeat(300)}), expected 409`
    const [d] = defectsOf({ tests: [test('t', [violation('r', 'status', ex, long)], [ex])] })
    expect(d?.title.endsWith(', expected 409')).toBe(true)
  })

  it('makes the rules one unrecorded answer broke in one test one defect, and keeps another test’s apart', () => {
    const ex = exchange('listTables', '/v1/namespaces/n/tables?pageSize=', 400, 'not json')
    const unrecorded = (rule: string, message: string): Violation => ({
      ...violation(rule, 'x', ex, message),
    })
    const t1 = test(
      't1',
      [unrecorded('errors/envelope', 'not JSON'), unrecorded('http/content-type', 'text/plain')],
      [],
    )
    const other = exchange('dropTable', '/v1/namespaces/n/tables/t', 400, 'x')
    const t2 = test('t2', [{ ...violation('http/content-type', 'x', other, 'text/plain') }], [])
    const ds = defectsOf({ tests: [t1, t2] })
    expect(ds.map((d) => d.rules.map((r) => r.rule).join(' '))).toEqual([
      'http/content-type',
      'errors/envelope http/content-type',
    ])
  })

  it('keeps a missing answer, a wrong status and a wrong body apart, and the same answer of two families', () => {
    const none = exchange('loadTable', '/v1/namespaces/n/tables/a', 0, '', {
      transportError: 'socket hang up',
    })
    const status = exchange('loadTable', '/v1/namespaces/n/tables/b', 204, '')
    const body = exchange('loadTable', '/v1/namespaces/n/tables/c', 200, '{"metadata":{}}')
    const other = exchange('dropTable', '/v1/namespaces/n/tables/b', 204, '')
    const ds = defectsOf({
      tests: [
        test(
          'none',
          [violation('http/responds', 'responds', none, 'no HTTP response: socket hang up')],
          [none],
        ),
        test('status', [violation('tables/load-404', 'status', status)], [status]),
        test(
          'body',
          [violation('tables/load-schema', 'response-schema', body, 'missing metadata-location')],
          [body],
        ),
        test('other', [violation('tables/drop-404', 'status', other)], [other]),
      ],
    })
    expect(ds.map((d) => `${d.kind} ${d.family}`).sort()).toEqual([
      'no-answer load',
      'wrong-body load',
      'wrong-status drop',
      'wrong-status load',
    ])
  })

  it('is deterministic: the order of tests and of their violations changes nothing', () => {
    const shuffled: Pick<Results, 'tests' | 'runId'> = {
      runId: fixture.runId,
      tests: [...fixture.tests].reverse().map((t) => ({ ...t, violations: [...t.violations].reverse() })),
    }
    const strip = (ds: ReturnType<typeof defectsOf>) =>
      ds.map((d) => ({
        ...d,
        occurrences: [...d.occurrences].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      }))
    expect(strip(defectsOf(shuffled))).toEqual(strip(defectsOf(fixture)))
    expect(defectRecords(shuffled)).toEqual(defectRecords(fixture))
  })

  it('leaves CLIENT, ROBUSTNESS and MAY findings and passing tests out', () => {
    const a = exchange('createTable', '/v1/namespaces/n/tables', 500, envelope('X', 'boom'))
    const t = test(
      't',
      [
        { ...violation('errors/no-5xx', 'server-error', a), level: 'ROBUSTNESS' },
        { ...violation('client/x', 'client', a), level: 'CLIENT' },
        { ...violation('may/x', 'status', a), level: 'MAY' },
      ],
      [a],
    )
    expect(
      defectsOf({
        tests: [
          { ...t, outcome: 'warn' },
          { ...test('p', [violation('r', 'status', a)], [a]), outcome: 'pass' },
        ],
      }),
    ).toEqual([])
  })

  it('reproduces with the test’s requests up to the failing one, the URL and the token as variables', () => {
    const setup = exchange('createNamespace', '/v1/namespaces', 200, '{}')
    const failing = exchange(
      'updateTable',
      "/v1/namespaces/n/tables/it's",
      500,
      envelope('NullPointerException', 'x'),
    )
    const after = exchange('dropTable', '/v1/namespaces/n/tables/t', 204, '')
    const [d] = defectsOf({
      tests: [test('t', [violation('r/x', 'status', failing)], [setup, failing, after])],
    })
    expect(d!.reproduction).toEqual([setup.curl, failing.curl])
    const script = reproductionScript(d!, BASE)
    expect(script).not.toContain(BASE)
    expect(script).not.toContain('[REDACTED]')
    expect(script).toContain(`-H "authorization: Bearer \${CATALOG_TOKEN}"`)
    expect(script).toContain(`"\${CATALOG_URL}"'/v1/namespaces/n/tables/it'\\''s'`)
    const dir = mkdtempSync(join(tmpdir(), 'defects-'))
    const file = join(dir, 'repro.sh')
    writeFileSync(file, script)
    // Valid shell, and what it would run: curl with the filled-in URL and token (a stub curl echoes its arguments).
    execFileSync('sh', ['-n', file])
    writeFileSync(join(dir, 'curl'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n', {
      mode: 0o755,
    })
    const out = execFileSync('sh', [file], {
      env: { PATH: `${dir}:/usr/bin:/bin`, CATALOG_URL: 'http://cat:1', CATALOG_TOKEN: 'tok' },
    }).toString()
    expect(out).toContain('authorization: Bearer tok')
    expect(out).toContain("http://cat:1/v1/namespaces/n/tables/it's")
  })

  it('the recorded list of defects is valid results.json, and older files without it still load', () => {
    const withDefects = { ...fixture, defects: defectRecords(fixture) }
    expect(validateResults(JSON.parse(JSON.stringify(withDefects)))).toEqual([])
    expect(validateResults(JSON.parse(JSON.stringify(fixture)))).toEqual([])
    expect(withDefects.defects.length).toBe(defectsOf(fixture).length)
  })

  it('prints "N defect(s)" with each one’s rules and curl line', () => {
    const lines = defectLines(fixture, 2)
    expect(lines[0]).toMatch(/^\d+ defect\(s\) behind the violated rules:$/)
    expect(lines.some((l) => l.includes('curl -sS'))).toBe(true)
    expect(lines.at(-1)).toMatch(/more in report\.html$/)
  })
})

describe('defect issues', () => {
  it('fences the server’s answer longer than any backtick run in it, and escapes the one-line parts', async () => {
    const { defectIssues } = await import('./defect-issues.ts')
    const r = loadFixture('results-realistic.json')
    const body = JSON.stringify({ error: { type: 'X', message: 'a ```` fence <b>bold</b>', code: 500 } })
    const ex = exchange('createTable', '/v1/namespaces/n/tables', 500, body)
    const [issue] = defectIssues({
      ...r,
      target: { ...r.target, url: BASE },
      tests: [test('t <b>', [violation('tables/create/x', 'status', ex, 'status 500 <b>x</b>')], [ex])],
    })
    expect(issue!.file).toBe('D1-create-500-x.md')
    expect(issue!.markdown).toContain('`````\n' + body + '\n`````')
    // Outside its code blocks (each fenced with 5 backticks here), no markup of the server's survives.
    const prose = issue!.markdown.replace(/`{5}[a-z]*\n[\s\S]*?\n`{5}/g, '')
    expect(prose).not.toContain('<b>')
    expect(prose).toContain('&lt;b&gt;')
    expect(issue!.markdown).toContain('- t &lt;b&gt;')
  })
})

describe('defect titles', () => {
  it('take what was expected from the harness’s own words, not from a server message that says "Unexpected"', () => {
    const ex = exchange(
      'createNamespace',
      '/v1/namespaces',
      500,
      envelope('InternalServerError', 'Unexpected error'),
    )
    const v = violation(
      'errors/malformed-json-400',
      'status',
      ex,
      'status 500 (InternalServerError: Unexpected error), expected 400',
    )
    const [d] = defectsOf({ tests: [test('t', [v], [ex])] })
    expect(d!.title).toBe('createNamespace answer 500 (InternalServerError “Unexpected error”), expected 400')
  })
})
