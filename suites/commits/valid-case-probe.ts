/**
 * The answer a server gives the valid case of an update action (update-cases.ts, the commit commits/updates/<action>
 * judges), sent on a fresh table. A test whose commit of that action got the same answer leaves it to that rule: the
 * server fails the action itself, and the action's own rule judges that once. Used by the invalid variants of an
 * action (commits/invalid-updates/*) and by the generated commit sequences (properties/commits/…).
 */
import type { Fixtures } from '../_harness/dsl.ts'
import { commit, setupCaseTable, stateOf } from '../_harness/support/commit-steps.ts'
import { UPDATE_CASES } from './update-cases.ts'

/** The rule of an action's valid case. */
export const validCaseRule = (action: string): string => `commits/updates/${action}`

/**
 * The status of the valid case of `action` in `namespace`, or undefined where there is none (an action without a
 * valid case, or one whose table the server cannot make: a format version it does not offer).
 */
export async function validCaseStatus(
  ctx: Pick<Fixtures, 'catalog' | 'check' | 'sandbox' | 'run' | 'unsupported'>,
  namespace: string[],
  action: string,
): Promise<number | undefined> {
  const valid = UPDATE_CASES.find((u) => u.action === action)
  if (!valid) return undefined
  const { catalog, check, sandbox, run } = ctx
  const ref = { namespace, table: sandbox.names.table(`${action}-valid`) }
  // A server that cannot create the valid case's table leaves the caller's answer to be judged as it is: the probe
  // ends, the test is not made unsupported by it.
  const noProbe = new Error('the valid case cannot be set up')
  const setUp = await setupCaseTable(
    {
      ...ctx,
      unsupported: () => {
        throw noProbe
      },
    },
    ref,
    valid,
  ).catch((e: unknown) => {
    if (e === noProbe) return undefined
    throw e
  })
  if (!setUp) return undefined
  let state = setUp.state
  const sid = setUp.snapshotId
  if (valid.prepare) {
    const prepared = await commit(catalog, ref, [], valid.prepare(state.metadata, sid, run.profile))
    state = stateOf(check.setup(prepared, `prepare the valid ${action}`))
  }
  return (await commit(catalog, ref, [], valid.updates(state.metadata, sid, run.profile))).status
}
