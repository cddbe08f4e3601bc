/**
 * The harness's words in the Vitest UI. Vitest knows pass, fail and skip; the harness also says warn (a SHOULD was
 * broken: Vitest shows a pass), error (the rule could not be judged: Vitest shows a fail) and unsupported or
 * not-configured (Vitest shows a skip, with the reason). Each test therefore carries an annotation that names its
 * outcome, and a failing or warning one a plain-text transcript of the answers that broke the rule, with curl
 * lines wrapped so they read in the UI's panel. Only annotations: the verdict comes from meta, never from these.
 */
import type { ConformanceMeta } from './meta.ts'
import type { Violation } from './violation.ts'

export interface UiNote {
  readonly message: string
  /** Vitest annotation type: shown as a label in the UI. */
  readonly type: 'warn' | 'fail' | 'error'
  /** Plain-text transcript (violations with their curl lines), when there is one. */
  readonly transcript?: string
}

/** A curl line broken before each option (never inside a quoted value), as a shell still accepts it. */
export function wrapCurl(curl: string): string {
  let out = ''
  let quoted = false
  for (let i = 0; i < curl.length; i++) {
    const c = curl[i] as string
    if (c === "'") quoted = !quoted
    if (c === ' ' && !quoted && curl[i + 1] === '-') out += ' \\\n    '
    else out += c
  }
  return out
}

function transcriptOf(violations: readonly Violation[]): string | undefined {
  const lines = violations
    .slice(0, 5)
    .flatMap((v) => [`${v.level} ${v.rule}: ${v.message}`, ...(v.curl ? [wrapCurl(v.curl)] : []), ''])
  return lines.length ? lines.join('\n') : undefined
}

/** The note of a test that ended; `thrown` when it threw (failed, or could not be judged). */
export function uiNote(meta: ConformanceMeta, thrown?: { readonly name?: string }): UiNote | undefined {
  if (thrown) {
    if (meta.outcome && meta.outcome !== 'warn') return undefined // unsupported, not-configured, disabled: a skip
    const setup = thrown.name === 'SetupError' || thrown.name === 'HarnessError'
    const transcript = transcriptOf(meta.violations)
    return {
      type: setup ? 'error' : 'fail',
      message: setup
        ? 'error: the rule could not be judged (a setup step or the harness failed); not a finding against the server'
        : `fail: ${meta.level} rule ${meta.rule} is broken`,
      ...(transcript ? { transcript } : {}),
    }
  }
  if (meta.outcome !== 'warn') return undefined
  const should = meta.violations.filter((v) => v.level === 'SHOULD')
  const transcript = transcriptOf(should)
  return {
    type: 'warn',
    message: `warn: a SHOULD was not met (${should[0]?.rule ?? meta.rule}); the test shows as passed in Vitest`,
    ...(transcript ? { transcript } : {}),
  }
}
