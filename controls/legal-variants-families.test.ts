/**
 * Issue 14, item 10: one missing feature fails one rule. The reference server behind a proxy that refuses
 * (400) to create a table using variant, geometry or geography fails the rule of those type families and
 * no other: the general create-load round trip never draws them.
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

describe('one missing feature fails one rule', () => {
  it('a server without variant and geo types fails only the v3 type-family round trip', async () => {
    const run = await runControl({ label: 'legal-no-geo', areas: ['properties'], wire: noGeoOrVariant })
    const tests = run.results?.tests ?? []
    const outcome = (rule: string) => tests.find((t) => t.rule === rule)?.outcome
    expect(outcome('properties/tables/create-load-roundtrip'), run.output).toBe('pass')
    expect(tests.filter((t) => t.outcome === 'fail' || t.outcome === 'error').map((t) => t.rule)).toEqual([
      'properties/tables/create-load-roundtrip-v3-families',
    ])
    discard(run)
  }, 600_000)
})
