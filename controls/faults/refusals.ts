/**
 * Negative controls of the refusal rule (suites/_harness/support/refusal.ts): a clean 403 or 406 with the error
 * envelope to an update kind is a refusal of the feature, not judged. What is not a clean refusal still is: a 403
 * whose body is not the envelope, and a 403 to a commit that the server applied all the same.
 */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { errorResponse, requestJson } from './scenario-kit.ts'

/** The request is an updateTable whose updates include `action`. */
function sends(body: Record<string, unknown> | undefined, action: string): boolean {
  const updates = body?.updates
  return Array.isArray(updates) && updates.some((u) => (u as { action?: unknown } | null)?.action === action)
}

export const faults: Fault[] = [
  {
    name: 'update-kind-403-bare',
    description:
      'updateTable refuses set-location with 403 and a plain-text "Forbidden" from a gateway, not the error envelope.',
    areas: ['commits'],
    files: ['commits/updates.test.ts'],
    breaks: ['commits/updates/set-location'],
    hooks: () => ({
      onRequest: (req) =>
        req.method === 'POST' && /\/tables\/[^/]+$/.test(req.path) && sends(requestJson(req), 'set-location')
          ? { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' }
          : req,
    }),
  },
  {
    name: 'update-kind-403-after-applying',
    description:
      'updateTable applies remove-snapshots, then answers 403 ForbiddenException as if the update had been refused.',
    areas: ['commits'],
    files: ['commits/updates.test.ts'],
    breaks: ['commits/updates/remove-snapshots'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        () => errorResponse(403, 'ForbiddenException', 'remove-snapshots is not allowed'),
        (res, req) => res.status === 200 && sends(requestJson(req), 'remove-snapshots'),
      ),
    }),
  },
]
