/**
 * One defect, one failing rule: a server that skips every unknown update action and requirement type (fault
 * commit-unknown-kinds-ignored) fails the scenario rules that send the plain unknown kinds, and the robustness
 * property over generated names is blocked by them instead of failing a third time for the same defect. A server
 * that mishandles only some names (fault unknown-extension-kinds-ignored) still fails the property. Likewise for
 * bodies that are not JSON: a 422 to every one (lakana's answer) fails errors/malformed-json-400 alone, a 500 to every
 * one fails the errors rules and the generated rules of the operations they send no plain body, blocks the generated
 * rules of those they do (createNamespace, createTable) and the malformed-JSON property, and a 500 to texts the plain
 * ones do not cover fails the property; a 500 to invalid bodies of createNamespace and createTable alone fails
 * errors/schema-violation-400 and blocks the wrong-types property and those two generated rules. And a finalized 409 is asked to be replayed only of a server that replays the operation's
 * plain success (idempotency/<op>/replays-409, blocked by idempotency/<op>/replay otherwise), and the replay property
 * draws only the kinds whose plain replay the server honours. And a variant of a case another rule carries (a purge
 * beside a plain drop, a commit report beside a scan report, the view and child cases of the 409 beside the table's,
 * an invalid variant of an action the server cannot parse at all) is blocked by that rule when the server answers its
 * plain case the same way; the model-based run takes any success of a drop or a rename and draws drops of non-empty
 * namespaces only from a server that refuses them. A commit-history check an update kind breaks is reported there only
 * when a plain commit keeps it (commits/invariants/after-each-commit judges a server that breaks it for every commit).
 */
import { afterAll, describe, expect, test } from 'vitest'
import { blockedGroups } from '../reports/blocked.ts'
import type { Fault } from './fault.ts'
import { FAULTS } from './faults/index.ts'
import { excludeArgs } from './plan.ts'
import { discard, runFault } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const PROPERTY = 'robustness/unknown-update/400'
const SCENARIOS = ['commits/updates/unknown-action-400', 'commits/requirements/unknown-type-400']
const FILES = [
  'suites/commits/updates.test.ts',
  'suites/commits/requirements.test.ts',
  'suites/robustness/edge-input.test.ts',
]
const AREAS = ['commits', 'robustness']
const MALFORMED = 'robustness/malformed-json/4xx'
const MALFORMED_FILES = [
  'suites/errors/errors.test.ts',
  'suites/robustness/malformed-input.test.ts',
  'suites/robustness/generated-inputs.test.ts',
]
const MALFORMED_AREAS = ['errors', 'robustness']
const IDEMPOTENCY = ['idempotency']
const IDEMPOTENCY_FILES = ['suites/idempotency/replay.test.ts', 'suites/idempotency/replay-more.test.ts']
const INCREMENTAL = 'scan-planning/plan/incremental-appended-files'
const SCAN_FILES = ['suites/scan-planning/scan-planning.test.ts', 'suites/scan-planning/plan-content.test.ts']
const outcomes: RunOutcome[] = []

async function outcomesUnder(
  name: string,
  areas = AREAS,
  files = FILES,
): Promise<Map<string, { outcome: string; reason?: string; blockedBy?: string; operations: string[] }>> {
  const fault: Fault = { ...FAULTS.find((f) => f.name === name)!, areas }
  const run = await runFault(fault, { extraArgs: excludeArgs(areas, files) })
  outcomes.push(run)
  expect(run.results, run.output).toBeDefined()
  // Counted once, and never zero times: no test is blocked by a rule that passed.
  const uncounted = blockedGroups(run.results!).filter((g) => g.carrierPassed)
  expect(uncounted, 'tests blocked by a rule that passed').toEqual([])
  return new Map(
    run.results!.tests.map((t) => [
      t.rule,
      {
        outcome: t.outcome,
        reason: t.reason,
        ...(t.blockedBy ? { blockedBy: t.blockedBy } : {}),
        // The operations whose answers broke the test's own rule.
        operations: [
          ...new Set(t.violations.filter((v) => v.rule === t.rule).map((v) => v.operationId ?? '')),
        ],
      },
    ]),
  )
}

describe('a defect is counted once', () => {
  afterAll(() => outcomes.forEach(discard))

  test(
    'every unknown kind skipped: the scenario rules fail, the property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('commit-unknown-kinds-ignored')
      for (const rule of SCENARIOS) expect(byRule.get(rule)?.outcome, rule).toBe('fail')
      const property = byRule.get(PROPERTY)
      expect(property?.outcome).toBe('blocked')
      expect(property?.reason).toMatch(
        /^blocked by commits\/updates\/unknown-action-400 and commits\/requirements\/unknown-type-400: /,
      )
    },
  )

  test(
    'every unknown kind skipped, the commits area not in the run: the property judges the kinds itself and fails',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder(
        'commit-unknown-kinds-ignored',
        ['robustness'],
        ['suites/robustness/edge-input.test.ts'],
      )
      for (const rule of SCENARIOS) expect(byRule.has(rule), rule).toBe(false)
      expect(byRule.get(PROPERTY)?.outcome).toBe('fail')
    },
  )

  test(
    'only extension-like names skipped: the scenario rules pass, the property fails',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('unknown-extension-kinds-ignored')
      for (const rule of SCENARIOS) expect(byRule.get(rule)?.outcome, rule).toBe('pass')
      expect(byRule.get(PROPERTY)?.outcome).toBe('fail')
    },
  )

  test(
    'every text that is not JSON answered 422: errors/malformed-json-400 fails, the property passes',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('malformed-json-422', MALFORMED_AREAS, MALFORMED_FILES)
      expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('fail')
      expect(byRule.get(MALFORMED)?.outcome).toBe('pass')
    },
  )

  test(
    'every bad body answered 500: the errors rules fail, and the generated rules where they send no plain body; the rest is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('bad-body-crashes-500', MALFORMED_AREAS, MALFORMED_FILES)
      for (const rule of ['errors/malformed-json-400', 'errors/schema-violation-400'])
        expect(byRule.get(rule)?.outcome, rule).toBe('fail')
      // createNamespace gets both errors rules' plain bodies, createTable one (no text that is not JSON).
      const ns = byRule.get('robustness/generated/createNamespace')
      expect(ns?.outcome).toBe('blocked')
      expect(ns?.reason).toMatch(/^blocked by errors\/malformed-json-400 and errors\/schema-violation-400: /)
      for (const op of ['createTable', 'updateProperties'])
        expect(byRule.get(`robustness/generated/${op}`)?.outcome, op).toBe('fail')
      expect(byRule.get(MALFORMED)?.outcome).toBe('blocked')
      expect(byRule.get(MALFORMED)?.reason).toMatch(
        /^blocked by errors\/malformed-json-400, robustness\/generated\/updateProperties, /,
      )
    },
  )

  test(
    'every body that fails validation answered 500: errors/schema-violation-400 fails, the generated rules it sends a plain body are blocked by it, the others fail',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('generated-invalid-body-500', MALFORMED_AREAS, MALFORMED_FILES)
      expect(byRule.get('errors/schema-violation-400')?.outcome).toBe('fail')
      // Texts that are not JSON are refused as they should be.
      expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('pass')
      for (const op of ['createNamespace', 'createTable']) {
        const t = byRule.get(`robustness/generated/${op}`)
        expect(t?.outcome, op).toBe('blocked')
        expect(t?.reason, op).toMatch(/^blocked by errors\/schema-violation-400: /)
      }
      for (const op of ['updateProperties', 'updateTable'])
        expect(byRule.get(`robustness/generated/${op}`)?.outcome, op).toBe('fail')
    },
  )

  test(
    'only the operations errors/schema-violation-400 sends a plain invalid body crash on invalid bodies: that rule fails, the properties that meet the crash are blocked by it',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('create-invalid-body-500', MALFORMED_AREAS, MALFORMED_FILES)
      expect(byRule.get('errors/schema-violation-400')?.outcome).toBe('fail')
      // Both operations' crashes are reported there, the properties report neither.
      expect(byRule.get('errors/schema-violation-400')?.operations).toEqual([
        'createNamespace',
        'createTable',
      ])
      for (const rule of [
        'robustness/wrong-types/4xx',
        'robustness/generated/createNamespace',
        'robustness/generated/createTable',
      ]) {
        expect(byRule.get(rule)?.outcome, rule).toBe('blocked')
        expect(byRule.get(rule)?.reason, rule).toMatch(/^blocked by errors\/schema-violation-400: /)
      }
      // Its other operations refuse such bodies: nothing else fails.
      expect(byRule.get('robustness/generated/updateProperties')?.outcome).toBe('pass')
    },
  )

  test(
    'only the operations without an errors rule body crash on invalid bodies: their generated rules fail, the wrong-types property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('update-invalid-body-500', MALFORMED_AREAS, MALFORMED_FILES)
      for (const op of ['updateProperties', 'updateTable', 'renameTable'])
        expect(byRule.get(`robustness/generated/${op}`)?.outcome, op).toBe('fail')
      const wrongTypes = byRule.get('robustness/wrong-types/4xx')
      expect(wrongTypes?.outcome).toBe('blocked')
      expect(wrongTypes?.reason).toMatch(
        /^blocked by robustness\/generated\/(updateProperties|updateTable|renameTable)/,
      )
      expect(byRule.get('errors/schema-violation-400')?.outcome).toBe('pass')
    },
  )

  test(
    "the same crashes, but the generated rules' plain wrong type refused: the wrong-types property fails",
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder(
        'update-invalid-body-500-number-refused',
        MALFORMED_AREAS,
        MALFORMED_FILES,
      )
      expect(byRule.get('robustness/wrong-types/4xx')?.outcome).toBe('fail')
    },
  )

  test(
    'the same crashes, the errors area not in the run: the properties judge them themselves and fail',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('create-invalid-body-500', ['robustness'], MALFORMED_FILES.slice(1))
      expect(byRule.has('errors/schema-violation-400')).toBe(false)
      for (const rule of [
        'robustness/wrong-types/4xx',
        'robustness/generated/createNamespace',
        'robustness/generated/createTable',
      ])
        expect(byRule.get(rule)?.outcome, rule).toBe('fail')
    },
  )

  test(
    'texts that are not JSON crash and unknown fields are refused: the generated createNamespace rule warns for the field instead of ending blocked',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder(
        'generated-not-json-500-unknown-field-400',
        MALFORMED_AREAS,
        MALFORMED_FILES,
      )
      expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('fail')
      // The crash is left to errors/malformed-json-400; the refused field is this rule's own SHOULD.
      expect(byRule.get('robustness/generated/createNamespace')?.outcome).toBe('warn')
    },
  )

  test('texts other than the plain ones crash: the property fails', { timeout: 300_000 }, async () => {
    const byRule = await outcomesUnder('malformed-variants-crash-500', MALFORMED_AREAS, MALFORMED_FILES)
    expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('pass')
    expect(byRule.get(MALFORMED)?.outcome).toBe('fail')
  })

  test(
    'a drop that ignores its key: the plain replay rule fails, the 409 replay is blocked by it',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('idempotency-namespace-ops-unkeyed', IDEMPOTENCY, IDEMPOTENCY_FILES)
      expect(byRule.get('idempotency/dropNamespace/replay')?.outcome).toBe('fail')
      expect(byRule.get('idempotency/dropNamespace/replays-409')?.outcome).toBe('blocked')
      expect(byRule.get('idempotency/dropNamespace/replays-409')?.reason).toMatch(
        /^blocked by idempotency\/dropNamespace\/replay: /,
      )
    },
  )

  test(
    'only successes stored: the plain replays pass, the 409 replays fail',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('idempotency-4xx-not-stored', IDEMPOTENCY, IDEMPOTENCY_FILES)
      for (const op of ['createNamespace', 'dropNamespace']) {
        expect(byRule.get(`idempotency/${op}/replay`)?.outcome, op).toBe('pass')
        expect(byRule.get(`idempotency/${op}/replays-409`)?.outcome, op).toBe('fail')
      }
    },
  )

  test(
    'every key ignored: the plain replay rules fail, the replay property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder(
        'idempotency-key-ignored',
        ['idempotency', 'properties'],
        ['suites/idempotency/replay.test.ts', 'suites/properties/idempotent-replay.test.ts'],
      )
      expect(byRule.get('idempotency/createNamespace/replay')?.outcome).toBe('fail')
      expect(byRule.get('properties/idempotency/replay-equivalent')?.outcome).toBe('blocked')
    },
  )

  /**
   * A variant of a case another rule carries: the carrier fails, the variant's rule is blocked by it (or passes, where
   * it accepts what the carrier judges), and the model-based run, which drops and renames in every state, does not
   * fail again. Each variant's own defect is broken by a fault of its own (ns-drop-view-holder-400,
   * ns-drop-parent-400, tbl-purge-answers-200, metrics-commit-report-200).
   */
  const NS_DROP_FILES = [
    'suites/namespaces/drop-not-empty.test.ts',
    'suites/namespaces/nested.test.ts',
    'suites/namespaces/lifecycle.test.ts',
    'suites/stateful/catalog-model.test.ts',
  ]
  const MODEL = 'stateful/catalog/model-agrees'
  const REFUSED = 'namespaces/drop/not-empty-refused'
  const TABLE_409 = 'namespaces/drop/not-empty-table-409'
  const PAGE_SIZE_FILES = [
    'suites/pagination/page-size-bounds.test.ts',
    'suites/robustness/generated-queries.test.ts',
  ]
  const NAMES_FILES = ['suites/namespaces/names.test.ts', 'suites/properties/namespace-roundtrip.test.ts']
  const CARRIED: {
    fault: string
    what: string
    areas: string[]
    files: string[]
    outcomes: Record<string, string>
  }[] = [
    {
      fault: 'ns-percent-path-400',
      what: 'a name with a percent cannot be loaded: names/percent warns, the round-trip property is blocked by it',
      areas: ['namespaces', 'properties'],
      files: NAMES_FILES,
      outcomes: {
        'namespaces/names/percent': 'warn',
        'properties/namespaces/create-load-roundtrip': 'blocked by namespaces/names/percent',
      },
    },
    {
      fault: 'ns-nested-percent-path-400',
      what: 'only a nested name with a percent cannot be loaded: names/percent passes, the property warns',
      areas: ['namespaces', 'properties'],
      files: NAMES_FILES,
      outcomes: {
        'namespaces/names/percent': 'pass',
        'properties/namespaces/create-load-roundtrip': 'warn',
      },
    },
    {
      fault: 'page-size-not-positive-500',
      what: 'pageSize 0 and -1 crash: invalid-terminates fails, invalid-refused is blocked by it',
      areas: ['pagination'],
      files: ['suites/pagination/page-size-bounds.test.ts'],
      outcomes: {
        'pagination/page-size/invalid-terminates': 'fail',
        'pagination/page-size/invalid-refused': 'blocked by pagination/page-size/invalid-terminates',
      },
    },
    {
      fault: 'page-size-unparsed-500',
      what: 'a pageSize that is no number crashes: the generated-query rule fails, invalid-refused is blocked by it',
      areas: ['pagination', 'robustness'],
      files: PAGE_SIZE_FILES,
      outcomes: {
        'robustness/generated-query/listTables': 'fail',
        'pagination/page-size/invalid-refused': 'blocked by robustness/generated-query/listTables',
      },
    },
    {
      fault: 'page-size-nan-500',
      what: 'only a word crashes, no value is refused: invalid-refused warns for the 500 itself',
      areas: ['pagination', 'robustness'],
      files: PAGE_SIZE_FILES,
      outcomes: { 'pagination/page-size/invalid-refused': 'warn' },
    },
    {
      fault: 'page-size-needs-token-500',
      what: 'pageSize without pageToken crashes: page-size-without-token fails, the pageSize rules that send the token do not',
      areas: ['pagination', 'errors'],
      files: [
        'suites/pagination/list-pages.test.ts',
        'suites/pagination/list-namespaces.test.ts',
        'suites/pagination/page-size-bounds.test.ts',
        'suites/errors/errors.test.ts',
      ],
      outcomes: {
        'pagination/listNamespaces/page-size-without-token': 'fail',
        'pagination/listTables/page-size-without-token': 'fail',
        'pagination/listViews/page-size-without-token': 'fail',
        'pagination/page-size/invalid-refused': 'pass',
        'pagination/page-size/invalid-terminates': 'pass',
        'errors/bad-parameter-4xx': 'pass',
      },
    },
    {
      fault: 'ns-drop-not-empty-allowed',
      what: 'a namespace that is not empty dropped: not-empty-refused fails, the 409 rules are blocked by it',
      areas: ['namespaces', 'stateful'],
      files: NS_DROP_FILES,
      outcomes: {
        [REFUSED]: 'fail',
        [TABLE_409]: `blocked by ${REFUSED}`,
        'namespaces/drop/not-empty-view-409': `blocked by ${REFUSED}`,
        'namespaces/drop/has-children-409': `blocked by ${REFUSED}`,
        [MODEL]: 'pass',
      },
    },
    {
      fault: 'ns-drop-not-empty-400',
      what: 'every non-empty drop refused with 400: not-empty-table-409 fails, the view and child cases are blocked by it',
      areas: ['namespaces', 'stateful'],
      files: NS_DROP_FILES,
      outcomes: {
        [REFUSED]: 'pass',
        [TABLE_409]: 'fail',
        'namespaces/drop/not-empty-view-409': `blocked by ${TABLE_409}`,
        'namespaces/drop/has-children-409': `blocked by ${TABLE_409}`,
        [MODEL]: 'pass',
      },
    },
    {
      fault: 'success-204-as-200',
      what: 'every namespace drop answered 200: 204-then-gone fails, the emptied drop, the names and the model take the success',
      areas: ['namespaces', 'stateful'],
      files: [...NS_DROP_FILES, 'suites/namespaces/names.test.ts'],
      outcomes: {
        'namespaces/drop/204-then-gone': 'fail',
        'namespaces/exists/204': 'fail',
        [TABLE_409]: 'pass',
        'namespaces/names/space': 'pass',
        [MODEL]: 'pass',
      },
    },
    {
      fault: 'transaction-200-body',
      what: 'every transaction answered 200: applies-all fails, the race and the replay take the success',
      areas: ['transactions', 'concurrency', 'idempotency'],
      files: [
        'suites/transactions/commit-transaction.test.ts',
        'suites/concurrency/transactions.test.ts',
        'suites/idempotency/replay.test.ts',
      ],
      outcomes: {
        'transactions/commit/applies-all': 'fail',
        'concurrency/transactions/all-or-nothing': 'pass',
        'idempotency/commitTransaction/replay': 'pass',
      },
    },
    {
      fault: 'tbl-drop-204-as-200',
      what: 'every table drop answered 200: 204-then-gone fails, the purge rules are blocked by it',
      areas: ['tables', 'stateful'],
      files: ['suites/tables/drop.test.ts', 'suites/stateful/catalog-model.test.ts'],
      outcomes: {
        'tables/drop/204-then-gone': 'fail',
        'tables/drop/purge-204-then-gone': 'blocked by tables/drop/204-then-gone',
        'tables/drop/purge-registered-204': 'blocked by tables/drop/204-then-gone',
        [MODEL]: 'pass',
      },
    },
    {
      fault: 'tbl-register-refused-400',
      what: 'every registration refused: from-metadata-location fails, the purge of a registered table is blocked by it',
      areas: ['tables'],
      files: ['suites/tables/register.test.ts', 'suites/tables/drop.test.ts'],
      outcomes: {
        'tables/register/from-metadata-location': 'fail',
        'tables/drop/purge-registered-204': 'blocked by tables/register/from-metadata-location',
      },
    },
    {
      fault: 'tbl-missing-namespace-500',
      what: 'a register into a missing namespace answered 500: missing-namespace-404 fails, the no-purge drop (whose probe sends that register) is blocked by it',
      areas: ['tables'],
      files: ['suites/tables/register.test.ts', 'suites/tables/drop.test.ts'],
      outcomes: {
        'tables/register/missing-namespace-404': 'fail',
        'tables/drop/no-purge-keeps-metadata': 'blocked by tables/register/missing-namespace-404',
      },
    },
    {
      fault: 'metrics-200-with-body',
      what: 'every report answered 200: scan-204 fails, commit-204 is blocked by it',
      areas: ['metrics'],
      files: ['suites/metrics/metrics.test.ts'],
      outcomes: {
        'metrics/report/scan-204': 'fail',
        'metrics/report/commit-204': 'blocked by metrics/report/scan-204',
      },
    },
    {
      fault: 'update-remove-specs-500',
      what: 'an action the server cannot parse: its valid rule fails, its invalid variant is blocked by it',
      areas: ['commits'],
      files: ['suites/commits/updates.test.ts', 'suites/commits/invalid-updates.test.ts'],
      outcomes: {
        'commits/updates/remove-partition-specs': 'fail',
        'commits/invalid-updates/remove-default-spec': 'blocked by commits/updates/remove-partition-specs',
      },
    },
    ...(['plan-incremental-501', 'plan-incremental-500'] as const).map((fault) => ({
      fault,
      what: `every incremental plan answered ${fault.slice(-3)}: the valid plan's rule ${fault.endsWith('501') ? 'warns' : 'fails'}, the invalid ones are blocked by it`,
      areas: ['scan-planning'],
      files: SCAN_FILES,
      outcomes: {
        [INCREMENTAL]: fault.endsWith('501') ? 'warn' : 'fail',
        'scan-planning/plan/mixed-kinds-400': `blocked by ${INCREMENTAL}`,
        'scan-planning/plan/incremental-without-end-400': `blocked by ${INCREMENTAL}`,
      },
    })),
    {
      fault: 'plan-not-implemented-501',
      what: 'planTableScan advertised and every plan answered 501: declared-served fails, every rule that plans is blocked by it',
      areas: ['config', 'scan-planning', 'robustness'],
      files: [
        'suites/config/endpoints-served.test.ts',
        ...SCAN_FILES,
        'suites/robustness/generated-inputs.test.ts',
      ],
      outcomes: {
        'config/endpoints/declared-served': 'fail',
        ...Object.fromEntries(
          [
            'scan-planning/plan/status-and-shape',
            'scan-planning/plan/always-true-filter',
            'scan-planning/plan/files-of-snapshot',
            'scan-planning/plan/missing-table-404',
            'scan-planning/fetch/lifecycle',
            'scan-planning/tasks/plan-task',
            INCREMENTAL,
            'scan-planning/plan/mixed-kinds-400',
            'robustness/generated/planTableScan',
          ].map((rule) => [rule, 'blocked by config/endpoints/declared-served']),
        ),
      },
    },
    {
      fault: 'plan-incremental-without-end-500',
      what: 'only a start without an end crashes: incremental-without-end-400 fails, the valid plan passes',
      areas: ['scan-planning'],
      files: SCAN_FILES,
      outcomes: {
        [INCREMENTAL]: 'pass',
        'scan-planning/plan/mixed-kinds-400': 'pass',
        'scan-planning/plan/incremental-without-end-400': 'fail',
      },
    },
    {
      fault: 'commit-set-location-refused-422',
      what: 'set-location refused 422: its update rule fails, the commit-sequence property is blocked by it',
      areas: ['commits', 'properties'],
      files: ['suites/commits/updates.test.ts', 'suites/properties/commit-invariants.test.ts'],
      outcomes: {
        'commits/updates/set-location': 'fail',
        'properties/commits/valid-sequences-keep-invariants': 'blocked by commits/updates/set-location',
      },
    },
    {
      fault: 'commit-ignores-set-location',
      what: 'set-location answered 200 and ignored: the commit-sequence property fails (no valid case answers alike)',
      areas: ['properties'],
      files: ['suites/properties/commit-invariants.test.ts'],
      outcomes: { 'properties/commits/valid-sequences-keep-invariants': 'fail' },
    },
    {
      fault: 'commit-metadata-log-not-kept',
      what: 'no commit records metadata-log: the plain sequence warns, the update kinds do not warn again',
      areas: ['commits'],
      files: ['suites/commits/sequence.test.ts', 'suites/commits/updates.test.ts'],
      outcomes: {
        'commits/invariants/after-each-commit': 'warn',
        'commits/updates/set-properties': 'pass',
        'commits/updates/set-current-schema': 'pass',
      },
    },
    {
      fault: 'schema-commit-metadata-log-not-kept',
      what: 'only schema commits skip metadata-log: their update kind warns',
      areas: ['commits'],
      files: ['suites/commits/sequence.test.ts', 'suites/commits/updates.test.ts'],
      outcomes: { 'commits/updates/set-current-schema': 'warn', 'commits/updates/set-properties': 'pass' },
    },
  ]
  /**
   * An error answer whose body is no JSON (a web server's HTML page, a container's JSON page that does not parse) is
   * one defect, the envelope check's: its Content-Type and its parse are not reported again by the HTTP checks.
   */
  for (const fault of ['html-error-page', 'error-body-invalid-json'])
    test(
      `${fault}: an error body that is no JSON is errors/envelope's alone`,
      { timeout: 300_000 },
      async () => {
        const f = FAULTS.find((x) => x.name === fault)!
        const run = await runFault(f)
        outcomes.push(run)
        expect(run.results, run.output).toBeDefined()
        const rules = new Set(run.results!.tests.flatMap((t) => t.violations.map((v) => v.rule)))
        expect(rules).toContain('errors/envelope')
        expect(rules).not.toContain('http/json-content-type')
        expect(rules).not.toContain('http/json-body')
      },
    )

  for (const c of CARRIED)
    test(`${c.fault}: ${c.what}`, { timeout: 300_000 }, async () => {
      const byRule = await outcomesUnder(c.fault, c.areas, c.files)
      for (const [rule, want] of Object.entries(c.outcomes)) {
        const got = byRule.get(rule)
        const carrier = /^blocked by (.+)$/.exec(want)?.[1]
        if (carrier === undefined) expect(got?.outcome, rule).toBe(want)
        else {
          expect(got?.outcome, rule).toBe('blocked')
          // Named by the test's own reason, or reached through a carrier blocked in turn (reports/blocked.ts).
          if (got?.blockedBy !== carrier) expect(got?.reason, rule).toContain(`blocked by ${carrier}:`)
        }
      }
    })
})
