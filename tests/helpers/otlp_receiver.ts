import { createServer, type Server } from 'node:http'

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean }
type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes?: { key: string; value: AnyValue }[]
}
type TracesRequest = {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[]
}

export type ReceivedSpan = {
  traceId: string
  spanId: string
  parentSpanId: string
  name: string
  kind: number
  attributes: Record<string, string | number | boolean | undefined>
}

/**
 * A real OTLP/HTTP receiver on loopback (the JSON encoding, as the exporter
 * sends with OTEL_EXPORTER_OTLP_PROTOCOL=http/json): keeps every span it is
 * sent to /v1/traces.
 */
export class OtlpReceiver {
  spans: ReceivedSpan[] = []
  #server?: Server

  start() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          this.#keep(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TracesRequest)
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    return new Promise<number>((resolve) => {
      this.#server!.listen(0, '127.0.0.1', () => {
        const address = this.#server!.address()
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  }

  stop() {
    return new Promise<void>((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve()
    )
  }

  /** The spans of one trace, once `done` says all are in (or after `timeoutMs`). */
  async trace(traceId: string, done: (spans: ReceivedSpan[]) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs
    let spans = this.spans.filter((span) => span.traceId === traceId)
    while (!done(spans) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      spans = this.spans.filter((span) => span.traceId === traceId)
    }
    return spans
  }

  #keep(body: TracesRequest) {
    for (const resource of body.resourceSpans ?? []) {
      for (const scope of resource.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          const attributes: ReceivedSpan['attributes'] = {}
          for (const { key, value } of span.attributes ?? []) {
            attributes[key] = value.stringValue ?? value.intValue ?? value.boolValue
          }
          this.spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes,
          })
        }
      }
    }
  }
}
