/** A json-logic rule: a primitive, an array, or an object with one operation key. */
export type JsonLogicRule = null | boolean | number | string | JsonLogicRule[] | { [operation: string]: JsonLogicRule };
