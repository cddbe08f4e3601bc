/**
 * Reading table metadata for the commit planner (commit-plan.ts): the current schema, default spec and
 * order, which columns they use, whether a spec or order binds to a schema, and id-free
 * shapes for comparing what was sent with what a server stored.
 */
import type { FieldPick } from '../arbitraries/commit-sequence.ts'
import { sourceFields, transformKinds } from '../arbitraries/_internals/iceberg-json.ts'
import type { StructType } from '../arbitraries/_internals/iceberg-json.ts'
import type { TableMetadata } from '../../../schemas/model/types.ts'

/** Metadata as the planner reads it (any field may be missing on another server). */
export type Md = Partial<TableMetadata>
type Schema = TableMetadata['schemas'][number]
type SchemaLike = { fields: { id: number; name: string; type: unknown; required: boolean }[] }
type SourceRef = { 'source-id': number; transform: string }

export const currentSchemaOf = (md: Md): Schema | undefined =>
  md.schemas?.find((s) => s['schema-id'] === md['current-schema-id'])

export const defaultSpecOf = (md: Md) =>
  md['partition-specs']?.find((s) => s['spec-id'] === md['default-spec-id'])

export const defaultOrderOf = (md: Md) =>
  md['sort-orders']?.find((o) => o['order-id'] === md['default-sort-order-id'])

/** Column ids the default spec and default order read (so an add-schema never drops them). */
export function usedSources(md: Md): Set<number> {
  const refs: SourceRef[] = [...(defaultSpecOf(md)?.fields ?? []), ...(defaultOrderOf(md)?.fields ?? [])]
  return new Set(refs.map((f) => f['source-id']))
}

/** Every non-void field of `fields` reads a primitive column of `schema` (default: the default spec and order). */
export function bindsTo(md: Md, schema: Schema, fields?: readonly SourceRef[]): boolean {
  const columns = new Set(sourceFields(schema as unknown as StructType).map((f) => f.id))
  const refs = fields ?? [...(defaultSpecOf(md)?.fields ?? []), ...(defaultOrderOf(md)?.fields ?? [])]
  return refs.every((f) => f.transform === 'void' || columns.has(f['source-id']))
}

/** The schema without ids: names, types (decimal spacing removed) and required flags, in order. */
export function schemaShape(schema: SchemaLike | undefined): unknown {
  return schema?.fields.map((f) => [
    f.name,
    typeof f.type === 'string' ? f.type.replace(/\s+/g, '') : f.type,
    f.required,
  ])
}

/** Sort fields as comparable tuples. */
export function fieldsOf(
  order: { fields: readonly (SourceRef & { direction: string; 'null-order': string })[] } | undefined,
): unknown {
  return order?.fields.map((f) => [f['source-id'], f.transform, f.direction, f['null-order']])
}

function transformFor(kind: string, param: number): string {
  if (kind === 'bucket') return `bucket[${param}]`
  if (kind === 'truncate') return `truncate[${param}]`
  return kind
}

/** Partition fields for the picks, on top-level-reachable primitive columns, one per (source, transform kind). */
export function specFieldsFor(schema: Schema, picks: readonly FieldPick[], specCount: number) {
  const sources = sourceFields(schema as unknown as StructType).filter(
    (s) => !s.inCollection && transformKinds(s.type).length > 0,
  )
  if (sources.length === 0) return []
  const seen = new Set<string>()
  const out: { 'source-id': number; name: string; transform: string }[] = []
  for (const p of picks) {
    const s = sources[p.source % sources.length]!
    const kinds = transformKinds(s.type)
    const kind = kinds[p.transform % kinds.length]!
    if (seen.has(`${s.id}|${kind}`)) continue
    seen.add(`${s.id}|${kind}`)
    // '#' never occurs in column names, and the spec count makes the name new to this table: no reuse.
    out.push({
      'source-id': s.id,
      name: `p#${specCount}_${out.length}_${kind}`,
      transform: transformFor(kind, p.param),
    })
  }
  return out
}

/** Sort fields for the picks (any transform but void), one per source column. */
export function orderFieldsFor(schema: Schema, picks: readonly FieldPick[]) {
  const sources = sourceFields(schema as unknown as StructType).filter(
    (s) => transformKinds(s.type).length > 1,
  )
  if (sources.length === 0) return []
  const seen = new Set<number>()
  const out: {
    'source-id': number
    transform: string
    direction: 'asc' | 'desc'
    'null-order': 'nulls-first' | 'nulls-last'
  }[] = []
  for (const p of picks) {
    const s = sources[p.source % sources.length]!
    if (seen.has(s.id)) continue
    seen.add(s.id)
    const kinds = transformKinds(s.type).filter((k) => k !== 'void')
    out.push({
      'source-id': s.id,
      transform: transformFor(kinds[p.transform % kinds.length]!, p.param),
      direction: p.descending ? 'desc' : 'asc',
      'null-order': p.nullsFirst ? 'nulls-first' : 'nulls-last',
    })
  }
  return out
}
