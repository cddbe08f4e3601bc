/**
 * A fault is a named, realistic spec violation that the reference server can be switched into, for the
 * project's own tests only (negative controls). Running the suites of `areas` against the faulty server must
 * make every rule in `breaks` come out "fail" (or "warn" for a SHOULD rule), while the clean server passes.
 */
import type { FaultHooks, ReferenceServerOptions } from '../reference-server/index.ts'
import type { WireHook } from './wire-proxy.ts'

export interface Fault {
  /** Unique kebab-case name, e.g. `drop-namespace-204-as-200`. */
  readonly name: string
  /** The violation in one sentence, as a vendor would recognize it. */
  readonly description: string
  /** Suite areas (folders under suites/) to run against the faulty server. */
  readonly areas: readonly string[]
  /**
   * Optional: the suite files (paths under suites/, e.g. `namespaces/lifecycle.test.ts`) that suffice to show
   * the break; the control then runs only these. Without it, the runner narrows to the files that declare
   * the rules in `breaks`, or runs the whole areas when a rule is a check's (`http/…`, `errors/…`, `schema/…`).
   */
  readonly files?: readonly string[]
  /** Rule ids that must fail (or warn, for SHOULD rules). */
  readonly breaks: readonly string[]
  /** Fresh hooks per run (hooks may keep state). */
  readonly hooks: () => FaultHooks
  /**
   * Optional fault below the server's hooks (controls/wire-proxy.ts): a response that never comes, a
   * closed connection, a body the adapter would strip. Fresh per run.
   */
  readonly wire?: () => WireHook
  /** Extra server options (e.g. auth) and extra CLI flags for the run (e.g. --token). */
  readonly server?: Partial<ReferenceServerOptions>
  readonly runArgs?: readonly string[]
  /**
   * Rule ids whose tests may come out "error" under this fault (a setup step it breaks, for instance);
   * `area/*` allows a whole area. Any other test that errors under the fault but not on the clean server
   * makes the control fail: the fault would then hide rules instead of breaking them.
   */
  readonly allowErrors?: readonly string[]
}
