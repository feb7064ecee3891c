/**
 * Sends a body byte for byte (the API client would serialise a string as
 * JSON), for tests of malformed and non-object bodies.
 */
export async function rawRequest(
  method: string,
  path: string,
  body: string | Buffer | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' }
) {
  const response = await fetch(`http://${process.env.HOST}:${process.env.PORT}${path}`, {
    method,
    headers,
    body,
  })
  const json: any = await response.json()
  return { status: response.status, headers: response.headers, body: json }
}
