/**
 * The harness's words in the Vitest UI. Vitest knows pass, fail and skip; the harness also says warn (a SHOULD was
 * broken: Vitest shows a pass), error (the rule could not be judged: Vitest shows a fail) and unsupported or
 * not-configured (Vitest shows a skip, with the reason). Each test therefore carries an annotation that names its
 * outcome, and a failing or warning one a plain-text transcript of the answers that broke the rule, with curl
 * lines wrapped so they read in the UI's panel. Only annotations: the verdict comes from meta, never from these.
 */
import type { ConformanceMeta } from './meta.ts'
import { outcomeOf } from './outcome.ts'
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

/** The note of a test that ended; `thrown` when it threw. Its outcome is the reports' own (outcome.ts). */
export function uiNote(meta: ConformanceMeta, thrown?: unknown): UiNote | undefined {
  // A skip (unsupported, not-configured, disabled) ends in a throw as well; Vitest shows it with its reason.
  if (thrown !== undefined && meta.outcome !== undefined && meta.outcome !== 'warn') return undefined
  const outcome = outcomeOf({ state: thrown === undefined ? 'passed' : 'failed', thrown, meta })
  if (outcome === 'error')
    return {
      type: 'error',
      message:
        'error: the rule could not be judged (a setup step or the harness failed); not a finding against the server',
      ...transcriptField(meta.violations),
    }
  if (outcome === 'fail')
    return {
      type: 'fail',
      message: `fail: ${meta.level} rule ${meta.rule} is broken`,
      ...transcriptField(meta.violations),
    }
  if (outcome !== 'warn') return undefined
  const should = meta.violations.filter((v) => v.level === 'SHOULD')
  return {
    type: 'warn',
    message: `warn: a SHOULD was not met (${should[0]?.rule ?? meta.rule}); the test shows as passed in Vitest`,
    ...transcriptField(should),
  }
}

function transcriptField(violations: readonly Violation[]): { transcript?: string } {
  const transcript = transcriptOf(violations)
  return transcript ? { transcript } : {}
}
