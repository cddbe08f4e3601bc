import { describe, expect, it } from 'vitest'
import { OPERATIONS, OPERATION_IDS } from '../schemas/operations.ts'
import { computeCoverage, ratio } from './coverage.ts'
import { loadFixture } from './fixtures.ts'
import { specUniverse } from './spec-universe.ts'

describe('spec universe', () => {
  it('follows the profile: operations by release, kinds only where the spec has them', () => {
    const latest = specUniverse('1.11')
    expect(latest.operations).toContain('registerView')
    expect(specUniverse('1.10').operations).not.toContain('registerView')
    expect(specUniverse('main').operations).toHaveLength(OPERATION_IDS.length)
    expect(latest.requirementKinds).toHaveLength(9)
    expect(latest.updateKinds).toContain('remove-encryption-key')
    expect(latest.updateKinds).not.toContain('enable-row-lineage')
    expect(latest.updateKinds).not.toContain('append')
    expect(specUniverse('1.9').updateKinds).toContain('enable-row-lineage')
    expect(specUniverse('1.9').updateKinds).not.toContain('add-encryption-key')
    expect(specUniverse('document').updateKinds).toContain('append')
    expect(latest.statuses.createNamespace).toEqual([200, 406, 409])
    expect(latest.commonStatuses).toEqual([400, 401, 403, 419, 503])
  })

  it('lists query parameters and headers per operation, each from the release that defines it there', () => {
    const latest = specUniverse('1.11')
    expect(latest.queryParams).toEqual(
      expect.arrayContaining([
        'getConfig warehouse',
        'listNamespaces parent',
        'listNamespaces pageToken',
        'loadTable snapshots',
        'loadTable referenced-by',
        'dropTable purgeRequested',
        'loadCredentials planId',
        'loadView referenced-by',
      ]),
    )
    // plan-id is a path parameter of the fetch and cancel routes, not a query parameter.
    expect(latest.queryParams.filter((q) => q.startsWith('fetchPlanningResult'))).toEqual([])
    expect(latest.headers).toEqual(
      expect.arrayContaining([
        'createTable X-Iceberg-Access-Delegation',
        'loadTable If-None-Match',
        'updateTable Idempotency-Key',
      ]),
    )
    expect(latest.headers).not.toContain('loadCredentials X-Iceberg-Access-Delegation')
    expect(latest.headers).not.toContain('createView Idempotency-Key')
    // Transport headers are not parameters.
    expect(latest.headers.filter((h) => /authorization|content-type|accept/i.test(h))).toEqual([])
    // Idempotency-Key on exactly the operations that take it, from 1.11 on.
    expect(latest.headers.filter((h) => h.endsWith(' Idempotency-Key')).map((h) => h.split(' ')[0])).toEqual(
      latest.operations.filter((id) => OPERATIONS[id].idempotent),
    )
    const v110 = specUniverse('1.10')
    expect(v110.headers.filter((h) => h.endsWith(' Idempotency-Key'))).toEqual([])
    expect(v110.queryParams).toContain('loadTable snapshots')
    expect(v110.queryParams).not.toContain('loadTable referenced-by')
    expect(v110.queryParams).not.toContain('loadCredentials planId')
    expect(specUniverse('1.8').headers).toContain('loadTable If-None-Match')
    expect(specUniverse('1.7').headers).not.toContain('loadTable If-None-Match')
    expect(specUniverse('1.4').queryParams).toEqual([
      'getConfig warehouse',
      'listNamespaces parent',
      'loadTable snapshots',
      'dropTable purgeRequested',
    ])
    expect(specUniverse('1.4').headers).toEqual([])
    expect(specUniverse('main').queryParams).toContain('listFunctions pageToken')
    expect(specUniverse('main').headers).toContain('unregisterTable Idempotency-Key')
  })

  it('lists the top-level request fields of each operation with a body, each from the release that defines it', () => {
    const latest = specUniverse('1.11')
    const of = (op: string, u = latest) =>
      u.requestFields.filter((f) => f.startsWith(`${op} `)).map((f) => f.slice(op.length + 1))
    expect(of('createTable')).toEqual([
      'name',
      'location',
      'schema',
      'partition-spec',
      'write-order',
      'stage-create',
      'properties',
    ])
    // The request object's own fields only: an update's `action` or a requirement's `type` are not counted.
    expect(of('updateTable')).toEqual(['identifier', 'requirements', 'updates'])
    expect(of('commitTransaction')).toEqual(['table-changes'])
    // Unions count the top-level fields of every branch: a scan report's and a commit report's.
    expect(of('reportMetrics')).toEqual(
      expect.arrayContaining(['report-type', 'projected-field-names', 'sequence-number', 'operation']),
    )
    expect(of('getToken')).toEqual(expect.arrayContaining(['grant_type', 'client_id', 'subject_token']))
    // Operations without a body have no fields.
    expect(of('loadTable')).toEqual([])
    expect(of('dropTable')).toEqual([])
    // registerTable `overwrite` came with 1.9, planTableScan `min-rows-requested` with 1.11.
    expect(of('registerTable')).toEqual(['name', 'metadata-location', 'overwrite'])
    expect(of('registerTable', specUniverse('1.8'))).toEqual(['name', 'metadata-location'])
    expect(of('planTableScan')).toContain('min-rows-requested')
    expect(of('planTableScan', specUniverse('1.10'))).not.toContain('min-rows-requested')
    expect(of('planTableScan', specUniverse('1.10'))).toHaveLength(8)
    expect(specUniverse('1.4').requestFields).not.toContain('createView name')
  })
})

describe('computeCoverage', () => {
  const c = computeCoverage(loadFixture('results-realistic.json'))
  const covered = (rows: readonly { name: string; covered: boolean }[]) =>
    rows.filter((r) => r.covered).map((r) => r.name)

  it('counts operations declared or exchanged by tests that reached a verdict', () => {
    // createView is only declared by an unsupported test: not covered. namespaceExists is only exchanged.
    expect(covered(c.operations.rows)).toContain('namespaceExists')
    expect(covered(c.operations.rows)).not.toContain('createView')
    expect(covered(c.operations.rows)).not.toContain('renameTable')
    expect(c.operations.total).toBe(specUniverse('1.11').operations.length)
  })

  it('reads requirement and update kinds from commit and transaction bodies', () => {
    expect(covered(c.requirementKinds.rows).sort()).toEqual([
      'assert-current-schema-id',
      'assert-default-spec-id',
      'assert-ref-snapshot-id',
      'assert-table-uuid',
    ])
    expect(covered(c.updateKinds.rows).sort()).toEqual([
      'add-schema',
      'remove-properties',
      'set-current-schema',
      'set-location',
      'set-properties',
    ])
  })

  it('matches statuses seen against the documented ones', () => {
    const names = covered(c.statuses.rows)
    expect(names).toContain('dropNamespace 409')
    expect(names).toContain('loadTable 304')
    expect(names).not.toContain('createNamespace 409') // the duplicate create answered 500
    expect(covered(c.commonStatuses.rows)).toEqual(['400'])
    // 5XX is documented everywhere; nothing below 500 was off the table in this run.
    expect(c.undocumentedStatuses).toEqual([])
    const odd = computeCoverage({
      profile: '1.11',
      tests: [{ ...loadFixture('results-realistic.json').tests[0]!, exchanges: [] }].map((t) => ({
        ...t,
        exchanges: [{ ...loadFixture('results-realistic.json').tests[0]!.exchanges[0]!, status: 202 }],
      })),
    })
    expect(odd.undocumentedStatuses).toEqual(['getConfig 202'])
  })

  it('counts the query parameters and headers a test that reached a verdict sent to the operation', () => {
    expect(covered(c.queryParams.rows)).toEqual([
      'getConfig warehouse',
      'listNamespaces parent',
      'listTables pageSize',
    ])
    expect(covered(c.headers.rows)).toEqual(['loadTable If-None-Match'])
    expect(c.queryParams.total).toBe(specUniverse('1.11').queryParams.length)
    expect(c.headers.total).toBe(specUniverse('1.11').headers.length)

    // The same run, but its load of t1 asked for snapshots=refs, with a delegation header in upper case.
    const r = loadFixture('results-realistic.json')
    const tests = r.tests.map((t) => ({
      ...t,
      exchanges: t.exchanges.map((ex) =>
        ex.operationId === 'loadTable' && ex.request.url.endsWith('/tables/t1')
          ? {
              ...ex,
              request: {
                ...ex.request,
                url: `${ex.request.url}?snapshots=refs`,
                headers: { ...ex.request.headers, 'X-ICEBERG-ACCESS-DELEGATION': 'vended-credentials' },
              },
            }
          : ex,
      ),
    }))
    const refs = computeCoverage({ profile: '1.11', tests })
    expect(covered(refs.queryParams.rows)).toContain('loadTable snapshots')
    expect(covered(refs.headers.rows)).toContain('loadTable X-Iceberg-Access-Delegation')
    expect(refs.queryParams.rows.find((x) => x.name === 'loadTable snapshots')?.tests).toBe(1)
    // Sent by a test that reached no verdict, a parameter covers nothing.
    const elsewhere = computeCoverage({
      profile: '1.11',
      tests: tests.map((t) =>
        t.exchanges.some((ex) => ex.request.url.includes('snapshots=refs'))
          ? { ...t, outcome: 'unsupported' }
          : t,
      ),
    })
    expect(covered(elsewhere.queryParams.rows)).not.toContain('loadTable snapshots')
    expect(covered(c.queryParams.rows)).not.toContain('loadTable snapshots')
    expect(c.queryParams.rows.filter((x) => !x.covered).map((x) => x.name)).toContain('loadTable snapshots')
  })

  it('counts the top-level request fields a test that reached a verdict sent to the operation', () => {
    expect(covered(c.requestFields.rows)).toEqual([
      'createNamespace namespace',
      'createNamespace properties',
      'createTable name',
      'createTable schema',
      'registerTable name',
      'registerTable metadata-location',
      'updateTable requirements',
      'updateTable updates',
      'commitTransaction table-changes',
    ])
    expect(c.requestFields.total).toBe(specUniverse('1.11').requestFields.length)
    // Fields nested in the body (a table change's identifier, an update's fields) cover nothing.
    expect(covered(c.requestFields.rows)).not.toContain('updateTable identifier')
    expect(c.requestFields.rows.find((x) => x.name === 'createNamespace namespace')?.tests).toBe(2)

    // The same run with an OAuth form request, a register with overwrite, and a body that is not an object.
    const r = loadFixture('results-realistic.json')
    const register = r.tests.find((t) => t.exchanges.some((ex) => ex.operationId === 'registerTable'))!
    const exchange = register.exchanges.find((ex) => ex.operationId === 'registerTable')!
    const sent = (operationId: string, body: string, contentType: string) => ({
      ...exchange,
      operationId,
      request: { ...exchange.request, body, headers: { 'Content-Type': contentType } },
    })
    const more = computeCoverage({
      profile: '1.11',
      tests: [
        {
          ...register,
          exchanges: [
            sent(
              'registerTable',
              '{"name":"r","metadata-location":"m","overwrite":true}',
              'application/json',
            ),
            sent(
              'getToken',
              'grant_type=client_credentials&client_id=me&scope=catalog',
              'application/x-www-form-urlencoded',
            ),
            sent('renameTable', '["source","destination"]', 'application/json'),
            sent('renameView', '{"source":', 'application/json'),
          ],
        },
      ],
    })
    expect(covered(more.requestFields.rows)).toEqual([
      'getToken grant_type',
      'getToken scope',
      'getToken client_id',
      'registerTable name',
      'registerTable metadata-location',
      'registerTable overwrite',
    ])
    // Under 1.8 `overwrite` is not part of the spec: neither counted nor listed.
    expect(
      computeCoverage({ profile: '1.8', tests: [] }).requestFields.rows.map((x) => x.name),
    ).not.toContain('registerTable overwrite')
  })

  it('prints ratios', () => {
    expect(ratio({ covered: 1, total: 3 })).toBe('1/3 (33%)')
    expect(ratio({ covered: 0, total: 0 })).toBe('0/0 (100%)')
  })
})
