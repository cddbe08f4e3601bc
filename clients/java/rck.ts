/**
 * Launching Apache Iceberg's Java tools from clients/java/target/lib (`bash clients/java/install.sh`): the REST
 * Compatibility Kit (RCK) through the JUnit console launcher, and any other class on that classpath. Used by the
 * client tests (clients/java-clients.test.ts) and the RCK side-by-side benchmark (bench/rck.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { runProcess, type Outcome } from '../run-process.ts'

/** clients/java: the Maven project (install.sh) and the Java sources of the flows. */
export const JAVA_DIR = import.meta.dirname
const LIB = join(JAVA_DIR, 'target', 'lib')
/** The jars of Iceberg 1.11.0 and the JUnit console launcher. */
export const CLASSPATH = join(LIB, '*')

/** Why the Java tools cannot run here, or undefined when they can. */
export function javaReady(): string | undefined {
  if (!existsSync(join(LIB, 'iceberg-open-api-1.11.0-tests.jar'))) {
    return 'clients/java/target/lib is absent: run `bash clients/java/install.sh` (CI does)'
  }
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) return 'no `java` on PATH (Java 17+)'
  return undefined
}

export type { Outcome } from '../run-process.ts'

/** Runs `java ARGS` to its end, killed after `timeoutMs` (see runProcess). */
export function java(args: string[], timeoutMs: number): Promise<Outcome> {
  return runProcess('java', args, timeoutMs)
}

/** The counters of the console launcher's summary ("[       146 tests successful      ]"). */
export function junitSummary(text: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const m of text.matchAll(/^\[\s*(\d+) (tests|containers) (\w+)\s*\]$/gm)) {
    counts[`${m[2]} ${m[3]}`] = Number(m[1])
  }
  return counts
}

/** The RCK's JVM system properties (its capability flags and the catalog's address) and launcher filters. */
export interface RckOptions {
  readonly systemProperties: readonly string[]
  readonly launcher: readonly string[]
}

/** Runs the RCK against the catalog at `uri`, its JUnit reports in `reportsDir`, bounded by 10 minutes. */
export function runRck(
  uri: string,
  reportsDir: string,
  options: RckOptions,
  filters: string[] = [],
): Promise<Outcome> {
  return java(
    [
      ...options.systemProperties,
      `-Duri=${uri}`,
      '-cp',
      CLASSPATH,
      'org.junit.platform.console.ConsoleLauncher',
      'execute',
      '--select-class=org.apache.iceberg.rest.RESTCompatibilityKitSuite',
      ...options.launcher,
      ...filters,
      '--details=summary',
      '--disable-banner',
      '--disable-ansi-colors',
      `--reports-dir=${reportsDir}`,
    ],
    600_000,
  )
}
