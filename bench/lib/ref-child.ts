/**
 * The reference server alone in this process, for load and memory benchmarks (so the load generator does
 * not share its event loop). Prints `{"url": …}` on stdout once listening; stops on SIGTERM or stdin end.
 *
 * `--keep-alive-ms N` overrides the server's keepAliveTimeout (listen.ts sets 1000 ms, which undici's
 * 2000 ms threshold turns into a new connection per request): an A/B switch to measure that cost.
 */
import http from 'node:http'
import { syncBuiltinESMExports } from 'node:module'

const at = process.argv.indexOf('--keep-alive-ms')
if (at >= 0) {
  const keepAliveMs = Number(process.argv[at + 1])
  const original = http.createServer
  // Pins keepAliveTimeout on the server listen.ts creates; its own assignment is then ignored.
  http.createServer = ((...args: Parameters<typeof original>) => {
    const server = original(...args)
    Object.defineProperty(server, 'keepAliveTimeout', { get: () => keepAliveMs, set: () => {} })
    return server
  }) as typeof original
  syncBuiltinESMExports()
}
const { start } = await import('../../reference-server/index.ts')
const server = await start({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.stdin.on('end', stop)
process.stdin.resume()
