/**
 * The escape hatch to properties a result's type does not list: a field a newer server
 * added, or one of a server that extends the API. At run time every property of an answer
 * is kept (with `validateResponses: 'compatible'`, the default); its type names only the
 * known fields, so a misspelled property does not compile. Reading an unlisted one is a
 * deliberate cast: `(service as Unlisted<Service>).new_field` is `unknown`.
 */
export type Unlisted<T> = T & { readonly [property: string]: unknown };
