/**
 * The container specs each definition of fixtures/targets/containers/ produces, held against the YAML file read on
 * its own: what testcontainers is asked to start (image, environment, ports, readiness, services) is what the file
 * says. Runs without an engine: nothing is started here (container-images.test.ts starts the verified ones).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { CONTAINERS_DIR, loadContainerDefinitions } from './container-definition.ts'
import { containerSpecs, imageRef } from './container-target.ts'
import { imageDefinition, parseEnvPairs, parseImageRef } from './image-target.ts'

interface RawImage {
  name: string
  tag: string
}
interface RawService {
  alias: string
  image: RawImage
  env?: Record<string, string>
  entrypoint?: string[]
  command?: string[]
  ports?: number[]
  readiness?: unknown
  oneShot?: boolean
}
interface RawDefinition {
  name: string
  verified: boolean
  notes?: string
  image: RawImage
  env: Record<string, string>
  entrypoint?: string[]
  command?: string[]
  ports: number[]
  readiness: unknown
  services?: RawService[]
}

const raw = (name: string): RawDefinition =>
  parseYaml(readFileSync(join(CONTAINERS_DIR, `${name}.yaml`), 'utf8')) as RawDefinition
const defs = loadContainerDefinitions()
/** The catalogs whose images no registry reachable here serves: checked on paper only. */
const UNVERIFIABLE = ['gravitino', 'hive-rest', 'lakekeeper', 'nessie', 'polaris', 'unity-catalog']

describe('container specs of the definitions', () => {
  it.each(UNVERIFIABLE)('%s parses, stays unverified and says why', (name) => {
    expect(defs.get(name)).toBeDefined()
    const file = raw(name)
    expect(file.verified).toBe(false)
    expect(file.notes).toMatch(/no image registry is reachable/)
  })

  it.each([...UNVERIFIABLE, 'iceberg-rest-fixture-image'])(
    '%s: services, then the catalog, each as the file says',
    (name) => {
      const file = raw(name)
      const specs = containerSpecs(defs.get(name)!)
      expect(specs).toHaveLength((file.services?.length ?? 0) + 1)
      ;(file.services ?? []).forEach((s, i) => {
        expect(specs[i]).toEqual({
          role: 'service',
          alias: s.alias,
          image: `${s.image.name}:${s.image.tag}`,
          env: s.env ?? {},
          ...(s.entrypoint ? { entrypoint: s.entrypoint } : {}),
          ...(s.command ? { command: s.command } : {}),
          exposedPorts: s.ports ?? [],
          wait: s.oneShot ? { kind: 'one-shot' } : s.readiness,
        })
      })
      expect(specs.at(-1)).toEqual({
        role: 'catalog',
        alias: file.name,
        image: `${file.image.name}:${file.image.tag}`,
        env: file.env,
        ...(file.entrypoint ? { entrypoint: file.entrypoint } : {}),
        ...(file.command ? { command: file.command } : {}),
        exposedPorts: file.ports,
        wait: file.readiness,
      })
    },
  )

  it('a --target-version replaces the catalog image tag only, and --env adds to and overrides its environment', () => {
    const def = defs.get('polaris')!
    const specs = containerSpecs(def, {
      version: '9.9.9',
      env: { EXTRA: '1', POLARIS_BOOTSTRAP_CREDENTIALS: 'x' },
    })
    const catalog = specs.at(-1)!
    expect(catalog.image).toBe(`${def.image.name}:9.9.9`)
    expect(catalog.env).toEqual({ ...def.env, EXTRA: '1', POLARIS_BOOTSTRAP_CREDENTIALS: 'x' })
    for (const [i, s] of specs.slice(0, -1).entries()) expect(s.image).toBe(imageRef(def.services![i]!.image))
  })
})

describe('--image', () => {
  it('reads IMAGE[:TAG], a registry port that is no tag, and a digest', () => {
    expect(parseImageRef('catalog-conformance/iceberg-rest-fixture:1.11.0')).toEqual({
      name: 'catalog-conformance/iceberg-rest-fixture',
      tag: '1.11.0',
    })
    expect(parseImageRef('localhost:5000/cat')).toEqual({ name: 'localhost:5000/cat', tag: 'latest' })
    expect(parseImageRef('cat@sha256:abc')).toEqual({ name: 'cat@sha256:abc', tag: '' })
    expect(imageRef(parseImageRef('cat@sha256:abc'))).toBe('cat@sha256:abc')
    expect(() => parseImageRef('cat:')).toThrow(/empty tag/)
    expect(() => parseImageRef('not an image')).toThrow(/not an image reference/)
  })

  it('--env takes K=V, a value may hold = and commas', () => {
    expect(parseEnvPairs(['A=1', 'B=x=y,z', 'C='])).toEqual({ A: '1', B: 'x=y,z', C: '' })
    expect(() => parseEnvPairs(['NOVALUE'])).toThrow('--env takes K=V, got "NOVALUE"')
    expect(() => parseEnvPairs(['=v'])).toThrow(/K=V/)
  })

  it('one container: port 8181, ready when GET /v1/config answers below 500, the flags as given', () => {
    const def = imageDefinition({ image: 'cat:1' })
    expect(containerSpecs(def)).toEqual([
      {
        role: 'catalog',
        alias: 'image',
        image: 'cat:1',
        env: {},
        exposedPorts: [8181],
        wait: { kind: 'http', port: 8181, path: '/v1/config', status: expect.any(Array) },
      },
    ])
    const status = def.readiness.kind === 'http' ? def.readiness.status : []
    expect(status).toContain(200)
    expect(status).toContain(401)
    expect(status).not.toContain(500)
    expect(def.catalog).toEqual({ port: 8181, basePath: '' })

    const custom = imageDefinition({
      image: 'cat:1',
      containerPort: 9000,
      basePath: '/api/catalog/',
      env: { A: 'b' },
    })
    expect(custom.catalog).toEqual({ port: 9000, basePath: '/api/catalog' })
    expect(custom.readiness).toMatchObject({ port: 9000, path: '/api/catalog/v1/config' })
    expect(custom.env).toEqual({ A: 'b' })
    expect(imageDefinition({ image: 'cat:1', waitPath: '/healthz' }).readiness).toMatchObject({
      path: '/healthz',
    })
    expect(() => imageDefinition({ image: 'cat:1', basePath: 'api' })).toThrow(
      '--base-path must start with /',
    )
    expect(() => imageDefinition({ image: 'cat:1', basePath: '/api/v1' })).toThrow(/before \/v1/)
    expect(() => imageDefinition({ image: 'cat:1', waitPath: 'x' })).toThrow('--wait-path must start with /')
  })
})
