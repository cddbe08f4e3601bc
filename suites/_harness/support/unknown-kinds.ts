/**
 * Commits that carry an update action or a requirement type no release defines, next to a probe property that a
 * refused commit must not apply. The scenario rules send them (commits/updates/unknown-action-400,
 * commits/requirements/unknown-type-400 and their every-release parts); the robustness property over generated names
 * sends them first, so that a server which refuses neither is judged once, by those rules, not again for every name.
 */

/** The property a refused commit must not have set. */
export const UNKNOWN_PROBE = 'conformance.probe'

export interface CommitBody {
  readonly requirements: readonly unknown[]
  readonly updates: readonly unknown[]
}

/** An update that sets the probe property to `value` (a commit that must be refused must not apply it). */
export const probeUpdate = (value: string) => ({
  action: 'set-properties',
  updates: { [UNKNOWN_PROBE]: value },
})

const probe = probeUpdate('unknown')

/** An update action no release defines, after one the commit must not apply either. */
export const UNKNOWN_ACTION_COMMIT: CommitBody = {
  requirements: [],
  updates: [probe, { action: 'conformance-unknown-action' }],
}

/** A requirement type no release defines, guarding an update it must keep from applying. */
export const UNKNOWN_REQUIREMENT_COMMIT: CommitBody = {
  requirements: [{ type: 'assert-conformance-unknown' }],
  updates: [probe],
}
