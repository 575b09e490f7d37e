/** The shape of a catalog of texts with exactly the keys of another (a language's translation of it). */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
