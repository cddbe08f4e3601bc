/**
 * Property: namespace property updates behave like a map: `updates` set keys,
 * `removals` delete keys, keys not named are left unchanged; the response lists the keys updated and
 * removed. A random sequence of updates is compared with a Map model after every step; each run drives
 * NAMESPACE_LANES sequences at once, each on a namespace of its own (support/lanes.ts).
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import { propertyMap } from '../_harness/arbitraries/property-map.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { lanedProperty, laneRuns } from '../_harness/support/lanes.ts'
import { freshNamespace } from '../_harness/support/scratch.ts'

/**
 * Sequences a run drives at once: thirteen (two runs of 26), not lanes.ts's five (five runs, 53 round trips one after
 * another, a certification's longest chain once the model-based runs were shortened). Found alike, seeds 1-12: the two
 * faults of this rule (controls/faults/properties.ts) 12 of 12 with five lanes and with thirteen, their failing chains
 * within a few round trips of each other (shrinking is most of them).
 */
const NAMESPACE_LANES = 13

interface Step {
  readonly updates: Record<string, string>
  /** Indexes into the keys known so far, plus fresh keys that never existed. */
  readonly remove: readonly number[]
  readonly removeMissing: readonly string[]
}

const step: fc.Arbitrary<Step> = fc.record({
  updates: propertyMap({ maxKeys: 4, keyPrefix: 'k' }),
  remove: fc.array(fc.nat(), { maxLength: 3 }),
  removeMissing: fc.array(fc.constantFrom('missing-a', 'missing-b'), { maxLength: 1 }),
})

interface UpdateResponse {
  updated?: string[]
  removed?: string[]
  missing?: string[] | null
}

operation('updateProperties', () => {
  rule(
    {
      id: 'properties/namespace-properties/map-model',
      title: 'namespace property updates and removals behave like a map; untouched keys keep their values',
      requires: ['createNamespace', 'updateProperties', 'loadNamespaceMetadata', 'dropNamespace'],
    },
    async ({ run, meta, catalog, sandbox, check, unsupported }) => {
      const probe = await freshNamespace(sandbox, catalog, 'nsprops')
      const first = await catalog.op.updateProperties({
        namespace: probe.ns,
        body: { updates: { probe: '1' } },
      })
      await probe.drop()
      if (first.status === 406) unsupported('the server does not support namespace properties (406)')
      const sequence = fc.tuple(propertyMap({ maxKeys: 4, keyPrefix: 'k' }), fc.array(step, { maxLength: 5 }))
      await checkProperty(
        { run, meta },
        () =>
          lanedProperty(
            sequence,
            async ([initial, steps]) => {
              const { ns } = await freshNamespace(sandbox, catalog, 'nsprops')
              try {
                const model = new Map<string, string>()
                const touched = new Set<string>(['missing-a', 'missing-b'])
                if (Object.keys(initial).length > 0) {
                  const ex = await catalog.op.updateProperties({ namespace: ns, body: { updates: initial } })
                  check.conform(ex, { status: 200 })
                  for (const [k, v] of Object.entries(initial)) {
                    model.set(k, v)
                    touched.add(k)
                  }
                }
                for (const s of steps) {
                  const known = [...model.keys()]
                  const removals = [
                    ...new Set([
                      ...s.remove.flatMap((i) => (known.length ? [known[i % known.length]!] : [])),
                      ...s.removeMissing,
                    ]),
                  ].filter((k) => !Object.hasOwn(s.updates, k))
                  const ex = await catalog.op.updateProperties({
                    namespace: ns,
                    body: { updates: s.updates, removals },
                  })
                  const body = check.conform<UpdateResponse>(ex, { status: 200 })
                  const existed = removals.filter((k) => model.has(k))
                  check.equal(
                    [...(body.updated ?? [])].sort(),
                    Object.keys(s.updates).sort(),
                    '`updated` lists exactly the keys set',
                    { ex },
                  )
                  for (const k of existed)
                    check.that(body.removed?.includes(k) === true, `\`removed\` lists removed key ${k}`, {
                      received: body.removed,
                      ex,
                    })
                  for (const k of body.removed ?? [])
                    check.that(removals.includes(k), `\`removed\` lists only requested keys (${k})`, { ex })
                  for (const k of existed) model.delete(k)
                  for (const [k, v] of Object.entries(s.updates)) {
                    model.set(k, v)
                    touched.add(k)
                  }
                  const loaded = check.conform<{ properties?: Record<string, string> | null }>(
                    await catalog.op.loadNamespaceMetadata({ namespace: ns }),
                    { status: 200 },
                  )
                  const props = loaded.properties ?? {}
                  for (const k of touched)
                    check.that(
                      props[k] === model.get(k),
                      `property ${JSON.stringify(k)} matches the map model`,
                      {
                        received: props[k] ?? '(absent)',
                        expected: model.get(k) ?? '(absent)',
                      },
                    )
                }
              } finally {
                // Dropped while the next run goes on (its namespace is its own).
                sandbox.dropLater(ns)
              }
            },
            NAMESPACE_LANES,
          ),
        { runs: laneRuns(run.runs, NAMESPACE_LANES) },
      )
    },
  )
})
