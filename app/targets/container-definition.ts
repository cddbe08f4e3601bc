import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { yaml } from '../../schemas/yaml-loader.ts'
import { containerDefinitionSchema } from './container-definition-schema.ts'
import { TargetError } from './target-error.ts'
import type { ValidateFunction } from 'ajv'
import { ajv2020 } from '../../schemas/ajv-compiler.ts'

/** `fixtures/targets/containers/`: one YAML file per container target. */
export const CONTAINERS_DIR = fileURLToPath(new URL('../../fixtures/targets/containers/', import.meta.url))

export interface ImageRef {
  readonly name: string
  readonly tag: string
}

export type Readiness =
  | {
      readonly kind: 'http'
      readonly port: number
      readonly path: string
      readonly status: readonly number[]
    }
  | { readonly kind: 'log'; readonly pattern: string; readonly times?: number }

/** A container started before the catalog on the same network, reachable by `alias`. */
export interface ServiceDefinition {
  readonly alias: string
  readonly image: ImageRef
  readonly env?: Readonly<Record<string, string>>
  readonly entrypoint?: readonly string[]
  readonly command?: readonly string[]
  readonly ports?: readonly number[]
  readonly readiness?: Readiness
  /** Runs to completion (a migration); must exit 0 before the next service starts. */
  readonly oneShot?: boolean
}

/** One HTTP request sent to the catalog container after it is ready (create a warehouse…). */
export interface BootstrapStep {
  readonly name: string
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly port: number
  readonly path: string
  readonly body?: unknown
  readonly useAuth?: boolean
  readonly expectStatus: readonly number[]
}

/** A catalog run in containers, as declared in `fixtures/targets/containers/*.yaml`. */
export interface ContainerDefinition {
  readonly name: string
  readonly description: string
  /** True once the definition has been started successfully against a real engine. */
  readonly verified: boolean
  readonly notes?: string
  readonly image: ImageRef
  readonly entrypoint?: readonly string[]
  readonly command?: readonly string[]
  readonly env: Readonly<Record<string, string>>
  readonly ports: readonly number[]
  readonly readiness: Readiness
  readonly startupTimeoutMs: number
  /** Where the REST catalog answers: base URL is `http://host:<mapped port><basePath>`. */
  readonly catalog: {
    readonly port: number
    readonly basePath: string
    readonly warehouse?: string
    readonly prefix?: string
  }
  readonly auth?: {
    readonly kind: 'oauth2-client-credentials'
    readonly port: number
    readonly tokenPath: string
    readonly clientId: string
    readonly clientSecret: string
    readonly scope?: string
  }
  readonly services?: readonly ServiceDefinition[]
  readonly bootstrap?: readonly BootstrapStep[]
  readonly teardown: { readonly stopTimeoutMs: number; readonly removeVolumes: boolean }
}

/** Compiled on first use: importing this module (every CLI start does) must not cost a schema compile. */
let compiledShape: ValidateFunction<ContainerDefinition> | undefined
function shapeValidator(): ValidateFunction<ContainerDefinition> {
  compiledShape ??= new (ajv2020())({ allErrors: true, strict: true }).compile<ContainerDefinition>(
    containerDefinitionSchema,
  )
  return compiledShape
}

/** Cross-field rules the JSON Schema cannot say: every port used is exposed, aliases are unique. */
function semanticProblems(def: ContainerDefinition): string[] {
  const problems: string[] = []
  const exposed = new Set(def.ports)
  const need = (port: number, where: string) => {
    if (!exposed.has(port)) problems.push(`${where} uses port ${port}, which is not in ports`)
  }
  if (def.readiness.kind === 'http') need(def.readiness.port, 'readiness')
  need(def.catalog.port, 'catalog')
  if (def.auth) need(def.auth.port, 'auth')
  def.bootstrap?.forEach((step, i) => {
    need(step.port, `bootstrap[${i}]`)
    if (step.useAuth && !def.auth) problems.push(`bootstrap[${i}] uses auth, but no auth is declared`)
  })
  const aliases = new Set<string>()
  def.services?.forEach((service, i) => {
    if (aliases.has(service.alias)) problems.push(`services[${i}]: duplicate alias ${service.alias}`)
    aliases.add(service.alias)
    const ports = new Set(service.ports ?? [])
    if (service.readiness?.kind === 'http' && !ports.has(service.readiness.port)) {
      problems.push(`services[${i}].readiness uses port ${service.readiness.port}, which is not in its ports`)
    }
    if (service.oneShot && service.readiness)
      problems.push(`services[${i}]: a oneShot service has no readiness`)
  })
  return problems
}

/** Validates one parsed document; throws a TargetError listing every problem with its path. */
export function validateContainerDefinition(doc: unknown, source: string): ContainerDefinition {
  const validateShape = shapeValidator()
  if (!validateShape(doc)) {
    const problems = (validateShape.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
    throw new TargetError(
      'TARGET_DEFINITION_INVALID',
      `${source}: invalid container definition:\n  ${problems.join('\n  ')}`,
    )
  }
  const problems = semanticProblems(doc)
  if (problems.length > 0) {
    throw new TargetError(
      'TARGET_DEFINITION_INVALID',
      `${source}: invalid container definition:\n  ${problems.join('\n  ')}`,
    )
  }
  return doc
}

/** Loads and validates every `*.yaml` of `dir`; each file is named after its target. */
export function loadContainerDefinitions(dir = CONTAINERS_DIR): Map<string, ContainerDefinition> {
  const out = new Map<string, ContainerDefinition>()
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const path = join(dir, file)
    const def = validateContainerDefinition(yaml().parse(readFileSync(path, 'utf8')), path)
    if (def.name !== basename(file, '.yaml')) {
      throw new TargetError(
        'TARGET_DEFINITION_INVALID',
        `${path}: name "${def.name}" differs from the file name`,
      )
    }
    out.set(def.name, def)
  }
  return out
}
