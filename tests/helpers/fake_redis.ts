import { LoopbackListener } from '#tests/helpers/loopback_server'

/**
 * Just enough of a Redis server for a connection to become ready and pass
 * health checks (INFO, PING, SELECT, CLIENT), so a test can take Redis away
 * and bring it back (on one port throughout: see LoopbackListener) without
 * a Redis installed. Other commands get a nil.
 */
export class FakeRedis {
  #listener = new LoopbackListener((socket) => {
    let buffered = ''
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1')
      let parsed: { command: string[]; rest: string } | null
      while ((parsed = parseCommand(buffered))) {
        buffered = parsed.rest
        socket.write(reply(parsed.command))
      }
    })
  })

  get port() {
    return this.#listener.port
  }

  /** Redis answers. */
  start() {
    return this.#listener.listen()
  }

  /** Redis is gone: every connection cut, new ones refused. */
  down() {
    return this.#listener.refuse()
  }

  /** Stops listening and cuts every connection. */
  close() {
    return this.#listener.close()
  }
}

function reply([name = '']: string[]) {
  switch (name.toUpperCase()) {
    case 'PING':
      return '+PONG\r\n'
    case 'INFO': {
      const info = 'redis_version:7.0.0\r\nloading:0\r\n'
      return `$${info.length}\r\n${info}\r\n`
    }
    case 'SELECT':
    case 'CLIENT':
    case 'QUIT':
      return '+OK\r\n'
    default:
      return '$-1\r\n'
  }
}

/** One RESP array of bulk strings from the start of `input`, or null until it is complete. */
function parseCommand(input: string): { command: string[]; rest: string } | null {
  if (!input.startsWith('*')) {
    const end = input.indexOf('\r\n')
    return end === -1
      ? null
      : { command: input.slice(0, end).split(' '), rest: input.slice(end + 2) }
  }
  let position = input.indexOf('\r\n')
  if (position === -1) return null
  const count = Number(input.slice(1, position))
  position += 2
  const command: string[] = []
  for (let index = 0; index < count; index++) {
    const end = input.indexOf('\r\n', position)
    if (end === -1) return null
    const length = Number(input.slice(position + 1, end))
    const start = end + 2
    if (input.length < start + length + 2) return null
    command.push(input.slice(start, start + length))
    position = start + length + 2
  }
  return { command, rest: input.slice(position) }
}
