/** A line that stays on stderr. */
export function log(line: string) {
  process.stderr.write(`\r\x1b[K${line}\n`)
}

/** A line that the next one overwrites (stderr: the table alone goes to stdout). */
export function progress(line: string) {
  process.stderr.write(`\r\x1b[K${line}`)
}
