/**
 * An empty record in V8's dictionary mode, for the holders (whose keys come and go, see
 * holders.ts): each state's record then has its own set of keys, and a lookup in a dictionary
 * costs a hash probe, where one in objects of many different hidden classes missed V8's caches
 * (measured 25 against 165 ns). Deleting a property that is not the last one makes an object a
 * dictionary; without a prototype, a name that is not there is not looked for in Object.prototype
 * (most reads of a board's places find no entry).
 */
export function keyedRecord<T>(): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  out['\u0001a'] = undefined as T;
  out['\u0001b'] = undefined as T;
  delete out['\u0001a'];
  delete out['\u0001b'];
  return out;
}
