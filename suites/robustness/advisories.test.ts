/**
 * Advisories: what a careful operator wants to know but the Iceberg spec does not rule on — a stack trace or
 * class names in an error body, TRACE echoing requests back (cross-site tracing), a client-chosen relative table
 * location that the server would resolve against its own working directory. They are reported apart from the
 * verdict and never change the exit code; each test here passes and records what it found.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTableBody } from '../_harness/support/commit-steps.ts'

/** A Java, Python or JavaScript stack frame, or an exception class name, in a body a client may show to a user. */
const LEAK =
  /(\n\s*at [\w$.<>]+\(|Traceback \(most recent call last\)|\bat (?:java|org|com|io)\.[\w.$]+\(|\b(?:java|org\.apache|com\.\w+)\.[\w.]+(?:Exception|Error)\b)/

/** Every string of a JSON body, joined by newlines (escapes decoded, so a frame's line break is one again). */
function textOf(json: unknown): string | undefined {
  if (json === undefined) return undefined
  const out: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(json)
  return out.join('\n')
}

operation('topic:advisories', () => {
  rule(
    {
      id: 'advisories/errors/no-internals',
      title: 'error bodies carry no stack traces or internal class names',
      requires: ['loadNamespaceMetadata', 'createNamespace'],
    },
    async ({ catalog, sandbox, advise }) => {
      // Malformed bodies still name a run namespace: the write guard lets nothing else through.
      const name = sandbox.names.namespace('broken')
      const answers = [
        await catalog.op.loadNamespaceMetadata({ namespace: sandbox.names.namespace('missing') }),
        await catalog.op.createNamespace({
          rawBody: `{"namespace": ${JSON.stringify(name)}`,
          headers: { 'content-type': 'application/json' },
        }),
        await catalog.op.createNamespace({ body: { namespace: name.join('.') } }),
      ]
      for (const ex of answers) {
        const leak = LEAK.exec(textOf(ex.json) ?? ex.bodyText)?.[0]
        if (ex.status >= 400 && leak)
          advise(
            `${ex.operationId} ${ex.status}: the error body shows internals (${JSON.stringify(leak.trim()).slice(0, 120)})`,
          )
      }
    },
  )

  rule(
    {
      id: 'advisories/http/trace-off',
      title: 'TRACE is not answered with an echo of the request',
      requires: ['getConfig'],
    },
    async ({ catalog, advise }) => {
      const ex = await catalog.raw('TRACE', '/v1/config', {
        headers: { 'x-conformance-trace-probe': 'echo-me' },
      })
      if (ex.status >= 200 && ex.status < 300 && ex.bodyText.includes('echo-me'))
        advise(
          `TRACE /v1/config answered ${ex.status} and echoed the request (headers included): disable TRACE`,
        )
    },
  )

  rule(
    {
      id: 'advisories/tables/relative-location',
      title:
        'a relative table location is refused or made absolute, not written under the server’s working directory',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, advise }) => {
      const namespace = await sandbox.namespace(catalog, 'relloc')
      const name = sandbox.names.table('rel')
      const ex = await catalog.op.createTable({
        namespace,
        body: createTableBody(name, { location: `conformance-relative/${name}` }),
      })
      const location = (ex.json as { metadata?: { location?: string } } | undefined)?.metadata?.location
      if (ex.status === 200 && typeof location === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(location))
        advise(
          `createTable accepted the relative location "${location}": it is resolved against the server's working directory`,
        )
    },
  )
})
