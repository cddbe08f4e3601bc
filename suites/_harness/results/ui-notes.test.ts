import { describe, expect, it } from 'vitest'
import type { ConformanceMeta } from './meta.ts'
import { ConformanceFailure, SetupError } from './errors.ts'
import { uiNote, wrapCurl } from './ui-notes.ts'

const meta = (over: Partial<ConformanceMeta> = {}): ConformanceMeta => ({
  area: 'tables',
  operationId: 'loadTable',
  rule: 'tables/load/x',
  level: 'MUST',
  title: 't',
  violations: [],
  exchanges: [],
  ...over,
})

const should = {
  check: 'status',
  rule: 'tables/load/etag',
  level: 'SHOULD' as const,
  message: 'no ETag',
  curl: "curl -sS -i -H 'accept: application/json' 'http://h/v1/x'",
}

describe('the harness outcome as a Vitest UI annotation', () => {
  it('names a warn (Vitest shows a pass) with a transcript, and says nothing of a plain pass', () => {
    expect(uiNote(meta())).toBeUndefined()
    const note = uiNote(meta({ outcome: 'warn', violations: [should] }))
    expect(note?.type).toBe('warn')
    expect(note?.message).toMatch(/SHOULD.*tables\/load\/etag/)
    expect(note?.transcript).toContain("-H 'accept: application/json'")
  })
  it('tells a failure of the server from a rule that could not be judged, and leaves skips alone', () => {
    expect(
      uiNote(meta({ violations: [{ ...should, level: 'MUST' }] }), new ConformanceFailure('x'))?.type,
    ).toBe('fail')
    expect(uiNote(meta(), new SetupError('x'))?.type).toBe('error')
    // As in the reports: a plain throw that is no rule's failure is an error, never a fail.
    expect(uiNote(meta(), new Error('boom'))?.type).toBe('error')
    expect(uiNote(meta({ outcome: 'unsupported' }), new Error('skip'))).toBeUndefined()
  })
  it('wraps a curl line before each option', () => {
    expect(wrapCurl('curl -sS -i -X POST --data-raw \'{"a": "x -y"}\' \'http://h\'')).toBe(
      'curl \\\n    -sS \\\n    -i \\\n    -X POST \\\n    --data-raw \'{"a": "x -y"}\' \'http://h\'',
    )
  })
})
