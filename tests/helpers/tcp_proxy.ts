import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { closeWithSockets, listenOnLoopback } from '#tests/helpers/loopback_server'

/**
 * A loopback TCP proxy in front of a server (PostgreSQL), to take it away
 * and bring it back on the same port while the app runs. A blackhole
 * accepts connections and never answers; a held proxy accepts them and
 * answers only once released (a server slow to answer).
 */
export class TcpProxy {
  port = 0
  #server?: Server
  #sockets = new Set<Socket>()
  #held?: (() => void)[]

  constructor(private target: { host: string; port: number } | null) {}

  static blackhole() {
    return new TcpProxy(null)
  }

  /** Accepted connections wait, their bytes unread, until `release()`. */
  hold() {
    this.#held ??= []
    return this
  }

  /** Connects the held connections and every later one to the target. */
  release() {
    const held = this.#held ?? []
    this.#held = undefined
    for (const connect of held) connect()
  }

  async open() {
    this.#server = createServer((client) => {
      this.#track(client)
      client.on('error', () => client.destroy())
      if (!this.target) return
      const connect = () => {
        if (client.destroyed) return
        const upstream = this.#track(createConnection(this.target!))
        client.pipe(upstream).pipe(client)
        client.on('error', () => upstream.destroy())
        upstream.on('error', () => client.destroy())
      }
      if (this.#held) this.#held.push(connect)
      else connect()
    })
    this.port = await listenOnLoopback(this.#server, this.port)
  }

  /** Stops listening and cuts every open connection. */
  close() {
    const server = this.#server
    this.#server = undefined
    return closeWithSockets(server, this.#sockets)
  }

  #track(socket: Socket) {
    this.#sockets.add(socket)
    socket.on('close', () => this.#sockets.delete(socket))
    return socket
  }
}
