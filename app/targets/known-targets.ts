import { didYouMean } from '../../schemas/did-you-mean.ts'
import { loadContainerDefinitions } from './container-definition.ts'
import { containerTarget } from './container-target.ts'
import { DEFAULT_FIXTURE_VERSION, icebergRestFixture } from './iceberg-rest-fixture.ts'
import { TargetError } from './target-error.ts'
import type { TargetKind, TargetProvider } from './types.ts'
import { urlTarget } from './url-target.ts'

/** Options `--target NAME` passes on; each target reads the ones it understands. */
export interface SelectTargetOptions {
  /** Catalog version: the fixture's Iceberg release, or a container image tag. */
  readonly version?: string
  /** For `url`: the catalog's base URL. */
  readonly url?: string
  readonly warehouse?: string
  /** Extra environment for the started catalog (`CATALOG_*` for the fixture). */
  readonly env?: Readonly<Record<string, string>>
  /** The run's spec profile (the reference server adapts where the profiles differ). */
  readonly profile?: string
}

/** One entry of the catalog of known targets. */
export interface KnownTarget {
  readonly name: string
  readonly kind: TargetKind
  readonly description: string
  create(options: SelectTargetOptions): TargetProvider
}

const registry = new Map<string, KnownTarget>()

/**
 * Adds (or replaces) a target. The `reference` target is bound here by the CLI, which owns the
 * in-process reference server; this module must not import it.
 */
export function registerTarget(target: KnownTarget): void {
  registry.set(target.name, target)
}

registerTarget({
  name: 'url',
  kind: 'url',
  description: 'an external catalog at --url (not started or stopped by the harness)',
  create: (o) => {
    if (!o.url) throw new TargetError('TARGET_UNKNOWN', 'the url target needs a URL (--url)')
    return urlTarget(o.url, o.warehouse === undefined ? {} : { warehouse: o.warehouse })
  },
})

registerTarget({
  name: 'iceberg-rest-fixture',
  kind: 'process',
  description: `Apache Iceberg REST fixture as a Java process (Iceberg ${DEFAULT_FIXTURE_VERSION}; needs prepare.sh)`,
  create: (o) =>
    icebergRestFixture({
      ...(o.version === undefined ? {} : { version: o.version }),
      ...(o.env === undefined ? {} : { catalogEnv: o.env }),
    }),
})

let containersLoaded = false
/** Container definitions are read on first use, so a broken YAML file never breaks other targets. */
function ensureContainers(): void {
  if (containersLoaded) return
  containersLoaded = true
  for (const def of loadContainerDefinitions().values()) {
    registerTarget({
      name: def.name,
      kind: 'container',
      description: `${def.description} [${def.image.name}:${def.image.tag}${def.verified ? '' : ', unverified'}]`,
      create: (o) =>
        containerTarget(def, {
          ...(o.version === undefined ? {} : { version: o.version }),
          ...(o.env === undefined ? {} : { env: o.env }),
        }),
    })
  }
}

/** Every known target, by name. */
export function knownTargets(): ReadonlyMap<string, KnownTarget> {
  ensureContainers()
  return registry
}

/** The provider for `--target NAME`; a TargetError naming the known targets when NAME is unknown. */
export function selectTarget(name: string, options: SelectTargetOptions = {}): TargetProvider {
  const target = knownTargets().get(name)
  if (!target) {
    throw new TargetError(
      'TARGET_UNKNOWN',
      `unknown target "${name}"${didYouMean(name, [...knownTargets().keys()])}; known targets: ${[...knownTargets().keys()].sort().join(', ')}`,
    )
  }
  return target.create(options)
}

/** One line per known target, for `catalog-conformance targets`. */
export function listTargets(): string[] {
  const targets = [...knownTargets().values()].sort((a, b) => a.name.localeCompare(b.name))
  const width = Math.max(...targets.map((t) => t.name.length))
  return targets.map((t) => `${t.name.padEnd(width)}  ${t.kind.padEnd(9)}  ${t.description}`)
}
