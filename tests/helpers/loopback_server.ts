import type { Server, Socket } from 'node:net'

/** Listens on 127.0.0.1 (`port` 0 picks a free one) and resolves with the port it got. */
export function listenOnLoopback(server: Server, port: number) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
}

/** Cuts every open connection, then stops listening. */
export function closeWithSockets(server: Server | undefined, sockets: Set<Socket>) {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
}
