/** Starts a node:http server on `host:port`, rejecting with the listen error (e.g. EADDRINUSE). */
import type { Server } from 'node:http'

export function listenHttp(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
