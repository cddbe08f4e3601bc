/**
 * Container targets for real: the images fixtures/targets/containers/build-images.sh builds, started through
 * testcontainers by the CLI (`run --image`), with a real engine. Opt-in (CATALOG_CONFORMANCE_CONTAINER_TESTS=1; CI
 * sets it after building the images), as they take a minute and need root's engine. Without an engine or the images,
 * each test is skipped with the reason: never shown as passed.
 *
 * The certification of the two images against their expectations files is CI's (.ci/run); here: the failing image's
 * report carries the container log, a container that exits is exit 2 with its log, Ctrl+C and --keep, and that no
 * container of ours is left behind.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { TestContext } from 'vitest'
import { runCli, userEnv } from '../cli/spawn-cli.ts'
import { SESSION_LABEL } from './container-target.ts'

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version
const FIXTURE_IMAGE = 'catalog-conformance/iceberg-rest-fixture:1.11.0'
const HARNESS_IMAGE = `catalog-conformance/catalog-conformance:${VERSION}`
const FAULT = 'ns-create-duplicate-200'
const FAULT_IMAGE = `${HARNESS_IMAGE}-fault-${FAULT}`

function docker(args: readonly string[]): { ok: boolean; out: string } {
  const r = spawnSync('docker', args, { encoding: 'utf8', timeout: 30_000 })
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() || String(r.error ?? '') }
}

/** Why the tests cannot run here, or undefined. */
function skipReason(): string | undefined {
  if (process.env['CATALOG_CONFORMANCE_CONTAINER_TESTS'] !== '1')
    return 'container tests are opt-in: CATALOG_CONFORMANCE_CONTAINER_TESTS=1 (CI sets it after build-images.sh)'
  const info = docker(['info', '--format', '{{.ServerVersion}}'])
  if (!info.ok) return `no container engine answers (docker info: ${info.out.split('\n')[0]})`
  const missing = [FIXTURE_IMAGE, HARNESS_IMAGE, FAULT_IMAGE].filter(
    (i) => !docker(['image', 'inspect', i]).ok,
  )
  if (missing.length > 0)
    return `images not built: ${missing.join(', ')} (run fixtures/targets/containers/build-images.sh)`
  return undefined
}

const reason = skipReason()
const dirs: string[] = []
const reportDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-image-'))
  dirs.push(dir)
  return dir
}
/** Containers any run of ours left: every container this harness starts carries the session label. */
const ours = () => docker(['ps', '-aq', '--filter', `label=${SESSION_LABEL}`]).out
const need = (ctx: TestContext) => {
  if (reason) ctx.skip(reason)
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('run --image, through testcontainers', { timeout: 240_000 }, () => {
  it('a failing image (the reference server with a fault) is nonconformant, and report.html shows its log', async (ctx) => {
    need(ctx)
    const out = reportDir()
    const ran = await runCli(['run', '--image', FAULT_IMAGE, '--include', 'namespaces', '--report-dir', out])
    expect(ran.code, ran.stderr).toBe(1)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      target: { kind: string }
      targetLog?: { source: string; lines: string[] }
      tests: { rule?: string; outcome: string }[]
    }
    expect(results.target.kind).toBe('image')
    expect(results.tests.some((t) => t.outcome === 'fail')).toBe(true)
    expect(results.targetLog?.source).toBe(`container ${FAULT_IMAGE}`)
    const banner = results.targetLog?.lines.find((l) => l.includes(`fault ${FAULT}`))
    expect(banner).toMatch(/^reference server listening on /)
    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html).toContain('<h2 id="target-log">Target log</h2>')
    expect(html).toContain(`fault ${FAULT}`)
    expect(ours()).toBe('')
  })

  it('a conformant image gets no log in its report', async (ctx) => {
    need(ctx)
    const out = reportDir()
    const ran = await runCli([
      'run',
      '--image',
      HARNESS_IMAGE,
      '--include',
      'namespaces',
      '--report-dir',
      out,
    ])
    expect(ran.code, ran.stderr).toBe(0)
    expect(readFileSync(join(out, 'results.json'), 'utf8')).not.toContain('"targetLog"')
    expect(ours()).toBe('')
  })

  it('a container that exits before it is ready is exit 2: one line, then the last lines of its log', async (ctx) => {
    need(ctx)
    const ran = await runCli([
      'run',
      '--image',
      FIXTURE_IMAGE,
      '--env',
      'CATALOG_CATALOG__IMPL=org.example.NoSuchCatalog',
      '--report-dir',
      reportDir(),
    ])
    expect(ran.code).toBe(2)
    const [head, ...rest] = ran.stderr.trim().split('\n')
    expect(head).toMatch(
      /image: catalog-conformance\/iceberg-rest-fixture:1\.11\.0 did not start: .*Last lines of its log:$/,
    )
    expect(rest.length).toBeGreaterThan(0)
    expect(rest.every((l) => l.startsWith('  | '))).toBe(true)
    expect(rest.join('\n')).toContain('org.example.NoSuchCatalog')
    expect(ours()).toBe('')
  })

  it('Ctrl+C while the container starts or runs removes it', async (ctx) => {
    need(ctx)
    let pid = 0
    const running = runCli(
      ['run', '--image', FIXTURE_IMAGE, '--report-dir', reportDir()],
      userEnv(),
      120_000,
      (p) => (pid = p),
    )
    // Long enough for the container to exist (the engine creates it within a second or two), too short for the run.
    await new Promise((r) => setTimeout(r, 4_000))
    process.kill(pid, 'SIGINT')
    const ran = await running
    expect(ran.code, ran.stderr).toBe(130)
    expect(ours()).toBe('')
  })

  it('--keep leaves the container running and says how to reach and remove it', async (ctx) => {
    need(ctx)
    const ran = await runCli([
      'run',
      '--image',
      HARNESS_IMAGE,
      '--include',
      'config',
      '--keep',
      '--report-dir',
      reportDir(),
    ])
    const line =
      /--keep: .* keeps running at (http:\/\/\S+) \(container (\w+)\); remove with: docker rm -fv (\w+)/.exec(
        ran.stdout + ran.stderr,
      )
    try {
      expect(ran.code, ran.stderr).toBe(0)
      expect(line).not.toBeNull()
      const res = await fetch(`${line![1]}/v1/config`)
      expect(res.status).toBe(200)
    } finally {
      if (line) docker(['rm', '-fv', line[3]!])
    }
    expect(ours()).toBe('')
  })
})
