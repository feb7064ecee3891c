declare module 'postal-codes-js' {
  /** true when valid, otherwise a message saying why not. */
  export function validate(countryCode: string, postalCode: string): true | string
}
