import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { hasSchema, SCHEMA_NAMES, validate, validatorFor } from './index.ts'
import { schemaDocuments, schemaRefs } from './registry.ts'

describe('validate()', () => {
  it('compiles every component under AJV strict mode', () => {
    for (const name of schemaRefs().keys()) expect(() => validatorFor(name), name).not.toThrow()
  })

  it('has one generated name per component, and no other', () => {
    expect([...SCHEMA_NAMES].sort()).toEqual([...schemaRefs().keys()].sort())
  })

  it('every document is valid against the 2020-12 meta-schema', () => {
    const meta = new Ajv2020({ strict: false })
    expect(meta.validateSchema({ type: 'nope' })).toBe(false)
    for (const doc of schemaDocuments())
      expect(meta.validateSchema(doc), `${doc.$id} ${meta.errorsText()}`).toBe(true)
  })

  it('every document is draft 2020-12 with an $id', () => {
    for (const doc of schemaDocuments()) {
      expect(doc.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
      expect(doc.$id).toMatch(/^https:\/\/catalog-conformance\.local\/schemas\/[a-z-]+\.json$/)
    }
  })

  it('reports readable messages with the instance path', () => {
    const r = validate('LoadTableResult', {
      metadata: {
        'format-version': 4,
        'table-uuid': 'u',
        location: 's3://x',
        'last-updated-ms': 1,
        'last-column-id': 0,
      },
    })
    expect(r.valid).toBe(false)
    expect(r.errors.map((e) => e.message)).toContain('/metadata/format-version must be <= 3')
    const e = r.errors.find((x) => x.keyword === 'maximum')
    expect(e).toMatchObject({ instancePath: '/metadata/format-version', keyword: 'maximum' })
    expect(e?.schemaPath).toContain('format-version')
  })

  it('names the unknown discriminator value and the extra property', () => {
    expect(validate('TableUpdate', { action: 'frobnicate' }).errors[0]?.message).toBe(
      '(root) has unknown action "frobnicate"',
    )
    const extra = validate('CreateNamespaceRequest', { namespace: ['a'], bogus: 1 })
    expect(extra.errors[0]?.message).toBe("(root) must NOT have additional property 'bogus'")
  })

  it('drops the if/then wrapper errors but keeps what they require', () => {
    const r = validate('TableMetadata', { 'format-version': 2, 'table-uuid': 'u' })
    expect(r.errors.some((e) => e.keyword === 'if')).toBe(false)
    expect(r.errors.map((e) => e.message)).toContain(
      "(root) must have required property 'last-sequence-number'",
    )
  })

  it('throws for an unknown schema name and hasSchema says so', () => {
    expect(hasSchema('LoadTableResult')).toBe(true)
    expect(hasSchema('NoSuchThing')).toBe(false)
    expect(() => validate('NoSuchThing', {})).toThrow(/unknown schema 'NoSuchThing'/)
  })

  it('caches the compiled validator', () => {
    expect(validatorFor('CatalogConfig')).toBe(validatorFor('CatalogConfig'))
  })

  it('accepts int64 ids beyond 2^53 (random snapshot ids)', () => {
    const r = validate('SnapshotReference', JSON.parse('{"type":"branch","snapshot-id":9223372036854775807}'))
    expect(r.valid).toBe(true)
  })
})
