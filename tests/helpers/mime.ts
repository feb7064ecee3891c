import type { ReceivedMail } from '#tests/helpers/smtp_server'

/** The unfolded headers of a MIME entity, names lower-cased. */
function headersOf(head: string) {
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
export function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
      const bytes = text
        .replaceAll('_', ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16))
        )
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}

function decodeBody(body: string, encoding: string | undefined) {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16))
        )
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    default:
      return body
  }
}

type Parts = Record<string, string>

function partsOf(entity: string, found: Parts) {
  const split = /\r?\n\r?\n/.exec(entity)
  const head = split ? entity.slice(0, split.index) : entity
  const body = split ? entity.slice(split.index + split[0].length) : ''
  const headers = headersOf(head)
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      partsOf(section.replace(/^\r?\n/, ''), found)
    }
    return found
  }
  found[type.split(';')[0].trim().toLowerCase()] = decodeBody(
    body,
    headers.get('content-transfer-encoding')
  ).replace(/\r\n/g, '\n')
  return found
}

/** An email as its reader sees it: the decoded subject, text and HTML. */
export function readMail(mail: ReceivedMail) {
  const split = /\r?\n\r?\n/.exec(mail.raw)!
  const headers = headersOf(mail.raw.slice(0, split.index))
  const parts = partsOf(mail.raw, {})
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    headers,
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  }
}
