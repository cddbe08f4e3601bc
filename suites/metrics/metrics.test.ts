/**
 * reportMetrics: scan and commit
 * reports are accepted with 204 and no body; a report for a table that does not exist is 404.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTable, fixture } from '../_harness/support/catalog-objects.ts'
import { SETUP_CARRIERS } from '../_harness/setup-carriers.ts'
import { blockIfPlainAnswersAlike } from '../_harness/support/carried-answers.ts'
import { judgeInvalidBody } from '../_harness/support/invalid-body.ts'

const report = (file: string, table: string) => ({
  ...fixture<Record<string, unknown>>(file),
  'table-name': table,
})

const SCAN_FILE = 'scan-report.json'

operation('reportMetrics', () => {
  for (const [kind, file] of [
    ['scan', SCAN_FILE],
    ['commit', 'commit-report.json'],
  ] as const) {
    rule(
      {
        id: `metrics/report/${kind}-204`,
        title: `a ${kind} report is accepted with 204 and no body`,
        requires: ['createNamespace', 'createTable', 'reportMetrics'],
      },
      async ({ catalog, sandbox, check }) => {
        const ns = await sandbox.namespace(catalog, kind)
        await createTable(catalog, check, ns, 't')
        const send = (reportFile: string) =>
          catalog.op.reportMetrics({
            namespace: ns,
            table: 't',
            body: report(reportFile, [...ns, 't'].join('.')),
          })
        const ex = await send(file)
        // The scan report is the plain case (metrics/report/scan-204 carries reportMetrics): a commit report's other
        // success that a scan report gets too is that rule's defect.
        if (kind === 'commit')
          await blockIfPlainAnswersAlike(
            ex,
            204,
            SETUP_CARRIERS.reportMetrics!,
            () => send(SCAN_FILE),
            'a commit report',
          )
        check.conform(ex, { status: 204 })
      },
    )
  }

  rule(
    {
      id: 'metrics/report/missing-table-404',
      title: 'a report for a table that does not exist is 404',
      requires: ['createNamespace', 'reportMetrics'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'nometrics')
      const ex = await catalog.op.reportMetrics({
        namespace: ns,
        table: 'nope',
        body: report('scan-report.json', [...ns, 'nope'].join('.')),
      })
      check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
    },
  )

  rule(
    {
      id: 'metrics/report/malformed-400',
      title: 'a report without report-type is never answered with a 5xx; refused with a 4xx (400 expected)',
      requires: ['createNamespace', 'createTable', 'reportMetrics'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'badreport')
      await createTable(catalog, check, ns, 't')
      const body: Record<string, unknown> = report('scan-report.json', [...ns, 't'].join('.'))
      delete body['report-type']
      delete body.metrics
      const ex = await catalog.op.reportMetrics({ namespace: ns, table: 't', body })
      // ReportMetricsRequest requires report-type: a body that fails validation, judged as everywhere
      // (support/invalid-body.ts): a 5xx fails, the refusal and exactly 400 are SHOULDs.
      judgeInvalidBody(check, ex, 'a report without report-type')
    },
  )
})
