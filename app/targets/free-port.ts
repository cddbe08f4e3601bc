import { createServer } from 'node:net'

/**
 * Asks the OS for a free TCP port on 127.0.0.1, for a child that cannot report the port it bound
 * (the Java fixture takes a fixed `rest.port`). The port is released before the child binds it, so
 * another process could take it in between; the readiness deadline turns that race into a clear error.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port assigned'))
      })
    })
  })
}
