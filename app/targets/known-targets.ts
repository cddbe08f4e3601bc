import { didYouMean } from '../../schemas/did-you-mean.ts'
import { loadContainerDefinitions } from './container-definition.ts'
import { containerTarget } from './container-target.ts'
import { DEFAULT_FIXTURE_VERSION, fixtureReleases, icebergRestFixture } from './iceberg-rest-fixture.ts'
import { DEFAULT_LAKANA_VERSION, lakanaServer } from './lakana-server.ts'
import { DEFAULT_RUSTBERG_VERSION, rustberg } from './rustberg.ts'
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
  /** Leave a started container running after the run (`--keep`; container targets only). */
  readonly keep?: boolean
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
  get description() {
    return `Apache Iceberg REST fixture as a Java process (Iceberg ${DEFAULT_FIXTURE_VERSION}; @RELEASE: ${fixtureReleases()
      .map((r) => r.release)
      .join(', ')}; needs prepare.sh)`
  },
  create: (o) =>
    icebergRestFixture({
      ...(o.version === undefined ? {} : { version: o.version }),
      ...(o.env === undefined ? {} : { catalogEnv: o.env }),
    }),
})

registerTarget({
  name: 'rustberg',
  kind: 'process',
  description: `rustberg (crates.io, Rust) as a process, API-key auth (${DEFAULT_RUSTBERG_VERSION}; needs prepare.sh, ~12 min)`,
  create: (o) => rustberg(o.version === undefined ? {} : { version: o.version }),
})

registerTarget({
  name: 'lakana-server',
  kind: 'process',
  description: `lakana-server (PyPI, FastAPI) as a process, token auth, prefix = an environment (${DEFAULT_LAKANA_VERSION}; needs prepare.sh)`,
  create: (o) => lakanaServer(o.version === undefined ? {} : { version: o.version }),
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
          ...(o.keep ? { keep: true } : {}),
        }),
    })
  }
}

/** Every known target, by name. */
export function knownTargets(): ReadonlyMap<string, KnownTarget> {
  ensureContainers()
  return registry
}

/**
 * `NAME@VERSION` (e.g. `iceberg-rest-fixture@1.10.1`) names a release of a target in one word; the version is
 * the same as `--target-version`, and giving both with different values is a mistake, not a choice.
 */
export function parseTargetSpec(
  spec: string,
  version: string | undefined,
): { name: string; version: string | undefined } {
  const at = spec.indexOf('@')
  if (at < 0) return { name: spec, version }
  const name = spec.slice(0, at)
  const pinned = spec.slice(at + 1)
  if (name === '' || pinned === '')
    throw new TargetError('TARGET_UNKNOWN', `--target "${spec}": expected NAME or NAME@VERSION`)
  if (version !== undefined && version !== pinned)
    throw new TargetError(
      'TARGET_UNKNOWN',
      `--target ${spec} and --target-version ${version} name different versions; give one`,
    )
  return { name, version: pinned }
}

/**
 * The provider for `--target NAME` or `NAME@VERSION`; a TargetError naming the known targets when NAME is
 * unknown.
 */
export function selectTarget(spec: string, options: SelectTargetOptions = {}): TargetProvider {
  const { name, version } = parseTargetSpec(spec, options.version)
  // A built-in target needs no container definitions (reading them compiles a schema: ~0.5 s of every start).
  const target = registry.get(name) ?? knownTargets().get(name)
  if (!target) throw new TargetError('TARGET_UNKNOWN', unknownTarget(name))
  return target.create({ ...options, ...(version === undefined ? {} : { version }) })
}

function unknownTarget(name: string): string {
  const known = [...knownTargets().keys()]
  return `unknown target "${name}"${didYouMean(name, known)}; known targets: ${known.sort().join(', ')}`
}

/**
 * One line per known target, for `catalog-conformance targets [NAME…]`: all of them, or those named (`NAME@VERSION`
 * names NAME); an unknown name is a TargetError naming the known ones, as for --target.
 */
export function listTargets(named: readonly string[] = []): string[] {
  const all = knownTargets()
  const names = named.map((spec) => parseTargetSpec(spec, undefined).name)
  for (const name of names) if (!all.has(name)) throw new TargetError('TARGET_UNKNOWN', unknownTarget(name))
  const targets = [...all.values()]
    .filter((t) => names.length === 0 || names.includes(t.name))
    .sort((a, b) => a.name.localeCompare(b.name))
  const width = Math.max(...targets.map((t) => t.name.length))
  return targets.map((t) => `${t.name.padEnd(width)}  ${t.kind.padEnd(9)}  ${t.description}`)
}
