import { createServer, type Server, type Socket } from 'node:net'

/**
 * A server on 127.0.0.1 that a test takes away and brings back while the
 * app keeps dialling it. It keeps its port from the first `listen()` or
 * `refuse()` to `close()`: a port given back while a client dials it can be
 * taken by that client's own outgoing socket (a TCP self-connect), and the
 * server could then never listen there again (EADDRINUSE). Gone, it resets
 * every new connection in place, as a closed port refuses it.
 */
export class LoopbackListener {
  port = 0
  #server?: Server
  #sockets = new Set<Socket>()
  #refusing = false

  constructor(private onConnection: (socket: Socket) => void) {}

  /** Connections reach `onConnection`. */
  async listen() {
    this.#refusing = false
    await this.#bind()
  }

  /** Gone: open connections are cut, new ones reset at once. */
  async refuse() {
    this.cut()
    this.#refusing = true
    await this.#bind()
  }

  /** Cuts every open connection (those accepted, and those `track`ed). */
  cut() {
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }

  /** Cut with the others by `cut()` and `close()` (e.g. a proxy's upstream). */
  track(socket: Socket) {
    this.#sockets.add(socket)
    socket.on('close', () => this.#sockets.delete(socket))
    return socket
  }

  /** Stops listening and cuts every open connection. */
  close() {
    this.cut()
    const server = this.#server
    this.#server = undefined
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  }

  async #bind() {
    if (this.#server) return
    this.#server = createServer((socket) => {
      socket.on('error', () => socket.destroy())
      if (this.#refusing) return socket.resetAndDestroy()
      this.onConnection(this.track(socket))
    })
    const server = this.#server
    this.port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => {
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  }
}
