/**
 * Escapes text for HTML that a template builds itself: element content and
 * double-quoted attribute values.
 */
export function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}
