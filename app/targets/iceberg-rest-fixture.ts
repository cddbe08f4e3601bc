import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { freePort } from './free-port.ts'
import { processTarget } from './process-target.ts'
import { scratchDir } from './scratch-dir.ts'
import { environmentWithout, notPrepared, preparedInstall, TARGETS_DIR } from './prepared-install.ts'
import type { TargetProvider } from './types.ts'

/** The Iceberg release whose fixture is used unless another is asked for (newest 1.11.x on Maven Central). */
export const DEFAULT_FIXTURE_VERSION = '1.11.0'

/** `fixtures/targets/iceberg-rest-fixture/`: the pom, prepare.sh and the git-ignored `target/`. */
export const FIXTURE_DIR = join(TARGETS_DIR, 'iceberg-rest-fixture')

/** One release of the fixture matrix and the spec profile it is certified against. */
export interface FixtureRelease {
  readonly release: string
  readonly profile: string
}

/** The releases of the fixture matrix, oldest first, from `releases.txt` (also read by matrix.sh and CI). */
export function fixtureReleases(fixtureDir = FIXTURE_DIR): FixtureRelease[] {
  return readFileSync(join(fixtureDir, 'releases.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [release = '', profile = ''] = line.split(/\s+/)
      return { release, profile }
    })
}

export interface IcebergRestFixtureOptions {
  /** Iceberg release of the fixture; must have been prepared (`prepare.sh --version`). */
  readonly version?: string
  /** Folder holding `target/iceberg-<version>/`; the repository's by default. */
  readonly fixtureDir?: string
  /** `java` by default (found on PATH, or under JAVA_HOME when set). */
  readonly java?: string
  /** Extra JVM options, before the class path. */
  readonly jvmOptions?: readonly string[]
  /** Extra `CATALOG_*` variables, e.g. `{ CATALOG_INCLUDE__CREDENTIALS: 'true' }`. */
  readonly catalogEnv?: Readonly<Record<string, string>>
  /** Keep the temp dir (catalog database and warehouse) after stop, for debugging. */
  readonly keepData?: boolean
}

/**
 * The jar prepare.sh compiles from `support/`: Hadoop's local file system setting permissions through java.nio,
 * registered for file: URIs by its core-site.xml. Without it, the fixture starts a `chmod` process for every
 * directory and file of its warehouse, which costs it more CPU than answering the requests.
 */
const FIXTURE_SUPPORT_JAR = 'catalog-conformance-fixture-support.jar'

/**
 * Where prepare.sh put the jars of `version`, and whether it finished. A release prepared before the support jar
 * existed is not ready: prepare.sh, run again, adds only the jar.
 */
export function fixtureLayout(version = DEFAULT_FIXTURE_VERSION, fixtureDir = FIXTURE_DIR) {
  const install = preparedInstall(fixtureDir, `iceberg-${version}`)
  const lib = join(install.root, 'lib')
  const supportJar = join(lib, FIXTURE_SUPPORT_JAR)
  if (install.ready && !existsSync(supportJar)) return { ...install, ready: false, missing: supportJar, lib }
  return { ...install, lib }
}

/**
 * The environment of the fixture: only `CATALOG_*` variables configure it (RCKUtils turns
 * `CATALOG_JDBC_STRICT__MODE` into `jdbc.strict-mode`), so inherited ones are dropped to keep a
 * stray variable of the caller's shell from changing the catalog under test.
 */
export function fixtureEnv(
  base: NodeJS.ProcessEnv,
  settings: { port: number; dataDir: string },
  extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  return {
    ...environmentWithout(base, 'CATALOG_'),
    CATALOG_CATALOG__IMPL: 'org.apache.iceberg.jdbc.JdbcCatalog',
    // A file database (not the fixture's default :memory:) in WAL mode: sqlite-jdbc reads pragmas
    // from the URL, and WAL lets the catalog's pooled connections read while one writes.
    CATALOG_URI: `jdbc:sqlite:file:${join(settings.dataDir, 'catalog.db')}?journal_mode=WAL`,
    CATALOG_JDBC_USER: 'user',
    CATALOG_JDBC_PASSWORD: 'password',
    CATALOG_JDBC_STRICT__MODE: 'true',
    CATALOG_WAREHOUSE: `file:${join(settings.dataDir, 'warehouse')}`,
    CATALOG_REST_PORT: String(settings.port),
    ...extra,
  }
}

/**
 * JVM options of the fixture by default. It lives for one certification of a minute or less on a small machine, so
 * the optimizing JIT compiler and a parallel collector cost more CPU than they ever pay back: C1 only and the serial
 * collector roughly halve the JVM's CPU time and the certification's wall time on 2 cores (docs/benchmarks.md).
 */
export const FIXTURE_JVM_OPTIONS: readonly string[] = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC']

/**
 * The fixture's logging (slf4j-simple, which the pom picks), down to errors outside request handling. Against a
 * certification it logged ~60,000 lines, most of them the stack trace of each 500 it answered: formatting and writing
 * them cost it ~2 s of CPU (and the harness more, draining the pipe), for lines nobody reads (the harness keeps the
 * last 30, shown only when the fixture fails to start; a JVM that cannot start still prints its error). The answers
 * are the same: the error a request failed with goes in its response, not in the log. `jvmOptions` come after these,
 * and the JVM keeps the last `-D` of a name: `-Dorg.slf4j.simpleLogger.defaultLogLevel=info` shows the log again.
 */
export const FIXTURE_LOG_OPTIONS: readonly string[] = [
  '-Dorg.slf4j.simpleLogger.defaultLogLevel=error',
  // Logs every request that failed with the stack trace, at ERROR.
  '-Dorg.slf4j.simpleLogger.log.org.apache.iceberg.rest.RESTCatalogServlet=off',
]

/**
 * The official Iceberg REST fixture (`org.apache.iceberg.rest.RESTCatalogServer`) as a process
 * target: JdbcCatalog on a SQLite file with a local warehouse, both in a fresh temp dir removed on
 * stop, on a free port. Needs `fixtures/targets/iceberg-rest-fixture/prepare.sh` to have run.
 */
export function icebergRestFixture(options: IcebergRestFixtureOptions = {}): TargetProvider {
  const version = options.version ?? DEFAULT_FIXTURE_VERSION
  return processTarget({
    name: `iceberg-rest-fixture ${version}`,
    async launch() {
      const layout = fixtureLayout(version, options.fixtureDir)
      if (!layout.ready)
        throw notPrepared('iceberg-rest-fixture', version, layout, options.fixtureDir ?? FIXTURE_DIR)
      const dataDir = await scratchDir('iceberg-rest-fixture-')
      const port = await freePort()
      const javaHome = process.env['JAVA_HOME']
      const java = options.java ?? (javaHome ? join(javaHome, 'bin', 'java') : 'java')
      return {
        command: java,
        args: [
          ...FIXTURE_LOG_OPTIONS,
          ...(options.jvmOptions ?? FIXTURE_JVM_OPTIONS),
          '-cp',
          `${layout.lib}/*`,
          'org.apache.iceberg.rest.RESTCatalogServer',
        ],
        env: fixtureEnv(process.env, { port, dataDir }, options.catalogEnv),
        cwd: dataDir,
        // Jetty binds every interface (Server(port) has no host); the harness only talks to loopback.
        url: `http://127.0.0.1:${port}`,
        cleanup: options.keepData ? undefined : () => rm(dataDir, { recursive: true, force: true }),
      }
    },
  })
}
