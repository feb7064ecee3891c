import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { closeWithSockets, listenOnLoopback } from '#tests/helpers/loopback_server'

type Mode = 'forward' | 'refuse' | 'blackhole'

/**
 * A loopback TCP proxy in front of a server (PostgreSQL), to take it away
 * and bring it back while the app runs. It keeps its port from the first
 * `open()`/`down()` to `close()`: a port given back while a client keeps
 * dialling it can be taken by that client's own outgoing socket (a TCP
 * self-connect), and the proxy could then never listen there again.
 *
 * A blackhole accepts connections and never answers; a held proxy accepts
 * them and answers only once released (a server slow to answer).
 */
export class TcpProxy {
  port = 0
  #server?: Server
  #sockets = new Set<Socket>()
  #held?: (() => void)[]
  #mode: Mode

  constructor(private target: { host: string; port: number } | null) {
    this.#mode = target ? 'forward' : 'blackhole'
  }

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

  /** The server is there: connections reach the target (or the blackhole). */
  async open() {
    this.#mode = this.target ? 'forward' : 'blackhole'
    await this.#listen()
  }

  /** The server is gone: open connections are cut, new ones reset at once. */
  async down() {
    this.#cut('refuse')
    await this.#listen()
  }

  /** The server hangs: open connections are cut, new ones accepted and never answered. */
  swallow() {
    this.#cut('blackhole')
  }

  /** Stops listening and cuts every open connection. */
  close() {
    const server = this.#server
    this.#server = undefined
    return closeWithSockets(server, this.#sockets)
  }

  async #listen() {
    if (this.#server) return
    this.#server = createServer((client) => this.#accept(client))
    this.port = await listenOnLoopback(this.#server, this.port)
  }

  #cut(mode: Mode) {
    this.#mode = mode
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }

  #accept(client: Socket) {
    client.on('error', () => client.destroy())
    if (this.#mode === 'refuse') return client.resetAndDestroy()
    this.#track(client)
    if (this.#mode === 'blackhole') return
    const connect = () => {
      if (client.destroyed) return
      const upstream = this.#track(createConnection(this.target!))
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    }
    if (this.#held) this.#held.push(connect)
    else connect()
  }

  #track(socket: Socket) {
    this.#sockets.add(socket)
    socket.on('close', () => this.#sockets.delete(socket))
    return socket
  }
}
