import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of a server (PostgreSQL), to take it away
 * and bring it back on the same port while the app runs. A blackhole
 * accepts connections and never answers.
 */
export class TcpProxy {
  port = 0
  #server?: Server
  #sockets = new Set<Socket>()

  constructor(private target: { host: string; port: number } | null) {}

  static blackhole() {
    return new TcpProxy(null)
  }

  open() {
    this.#server = createServer((client) => {
      this.#track(client)
      if (!this.target) return
      const upstream = this.#track(createConnection(this.target))
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    })
    return new Promise<void>((resolve, reject) => {
      this.#server!.once('error', reject)
      this.#server!.listen(this.port, '127.0.0.1', () => {
        const address = this.#server!.address()
        this.port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  }

  /** Stops listening and cuts every open connection. */
  close() {
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
    const server = this.#server
    this.#server = undefined
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  }

  #track(socket: Socket) {
    this.#sockets.add(socket)
    socket.on('close', () => this.#sockets.delete(socket))
    return socket
  }
}
