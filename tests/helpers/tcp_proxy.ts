import { createConnection, type Socket } from 'node:net'
import { LoopbackListener } from '#tests/helpers/loopback_server'

/**
 * A loopback TCP proxy in front of a server (PostgreSQL), to take it away
 * and bring it back while the app runs (on one port throughout: see
 * LoopbackListener). A blackhole accepts connections and never answers; a
 * held proxy accepts them and answers only once released (a server slow to
 * answer).
 */
export class TcpProxy {
  #listener = new LoopbackListener((client) => this.#accept(client))
  #held?: (() => void)[]
  #swallowing: boolean
  #hangingUp = false

  constructor(private target: { host: string; port: number } | null) {
    this.#swallowing = !target
  }

  static blackhole() {
    return new TcpProxy(null)
  }

  get port() {
    return this.#listener.port
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
  open() {
    this.#swallowing = !this.target
    this.#hangingUp = false
    return this.#listener.listen()
  }

  /** The server is gone: open connections are cut, new ones reset at once. */
  down() {
    return this.#listener.refuse()
  }

  /** The server hangs: open connections are cut, new ones accepted and never answered. */
  swallow() {
    this.#listener.cut()
    this.#swallowing = true
  }

  /**
   * The server is gone behind a proxy that stays (HAProxy with no server
   * up): open connections are cut, new ones accepted and closed at once.
   */
  hangUp() {
    this.#listener.cut()
    this.#hangingUp = true
  }

  /** Stops listening and cuts every open connection. */
  close() {
    return this.#listener.close()
  }

  #accept(client: Socket) {
    if (this.#hangingUp) return client.end()
    if (this.#swallowing) return
    const connect = () => {
      if (client.destroyed) return
      const upstream = this.#listener.track(createConnection(this.target!))
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    }
    if (this.#held) this.#held.push(connect)
    else connect()
  }
}
