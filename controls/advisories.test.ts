/**
 * Advisories can fire, and never change the verdict: against a server that leaks a stack trace in its 404s, echoes
 * TRACE and accepts a relative table location, each advisory rule records its finding while the run stays
 * conformant (exit 0); against the clean server none fires.
 */
import { afterAll, describe, expect, test } from 'vitest'
import type { ServerResponse } from '../reference-server/index.ts'
import { discard, runControl } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const outcomes: RunOutcome[] = []

const json = (status: number, body: unknown): ServerResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('advisories', () => {
  afterAll(() => outcomes.forEach(discard))

  test('fire on a leaky server without changing its verdict', { timeout: 300_000 }, async () => {
    const leaky = await runControl({
      label: 'advisories-leaky',
      areas: ['robustness/advisories.test.ts'],
      hooks: {
        onRequest: (req) => {
          if (req.method === 'TRACE')
            return {
              status: 200,
              headers: { 'content-type': 'message/http' },
              body: `TRACE ${req.path}\n${Object.entries(req.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}`,
            }
          // A server that takes a relative location as it comes.
          if (
            req.method === 'POST' &&
            /\/tables$/.test(req.path) &&
            req.body.includes('conformance-relative/')
          )
            return {
              ...req,
              body: req.body.replace('"conformance-relative/', '"file:/tmp/conformance-relative/'),
            }
          return req
        },
        onResponse: (req, res) => {
          if (res.status === 404)
            return json(404, {
              error: {
                message:
                  'Namespace does not exist\n\tat org.apache.iceberg.rest.CatalogHandlers.loadNamespace(CatalogHandlers.java:142)',
                type: 'NoSuchNamespaceException',
                code: 404,
              },
            })
          if (req.method === 'POST' && /\/tables$/.test(req.path) && res.status === 200)
            return {
              ...res,
              body: (res.body ?? '').replaceAll('"file:/tmp/conformance-relative/', '"conformance-relative/'),
            }
          return res
        },
      },
    })
    outcomes.push(leaky)
    expect(leaky.exitCode, leaky.output).toBe(0)
    const found = (leaky.results?.tests ?? []).flatMap((t) => (t.advisories ?? []).map(() => t.rule)).sort()
    expect(found).toEqual([
      'advisories/errors/no-internals',
      'advisories/http/trace-off',
      'advisories/tables/relative-location',
    ])
    expect(leaky.output).toContain('advisory (not part of the verdict)')

    const clean = await runControl({ label: 'advisories-clean', areas: ['robustness/advisories.test.ts'] })
    outcomes.push(clean)
    expect(clean.exitCode, clean.output).toBe(0)
    expect((clean.results?.tests ?? []).flatMap((t) => t.advisories ?? [])).toEqual([])
  })
})
