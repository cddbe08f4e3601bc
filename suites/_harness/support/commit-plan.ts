/**
 * Makes commit intents (arbitraries/commit-sequence.ts) concrete against the metadata a commit starts from,
 * and says what the metadata must show afterwards (a one-step model of the table, the REST spec and
 * the commit rules). Only sequences every spec-following server accepts are produced: no update that
 * would be reused as an equal existing schema, spec or order (where Java and Rust differ on "last added"),
 * no default spec or order that stops binding, ids and sequence numbers taken from the metadata itself.
 * Snapshot and ref steps are in commit-plan-refs.ts.
 */
import type { CommitIntent, SideStep, StructuralStep } from '../arbitraries/commit-sequence.ts'
import { PROPERTY_PREFIX } from '../arbitraries/commit-sequence.ts'
import { stringifyJson } from '../../../schemas/model/json-int64.ts'
import type { TableMd } from './commit-steps.ts'
import { planRefStep } from './commit-plan-refs.ts'
import {
  bindsTo,
  currentSchemaOf,
  defaultOrderOf,
  defaultSpecOf,
  fieldsOf,
  type Md,
} from './commit-plan-md.ts'
import { orderFieldsFor, schemaShape, specFieldsFor, usedSources } from './commit-plan-md.ts'

/** A fact the metadata must show after the commit, in the commit response and in a reload. */
export interface Expectation {
  readonly what: string
  readonly actual: (md: TableMd) => unknown
  readonly expected: unknown
}

export interface PlanContext {
  /** The server accepts format-version 3 tables (upgrade-format-version to 3 is then valid). */
  readonly v3: boolean
  /** The table's location at create; set-location moves below it. */
  readonly baseLocation: string
  /** The harness clock, for snapshot timestamps. */
  readonly now: number
}

export interface PlannedCommit {
  readonly updates: Record<string, unknown>[]
  readonly expectations: Expectation[]
  /** Every spec-following server writes a new metadata version for it (no update can be a no-op). */
  readonly changes: boolean
}

/** What one step contributes to a commit. */
export interface StepPlan {
  readonly updates: Record<string, unknown>[]
  readonly expectations: Expectation[]
  readonly changes: boolean
}

const NONE: StepPlan = { updates: [], expectations: [], changes: false }

/** The concrete update list of `intent` on a table whose metadata is `md`. */
export function planCommit(intent: CommitIntent, md: TableMd, ctx: PlanContext): PlannedCommit {
  const parts = [planStructural(intent.step, md as Md, ctx), planSide(intent.side, md, ctx)]
  return {
    updates: parts.flatMap((p) => p.updates),
    expectations: parts.flatMap((p) => p.expectations),
    changes: parts.some((p) => p.changes),
  }
}

function planStructural(step: StructuralStep, md: Md, ctx: PlanContext): StepPlan {
  const current = currentSchemaOf(md)
  if (!current) return NONE
  switch (step.kind) {
    case 'add-schema': {
      const used = usedSources(md)
      const droppable = current.fields.filter((f) => !f.required && !used.has(f.id))
      const drop = step.drop !== null && droppable.length > 0 ? droppable[step.drop % droppable.length] : null
      let next = Math.max(md['last-column-id'] ?? 0, ...current.fields.map((f) => f.id))
      const added = step.columns.map((c) => {
        const id = ++next
        return { id, name: `${c.stem}_${id}`, type: c.type, required: false }
      })
      const fields = [...current.fields.filter((f) => f !== drop), ...added]
      const schemaId = Math.max(...(md.schemas ?? []).map((s) => s['schema-id'] ?? 0)) + 1
      const shape = schemaShape({ fields })
      const updates: Record<string, unknown>[] = [
        {
          action: 'add-schema',
          schema: { type: 'struct', 'schema-id': schemaId, fields },
          'last-column-id': next,
        },
      ]
      if (!step.setCurrent)
        return {
          updates,
          changes: true,
          expectations: [
            {
              what: 'current-schema-id after add-schema alone',
              actual: (m) => m['current-schema-id'],
              expected: md['current-schema-id'],
            },
            {
              what: 'the added schema is stored',
              actual: (m) => (m.schemas ?? []).some((s) => sameJson(schemaShape(s), shape)),
              expected: true,
            },
          ],
        }
      updates.push({ action: 'set-current-schema', 'schema-id': -1 })
      return {
        updates,
        changes: true,
        expectations: [
          {
            what: 'the current schema after set-current-schema -1 is the schema just added',
            actual: (m) => schemaShape(currentSchemaOf(m as Md)),
            expected: shape,
          },
        ],
      }
    }
    case 'set-current-schema': {
      const options = (md.schemas ?? []).filter(
        (s) => s['schema-id'] !== md['current-schema-id'] && bindsTo(md, s),
      )
      if (options.length === 0) return NONE
      const id = options[step.pick % options.length]!['schema-id']
      return {
        updates: [{ action: 'set-current-schema', 'schema-id': id }],
        changes: true,
        expectations: [
          {
            what: 'current-schema-id after set-current-schema',
            actual: (m) => m['current-schema-id'],
            expected: id,
          },
        ],
      }
    }
    case 'add-spec': {
      const fields = specFieldsFor(current, step.fields, (md['partition-specs'] ?? []).length)
      if (fields.length === 0) return NONE
      const sent = fields.map((f) => [f['source-id'], f.transform, f.name])
      const shapeOf = (
        s: { fields: { 'source-id': number; transform: string; name: string }[] } | undefined,
      ) => s?.fields.map((f) => [f['source-id'], f.transform, f.name])
      return added(
        { action: 'add-spec', spec: { 'spec-id': 0, fields } },
        step.setDefault ? { action: 'set-default-spec', 'spec-id': -1 } : undefined,
        'partition spec',
        sent,
        (m) => shapeOf(defaultSpecOf(m as Md)),
        (m) => (m['partition-specs'] ?? []).some((s) => sameJson(shapeOf(s), sent)),
        (m) => m['default-spec-id'],
        md['default-spec-id'],
      )
    }
    case 'set-default-spec': {
      const options = (md['partition-specs'] ?? []).filter(
        (s) => s['spec-id'] !== md['default-spec-id'] && bindsTo(md, current, s.fields),
      )
      if (options.length === 0) return NONE
      const id = options[step.pick % options.length]!['spec-id']
      return {
        updates: [{ action: 'set-default-spec', 'spec-id': id }],
        changes: true,
        expectations: [
          {
            what: 'default-spec-id after set-default-spec',
            actual: (m) => m['default-spec-id'],
            expected: id,
          },
        ],
      }
    }
    case 'add-sort-order': {
      const fields = orderFieldsFor(current, step.fields)
      const orders = md['sort-orders'] ?? []
      const sent = fieldsOf({ fields })
      if (fields.length === 0 || orders.some((o) => sameJson(fieldsOf(o), sent))) return NONE
      const orderId = Math.max(0, ...orders.map((o) => o['order-id'])) + 1
      return added(
        { action: 'add-sort-order', 'sort-order': { 'order-id': orderId, fields } },
        step.setDefault ? { action: 'set-default-sort-order', 'sort-order-id': -1 } : undefined,
        'sort order',
        sent,
        (m) => fieldsOf(defaultOrderOf(m as Md)),
        (m) => (m['sort-orders'] ?? []).some((o) => sameJson(fieldsOf(o), sent)),
        (m) => m['default-sort-order-id'],
        md['default-sort-order-id'],
      )
    }
    case 'set-default-sort-order': {
      const options = (md['sort-orders'] ?? []).filter(
        (o) => o['order-id'] !== md['default-sort-order-id'] && bindsTo(md, current, o.fields),
      )
      if (options.length === 0) return NONE
      const id = options[step.pick % options.length]!['order-id']
      return {
        updates: [{ action: 'set-default-sort-order', 'sort-order-id': id }],
        changes: true,
        expectations: [
          {
            what: 'default-sort-order-id after set-default-sort-order',
            actual: (m) => m['default-sort-order-id'],
            expected: id,
          },
        ],
      }
    }
    case 'upgrade-format-version': {
      if (!ctx.v3 || (md['format-version'] ?? 2) >= 3) return NONE
      return {
        updates: [{ action: 'upgrade-format-version', 'format-version': 3 }],
        changes: true,
        expectations: [
          {
            what: 'format-version after upgrade-format-version 3',
            actual: (m) => m['format-version'],
            expected: 3,
          },
        ],
      }
    }
    case 'none':
      return NONE
    default:
      return planRefStep(step, md, ctx)
  }
}

/** An add (schema-less: spec or order) optionally made the default with -1. */
function added(
  add: Record<string, unknown>,
  setDefault: Record<string, unknown> | undefined,
  kind: string,
  sent: unknown,
  defaultShape: (m: TableMd) => unknown,
  stored: (m: TableMd) => boolean,
  defaultId: (m: TableMd) => unknown,
  before: unknown,
): StepPlan {
  if (setDefault)
    return {
      updates: [add, setDefault],
      changes: true,
      expectations: [
        {
          what: `the default ${kind} after set-default -1 is the one just added`,
          actual: defaultShape,
          expected: sent,
        },
      ],
    }
  return {
    updates: [add],
    changes: true,
    expectations: [
      { what: `the default ${kind} is unchanged by an add alone`, actual: defaultId, expected: before },
      { what: `the added ${kind} is stored`, actual: stored, expected: true },
    ],
  }
}

/** Properties and location steps, applied in order over the `p.` properties of `md`. */
function planSide(steps: readonly SideStep[], md: TableMd, ctx: PlanContext): StepPlan {
  const props = new Map(Object.entries(md.properties ?? {}).filter(([k]) => k.startsWith(PROPERTY_PREFIX)))
  const updates: Record<string, unknown>[] = []
  const expectations: Expectation[] = []
  let changes = false
  let location = md.location
  for (const s of steps) {
    if (s.kind === 'set-properties') {
      if (Object.keys(s.updates).length === 0) continue
      updates.push({ action: 'set-properties', updates: s.updates })
      for (const [k, v] of Object.entries(s.updates)) props.set(k, v)
      changes = true
    } else if (s.kind === 'remove-properties') {
      const known = [...props.keys()].sort()
      const removals = [
        ...new Set([
          ...s.picks.flatMap((i) => (known.length ? [known[i % known.length]!] : [])),
          ...(s.missing ? [`${PROPERTY_PREFIX}missing`] : []),
        ]),
      ]
      if (removals.length === 0) continue
      updates.push({ action: 'remove-properties', removals })
      for (const k of removals) if (props.delete(k)) changes = true
    } else {
      const target = `${ctx.baseLocation}/moved-${s.suffix}`
      if (target === location) continue
      updates.push({ action: 'set-location', location: target })
      location = target
      changes = true
    }
  }
  if (location !== md.location)
    expectations.push({ what: 'location after set-location', actual: (m) => m.location, expected: location })
  if (updates.length > 0) {
    const expected = Object.fromEntries([...props].sort(([a], [b]) => (a < b ? -1 : 1)))
    expectations.push({
      what: `the ${PROPERTY_PREFIX}* properties after set-properties / remove-properties (a map model)`,
      actual: (m) =>
        Object.fromEntries(
          Object.entries(m.properties ?? {})
            .filter(([k]) => k.startsWith(PROPERTY_PREFIX))
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        ),
      expected,
    })
  }
  return { updates, expectations, changes }
}

/** Structural equality of JSON values (exact int64 ids included). */
export function sameJson(a: unknown, b: unknown): boolean {
  return stringifyJson(a) === stringifyJson(b)
}
