import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Defect } from './defects.ts'
import { reproductionScript } from './reproduction.ts'

const BASE = 'http://127.0.0.1:8181'
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`
const curl = (method: string, path: string, body?: unknown): string =>
  [
    'curl -sS -i -X',
    method,
    `-H 'accept: application/json'`,
    ...(body === undefined
      ? []
      : [`-H 'content-type: application/json'`, '--data-raw', q(JSON.stringify(body))]),
    q(`${BASE}${path}`),
  ].join(' ')

function defect(reproduction: string[], answers: (string | undefined)[], mayMiss = false): Defect {
  return {
    id: 'D1',
    key: 'k',
    level: 'MUST',
    kind: 'wrong-status',
    family: 'create',
    title: 't',
    rules: [],
    tests: ['t'],
    operations: [],
    occurrences: [],
    reproduction,
    reproductionAnswers: answers,
    reproductionMayMiss: mayMiss,
  }
}

/**
 * Runs a script with a stub curl: each call prints its arguments (one a line, after a marker), then the answer the
 * stub's table gives its URL's last segment, so that the script's reading of answers is exercised.
 */
function runScript(script: string, answers: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'repro-'))
  writeFileSync(join(dir, 'repro.sh'), script)
  execFileSync('sh', ['-n', join(dir, 'repro.sh')])
  const table = Object.entries(answers)
    .map(([suffix, body]) => `  *${suffix}) printf 'HTTP/1.1 200 OK\\r\\n\\r\\n%s' ${q(body)} ;;`)
    .join('\n')
  writeFileSync(
    join(dir, 'curl'),
    `#!/bin/sh\nprintf '=== %s\\n' "$@"\nfor last in "$@"; do :; done\ncase "$last" in\n${table}\n  *) printf 'HTTP/1.1 204 No Content\\r\\n\\r\\n' ;;\nesac\n`,
    { mode: 0o755 },
  )
  return execFileSync('sh', [join(dir, 'repro.sh')], {
    env: { PATH: `${dir}:/usr/bin:/bin`, CATALOG_URL: 'http://fresh:1' },
  }).toString()
}

describe('reproduction scripts', () => {
  it('read a value the server made up from its own answer where a later request sends it back', () => {
    const old = 'file:/old/warehouse/ns/v/metadata/00000-a.metadata.json'
    const create = curl('POST', '/v1/namespaces/ns/views', { name: 'v' })
    const register = curl('POST', '/v1/namespaces/ns/register-view', { name: 'v', 'metadata-location': old })
    const script = reproductionScript(
      defect(
        [curl('POST', '/v1/namespaces', { namespace: ['ns'] }), create, register],
        [
          // The namespace's location is a prefix of the view's: not the value sent back.
          '{"namespace":["ns"],"properties":{"location":"file:/old/warehouse/ns"}}',
          `{"metadata-location":"${old}","metadata":{"location":"file:/old/warehouse/ns/v"}}`,
          '{}',
        ],
      ),
      BASE,
    )
    expect(script).toContain(
      `v1=$(printf '%s' "$out" | grep -o '"metadata-location" *: *"[^"]*"' | sed -n '1p'`,
    )
    expect(script).not.toContain('v2=')
    expect(script).not.toContain(old)
    const out = runScript(script, { '/views': '{"metadata-location":"file:/fresh/v.metadata.json"}' })
    expect(out).toContain('=== {"name":"v","metadata-location":"file:/fresh/v.metadata.json"}')
  })

  it('write the setup of a failing request recorded alone, and point its uuid requirement at what it created', () => {
    const failing = curl('POST', '/v1/namespaces/a%1Fb/views/v', {
      identifier: { namespace: null, name: 'v' },
      requirements: [{ type: 'assert-view-uuid', uuid: '286c1b6d-ace6-4f70-a67b-71d5bd81cd38' }],
      updates: [],
    })
    const script = reproductionScript(defect([failing], [undefined], true), BASE)
    expect(script).toContain("not the test's own")
    expect(script).not.toContain('may be missing')
    const out = runScript(script, {
      '/views': '{"metadata":{"view-uuid":"11111111-2222-3333-4444-555555555555"}}',
    })
    // The parent level first, then the nested namespace, then the view in it, then the failing request.
    const bodies = out.split('\n').filter((l) => l.startsWith('=== {'))
    expect(bodies.slice(0, 2)).toEqual(['=== {"namespace":["a"]}', '=== {"namespace":["a","b"]}'])
    expect(bodies[2]).toMatch(/^=== \{"schema":.*"default-namespace":\["a","b"\]/)
    expect(bodies[2]).toContain('"name":"v"')
    expect(out).toContain('=== http://fresh:1/v1/namespaces/a%1Fb/views')
    expect(bodies[3]).toContain('"uuid":"11111111-2222-3333-4444-555555555555"')
  })

  it('say when a lone request’s setup cannot be told, a malformed path segment included', () => {
    for (const path of ['/v1/config', '/v1/namespaces/%/tables/t', '/v1/namespaces/ns/tables/%zz']) {
      const script = reproductionScript(defect([curl('GET', path)], [undefined], true), BASE)
      expect(script).toContain('may be missing')
      expect(script).not.toContain('Setup written')
    }
  })
})
