/**
 * Legal variant (issue 14, item 12): the reference server behind a proxy that accepts a metrics report
 * for a missing table and a cancel of an unknown plan with 204. No spec sentence forbids either (the spec
 * documents what a 404 means there, not that one is required), so the run is conformant; the two rules
 * come out as warnings, which is also what the negative controls for them require.
 */
import { describe, expect, it } from 'vitest'
import { discard, runControl } from './run-fault.ts'
import type { WireHook } from './wire-proxy.ts'

const LENIENT_ROUTE = /\/tables\/[^/]+\/(metrics|plan\/[^/?]+)(\?|$)/

/** A 404 from reportMetrics or cancelPlanning becomes an empty 204. */
const acceptUnknown: WireHook = (req, res) =>
  res.status === 404 && ['POST', 'DELETE'].includes(req.method) && LENIENT_ROUTE.test(req.url)
    ? {
        kind: 'respond',
        response: { status: 204, headers: { 'content-length': '0' }, body: Buffer.alloc(0) },
      }
    : { kind: 'pass' }

describe('legal variants: statuses the spec documents but does not require', () => {
  it('certifies a server that accepts reports for missing tables and cancels of unknown plans', async () => {
    const run = await runControl({
      label: 'legal-accept-unknown',
      areas: ['metrics', 'scan-planning'],
      wire: acceptUnknown,
    })
    const outcome = (rule: string) => run.results?.tests.find((t) => t.rule === rule)?.outcome
    expect(run.exitCode, run.output).toBe(0)
    expect(outcome('metrics/report/missing-table-404')).toBe('warn')
    expect(outcome('scan-planning/cancel/unknown-plan-404')).toBe('warn')
    expect((run.results?.tests ?? []).filter((t) => t.outcome === 'fail').map((t) => t.rule)).toEqual([])
    discard(run)
  }, 600_000)
})
