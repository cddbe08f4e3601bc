/**
 * A defect's reproduction as a POSIX shell script that takes an empty catalog to the failing request, with only the
 * base URL and a token to fill in. Three things keep it runnable against another server of the same release:
 *
 * - the run's base URL becomes $CATALOG_URL and a redacted Authorization (or other secret header) $CATALOG_TOKEN;
 * - a value the server made up and a later request sends back (a metadata location, a table's uuid) is read from that
 *   server's own answer, not replayed from the run: another server has other paths and other uuids. Such a value is
 *   a string of an earlier recorded answer, under a key, that no request before it had sent; the script reads the
 *   same key's same occurrence from its answer (grep and sed, nothing beyond POSIX);
 * - a failing request recorded without the requests before it (a property run keeps only its failing request) gets
 *   a setup written here: the namespace, and the table or view, that its path (or a transaction's identifiers, or a
 *   rename's source) names, created with the harness's own fixtures (fixtures/commits/create-table.json,
 *   fixtures/views/create-view.json), and an `assert-table-uuid` / `assert-view-uuid` requirement on them pointed at
 *   the created object. The script says the setup is not the test's own.
 *
 * fixtures/targets/verify-reproductions.ts runs every script against a fresh server and compares the answers.
 */
import { readFileSync } from 'node:fs'
import type { Defect } from './defects.ts'

/**
 * A recorded curl line with the run's base URL as "$CATALOG_URL" and a redacted Authorization (or other secret
 * header) as "$CATALOG_TOKEN": runnable against another server of the same release.
 */
export function portableCurl(curl: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '')
  let line = curl.replace(
    /-H '([A-Za-z-]+): (\w+ )?\[REDACTED\]'/g,
    (_, name: string, scheme: string | undefined) => `-H "${name}: ${scheme ?? ''}\${CATALOG_TOKEN}"`,
  )
  // The URL is the line's last argument, single-quoted: its base becomes the variable, the rest stays quoted.
  const at = line.lastIndexOf(` '${base}`)
  if (base !== '' && at >= 0)
    line = `${line.slice(0, at)} "\${CATALOG_URL}"'${line.slice(at + 2 + base.length)}`
  return line
}

/** A value read from an earlier answer: the shell variable, the key and which of its occurrences (1-based). */
interface Capture {
  readonly name: string
  readonly key: string
  readonly occurrence: number
  /** The value the run saw, replaced by the variable in the requests after. */
  readonly value: string
}

interface Step {
  readonly line: string
  /** The recorded answer's body, when there is one. */
  readonly answer?: string
  readonly captures: Capture[]
  /** Written here, not recorded (see the module comment). */
  readonly synthetic?: boolean
}

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The string members of a JSON text, in text order (the script's grep finds them in the same order). */
const MEMBER = /"([\w.-]+)"\s*:\s*"([^"\\]*)"/g

/** Values a server makes up that a client sends back: locations and uuids. */
function madeUp(value: string): boolean {
  return UUID.test(value) || (value.length >= 8 && /^[a-z][\w+.-]*:\/|^\//i.test(value))
}

/** The shell lines that read occurrence `n` of `key`'s string value from "$out". */
function readLine(c: Capture): string {
  return (
    `${c.name}=$(printf '%s' "$out" | grep -o '"${c.key}" *: *"[^"]*"' | sed -n '${c.occurrence}p' | ` +
    `sed 's/^.*: *"//; s/"$//')`
  )
}

/** Finds the made-up values later requests send back, and makes each step read them (see the module comment). */
function linkValues(steps: Step[]): Step[] {
  let n = 0
  const out = steps.map((s) => ({ ...s, captures: [...s.captures] }))
  for (let i = 0; i < out.length; i++) {
    const answer = out[i]?.answer
    if (!answer) continue
    const seen = new Map<string, number>()
    for (const m of answer.matchAll(MEMBER)) {
      const [key, value] = [m[1] ?? '', m[2] ?? '']
      const occurrence = (seen.get(key) ?? 0) + 1
      seen.set(key, occurrence)
      if (!madeUp(value)) continue
      // Made up by the server: no request up to this answer sent it; sent back by a later one.
      if (out.slice(0, i + 1).some((s) => s.line.includes(value))) continue
      // Sent back whole, as a JSON string or a path segment: a prefix of it (a namespace's location inside a
      // table's) is not the value sent.
      const whole = [`"${value}"`, `/${value}'`, `/${value}/`]
      if (!out.slice(i + 1).some((s) => whole.some((w) => s.line.includes(w)))) continue
      if (out.some((s) => s.captures.some((c) => c.value === value))) continue
      out[i]!.captures.push({ name: `v${++n}`, key, occurrence, value })
    }
  }
  return out
}

/** The request of a recorded curl line: its path (after $CATALOG_URL), headers and JSON body. */
function parseLine(line: string): { path: string; headers: string[]; body?: unknown } | undefined {
  const path = /"\$\{CATALOG_URL\}"'([^']*)'\s*$/.exec(line)?.[1]
  if (path === undefined) return undefined
  const headers = [...line.matchAll(/-H ('(?:[^']|'\\'')*'|"[^"]*")/g)]
    .map((m) => m[1] ?? '')
    .filter((h) => !/^['"](content-type|idempotency-key):/i.test(h))
  const raw = /--data-raw '((?:[^']|'\\'')*)'/.exec(line)?.[1]
  let body: unknown
  try {
    body = raw === undefined ? undefined : (JSON.parse(raw.replace(/'\\''/g, "'")) as unknown)
  } catch {
    body = undefined
  }
  return { path, headers, ...(body !== undefined ? { body } : {}) }
}

const FIXTURES = new URL('../fixtures/', import.meta.url)
const fixture = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8')) as Record<string, unknown>

interface Needed {
  readonly namespace: readonly string[]
  readonly table?: string
  readonly view?: string
  /** The uuid the failing request asserts the object has, replaced by the created object's. */
  readonly uuid?: string
}

const asIdentifier = (v: unknown): { namespace: string[]; name: string } | undefined => {
  const o = v as { namespace?: unknown; name?: unknown } | undefined
  return Array.isArray(o?.namespace) &&
    o.namespace.every((x) => typeof x === 'string') &&
    typeof o.name === 'string'
    ? { namespace: o.namespace as string[], name: o.name }
    : undefined
}

/** The uuid a list of requirements asserts, of `kind` (table or view). */
function assertedUuid(requirements: unknown, kind: 'table' | 'view'): string | undefined {
  if (!Array.isArray(requirements)) return undefined
  const r = requirements.find(
    (x) =>
      (x as { type?: unknown })?.type === `assert-${kind}-uuid` &&
      typeof (x as { uuid?: unknown }).uuid === 'string',
  ) as { uuid: string } | undefined
  return r?.uuid
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** What a request alone needs to exist before it (see the module comment), and the base path (`/v1/`). */
function neededBy(req: { path: string; body?: unknown }): { base: string; needs: Needed[] } | undefined {
  const path = req.path.split('?')[0] ?? ''
  const body = req.body as Record<string, unknown> | undefined
  const named = /^(.*\/)namespaces\/([^/]+)(?:\/(tables|views)\/([^/]+))?/.exec(path)
  if (named) {
    const [, base = '/v1/', ns = '', kind, name] = named
    // A path the run sent malformed on purpose (a lone `%`) names nothing to create.
    const namespace = decoded(ns)?.split('\u001f')
    if (!namespace) return undefined
    if (!kind || !name) return { base, needs: [{ namespace }] }
    const object = decoded(name)
    if (object === undefined) return undefined
    const k = kind === 'tables' ? 'table' : 'view'
    const uuid = assertedUuid(body?.['requirements'], k)
    return { base, needs: [{ namespace, [k]: object, ...(uuid ? { uuid } : {}) }] }
  }
  const rename = /^(.*\/)(tables|views)\/rename$/.exec(path)
  const source = asIdentifier(body?.['source'])
  if (rename && source) {
    const k = rename[2] === 'tables' ? 'table' : 'view'
    return { base: rename[1] ?? '/v1/', needs: [{ namespace: source.namespace, [k]: source.name }] }
  }
  const commit = /^(.*\/)transactions\/commit$/.exec(path)
  if (commit && Array.isArray(body?.['table-changes'])) {
    const needs = (body['table-changes'] as unknown[]).flatMap((c) => {
      const id = asIdentifier((c as { identifier?: unknown })?.identifier)
      const uuid = assertedUuid((c as { requirements?: unknown })?.requirements, 'table')
      return id ? [{ namespace: id.namespace, table: id.name, ...(uuid ? { uuid } : {}) }] : []
    })
    return { base: commit[1] ?? '/v1/', needs }
  }
  return undefined
}

/** The requests that create what a lone failing request needs (see the module comment). */
function setupFor(failing: string): Step[] {
  const req = parseLine(failing)
  const found = req && neededBy(req)
  if (!req || !found) return []
  const post = (path: string, body: unknown): string =>
    [
      'curl -sS -i -X POST',
      ...req.headers.map((h) => `-H ${h}`),
      `-H 'content-type: application/json'`,
      '--data-raw',
      q(JSON.stringify(body)),
      `"\${CATALOG_URL}"${q(path)}`,
    ].join(' ')
  const steps: Step[] = []
  const made = new Set<string>()
  const nsPath = (ns: readonly string[]) => `${found.base}namespaces/${encodeURIComponent(ns.join('\u001f'))}`
  let n = 0
  for (const need of found.needs) {
    // A nested namespace's parents first.
    for (let i = 1; i <= need.namespace.length; i++) {
      const levels = need.namespace.slice(0, i)
      const key = JSON.stringify(levels)
      if (made.has(key)) continue
      made.add(key)
      steps.push({
        line: post(`${found.base}namespaces`, { namespace: levels }),
        captures: [],
        synthetic: true,
      })
    }
    const object = need.table ?? need.view
    if (object === undefined) continue
    const body = need.table
      ? { ...fixture('commits/create-table.json'), name: object }
      : (() => {
          const v = fixture('views/create-view.json') as { 'view-version': Record<string, unknown> }
          return {
            ...v,
            name: object,
            'view-version': { ...v['view-version'], 'default-namespace': need.namespace },
          }
        })()
    const key = `${need.table ? 'tables' : 'views'}|${JSON.stringify(need.namespace)}|${object}`
    if (made.has(key)) continue
    made.add(key)
    const uuidKey = need.table ? 'table-uuid' : 'view-uuid'
    steps.push({
      line: post(`${nsPath(need.namespace)}/${need.table ? 'tables' : 'views'}`, body),
      captures: need.uuid ? [{ name: `u${++n}`, key: uuidKey, occurrence: 1, value: need.uuid }] : [],
      synthetic: true,
    })
  }
  return steps
}

/** The requests of the script, in order: the setup (recorded, or written here) and the failing request last. */
function stepsOf(d: Defect, baseUrl: string): Step[] {
  const recorded: Step[] = d.reproduction.map((curl, i) => {
    const answer = d.reproductionAnswers[i]
    return { line: portableCurl(curl, baseUrl), ...(answer ? { answer } : {}), captures: [] }
  })
  const last = recorded.at(-1)
  const lone = d.reproductionMayMiss && recorded.length === 1 && last ? setupFor(last.line) : []
  return linkValues([...lone, ...recorded])
}

/** The script's lines of one step: the request, and the reading of the values later requests send back. */
function stepLines(s: Step, later: readonly Capture[]): string[] {
  // Values the run saw, replaced by the variables this server's answers filled in (inside the single quotes).
  let line = s.line
  // The longest first: a value may hold another.
  for (const c of [...later].sort((a, b) => b.value.length - a.value.length))
    line = line.split(c.value).join(`'"\${${c.name}}"'`)
  if (s.captures.length === 0) return [line]
  return [`out=$(${line})`, `printf '%s\\n' "$out"`, ...s.captures.map(readLine)]
}

/**
 * The reproduction as a POSIX shell script: the recorded curl lines with the run's base URL replaced by
 * $CATALOG_URL and a redacted Authorization (or other secret header) by $CATALOG_TOKEN, so that only those two are
 * filled in, and what else another server needs (see the module comment). Secrets inside bodies stay `[REDACTED]`
 * (the script says so).
 */
export function reproductionScript(d: Defect, baseUrl: string): string {
  const steps = stepsOf(d, baseUrl)
  const lines = steps.map((s) => s.line)
  const usesToken = lines.some((l) => l.includes('${CATALOG_TOKEN}'))
  const secretsLeft = lines.some((l) => l.includes('[REDACTED]'))
  const written = steps.some((s) => s.synthetic)
  const body: string[] = []
  steps.forEach((s, i) => {
    const later = steps.slice(0, i).flatMap((x) => x.captures)
    if (s.synthetic && !steps[i - 1]?.synthetic)
      body.push(
        '',
        "# Setup written by catalog-conformance (the run recorded only the failing request), not the test's own:",
      )
    if (!s.synthetic && steps[i - 1]?.synthetic) body.push('', '# The failing request, as the run sent it:')
    body.push('', ...stepLines(s, later))
  })
  return [
    '#!/bin/sh',
    `# ${d.id}: ${d.title.replace(/\n/g, ' ')}`,
    `# The requests of ${d.example?.test ?? d.occurrences.find((o) => o.curl !== undefined)?.test ?? 'the test'}, in order, up to the failing one (the last).`,
    `# Run: CATALOG_URL=http://host:port${usesToken ? ' CATALOG_TOKEN=…' : ''} sh ${d.id}.sh`,
    ...(d.reproductionMayMiss && !written
      ? [
          '# Requests before the failing one may be missing (not recorded by the run): add its setup if it fails.',
        ]
      : []),
    ...(steps.some((s) => s.captures.length > 0)
      ? ['# Values this server made up (locations, uuids) are read from its own answers, as $v1, $u1, …']
      : []),
    ...(secretsLeft ? ['# Values shown as [REDACTED] were secrets of the run: fill them in.'] : []),
    'set -u',
    ': "${CATALOG_URL:?set CATALOG_URL to the base URL given to --url}"',
    ...(usesToken ? [': "${CATALOG_TOKEN:?set CATALOG_TOKEN to a bearer token}"'] : []),
    ...body,
    '',
  ].join('\n')
}
