import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import {
  CONTAINERS_DIR,
  loadContainerDefinitions,
  validateContainerDefinition,
} from './container-definition.ts'
import { TargetError } from './target-error.ts'

const defs = loadContainerDefinitions()
/** The definitions started and certified through testcontainers here (its image is built by build-images.sh). */
const VERIFIED = ['iceberg-rest-fixture-image']

describe('container definitions under fixtures/targets/containers', () => {
  it('define the seven container targets the harness documents', () => {
    expect([...defs.keys()].sort()).toEqual([
      'gravitino',
      'hive-rest',
      'iceberg-rest-fixture-image',
      'lakekeeper',
      'nessie',
      'polaris',
      'unity-catalog',
    ])
  })

  it.each([...defs.entries()])(
    '%s is complete: pinned image, readiness, catalog URL, teardown',
    (_name, def) => {
      expect(def.image.tag).not.toMatch(/^latest/)
      expect(def.ports).toContain(def.catalog.port)
      expect(def.readiness.kind === 'log' || def.ports.includes(def.readiness.port)).toBe(true)
      expect(def.catalog.basePath).not.toMatch(/\/$|\/v1$/)
      expect(def.teardown.removeVolumes).toBe(true)
      expect(def.teardown.stopTimeoutMs).toBeGreaterThan(0)
      expect(def.startupTimeoutMs).toBeGreaterThanOrEqual(60_000)
      // Only what has been started here is verified (container-images.test.ts starts it); the rest say why not.
      expect(def.verified).toBe(VERIFIED.includes(def.name))
      if (!def.verified) expect(def.notes).toMatch(/not been started here|Not started from this repository/)
    },
  )

  it('the warehouse is declared where the catalog needs one to answer /v1/config', () => {
    for (const name of ['lakekeeper', 'polaris', 'nessie'])
      expect(defs.get(name)?.catalog.warehouse).toBeTruthy()
  })
})

describe('validateContainerDefinition', () => {
  const base = parseYaml(readFileSync(join(CONTAINERS_DIR, 'polaris.yaml'), 'utf8')) as Record<
    string,
    unknown
  >
  const invalid = (doc: unknown): string => {
    try {
      validateContainerDefinition(doc, 'test.yaml')
    } catch (err) {
      expect(err).toBeInstanceOf(TargetError)
      expect((err as TargetError).code).toBe('TARGET_DEFINITION_INVALID')
      return (err as Error).message
    }
    throw new Error('expected the definition to be rejected')
  }

  it('accepts the unchanged document', () => {
    expect(validateContainerDefinition(structuredClone(base), 'test.yaml').name).toBe('polaris')
  })

  it('rejects a missing teardown, a moving tag and an unknown field, naming each path', () => {
    const doc = structuredClone(base)
    delete doc['teardown']
    doc['image'] = { name: 'apache/polaris', tag: 'latest' }
    doc['extra'] = true
    const message = invalid(doc)
    expect(message).toContain("must have required property 'teardown'")
    expect(message).toContain('/image/tag')
    expect(message).toContain('must NOT have additional properties')
  })

  it('rejects a readiness, catalog or bootstrap port that is not exposed', () => {
    const doc = structuredClone(base)
    doc['ports'] = [8181]
    expect(invalid(doc)).toContain('readiness uses port 8182, which is not in ports')
  })

  it('rejects a bootstrap step that needs auth when none is declared', () => {
    const doc = structuredClone(base)
    delete doc['auth']
    expect(invalid(doc)).toContain('bootstrap[0] uses auth, but no auth is declared')
  })

  it('rejects a base path ending in /v1', () => {
    const doc = structuredClone(base)
    doc['catalog'] = { port: 8181, basePath: '/api/catalog/v1' }
    expect(invalid(doc)).toContain('/catalog/basePath')
  })
})
