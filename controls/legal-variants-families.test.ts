/**
 * One missing feature, no failure: the reference server behind a proxy that refuses (400, with the error envelope) to
 * create a table using variant, geometry or geography leaves the rule of those type families unsupported and touches
 * no other (the general create-load round trip never draws them). Once (issue 14) this was one failure; a clean
 * refusal of an optional feature is no failure at all (issue 33).
 */
import { describe, expect, it } from 'vitest'
import { discard, runControl } from './run-fault.ts'
import type { WireHook } from './wire-proxy.ts'

const FAMILY = /"(variant|geometry|geography)(\([^"]*\))?"/

/** createTable with a variant or geo column answers 400 BadRequestException. */
const noGeoOrVariant: WireHook = (req) => {
  const isCreate = req.method === 'POST' && /\/namespaces\/[^/]+\/tables(\?|$)/.test(req.url)
  if (!isCreate || !FAMILY.test(req.body.toString('utf8'))) return { kind: 'pass' }
  const body = Buffer.from(
    JSON.stringify({ error: { message: 'unsupported type', type: 'BadRequestException', code: 400 } }),
  )
  return {
    kind: 'respond',
    response: {
      status: 400,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    },
  }
}

describe('one missing feature is one unsupported rule', () => {
  it('a server without variant and geo types certifies: only the v3 type-family round trip is unsupported', async () => {
    const run = await runControl({ label: 'legal-no-geo', areas: ['properties'], wire: noGeoOrVariant })
    const tests = run.results?.tests ?? []
    const outcome = (rule: string) => tests.find((t) => t.rule === rule)?.outcome
    expect(outcome('properties/tables/create-load-roundtrip'), run.output).toBe('pass')
    // A clean refusal of an optional feature is unsupported ("should ideally support all Iceberg table spec
    // versions"), with the server's answer as the reason; nothing fails.
    expect(outcome('properties/tables/create-load-roundtrip-v3-families'), run.output).toBe('unsupported')
    expect(tests.filter((t) => t.outcome === 'fail' || t.outcome === 'error').map((t) => t.rule)).toEqual([])
    discard(run)
  }, 600_000)
})
