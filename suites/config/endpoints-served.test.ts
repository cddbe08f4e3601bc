/**
 * Declared versus served: every endpoint that
 * /v1/config advertises answers a well-formed request with something other than 404, 405 or 501; and an
 * endpoint that is served but not advertised is reported (servers should list every route they serve).
 */
import type { OperationId } from '../../schemas/operations.ts'
import { OPERATION_IDS } from '../../schemas/operations.ts'
import { supports } from '../_harness/capabilities.ts'
import { operation, rule } from '../_harness/dsl.ts'
import {
  PROBES,
  describe,
  notServed,
  probeAll,
  probeWorld,
  servedEvidence,
} from '../_harness/support/endpoint-probes.ts'

const probed = OPERATION_IDS.filter((id): id is OperationId => PROBES[id] !== undefined)

operation('getConfig', () => {
  rule(
    {
      id: 'config/endpoints/declared-served',
      title: 'every advertised endpoint answers a well-formed request (not 404, 405 or 501)',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check, run }) => {
      // A server that lists no endpoints is read as serving the document's default set: "If a server does not send
      // the endpoints field, a default set of endpoints is assumed"; supports() answers for that set then.
      const world = await probeWorld(catalog, check, sandbox)
      const advertised = probed.filter((id) => id !== 'getConfig' && supports(run.caps, id))
      const broken = (await probeAll(catalog, world, advertised))
        .filter(({ ex }) => notServed(ex, world))
        .map(({ id, ex }) => `${id}: ${describe(ex)}`)
      const which = run.caps.endpointsAdvertised ? 'advertised endpoints' : 'endpoints of the default set'
      check.that(broken.length === 0, `${which} that are not served`, {
        received: broken,
        expected: `every ${which.replace(/s(?= )/, '')} served`,
      })
    },
  )

  rule(
    {
      id: 'config/endpoints/served-advertised',
      title: 'an endpoint the server serves is advertised in /v1/config endpoints',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check, run, unsupported }) => {
      if (!run.caps.endpointsAdvertised)
        unsupported('/v1/config lists no endpoints (clients assume the default set)')
      const hidden = probed.filter((id) => id !== 'getConfig' && !supports(run.caps, id))
      if (hidden.length === 0) unsupported('every operation of the spec is advertised')
      const world = await probeWorld(catalog, check, sandbox)
      const unlisted = (await probeAll(catalog, world, hidden))
        .filter(({ ex }) => servedEvidence(ex, world))
        .map(({ id, ex }) => `${id}: ${describe(ex)}`)
      check.that(unlisted.length === 0, 'endpoints served but not advertised', {
        received: unlisted,
        expected: 'none',
      })
    },
  )
})
