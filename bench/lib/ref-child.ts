/**
 * The reference server alone in this process, for load and memory benchmarks (so the load generator does
 * not share its event loop). Prints `{"url": …}` on stdout once listening; stops on SIGTERM or stdin end.
 */
import { start } from '../../reference-server/index.ts'

const server = await start({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.stdin.on('end', stop)
process.stdin.resume()
