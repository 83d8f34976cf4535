/**
 * Tagged unions in the generated schema are plain `anyOf`s, so a bad node gets one error per
 * alternative. This rewrites (in memory) every `anyOf` whose alternatives are all objects told apart
 * by one constant property (`k`, `t` or `type`) into ajv's `discriminator` + `oneOf`, so that only
 * the alternative named by the tag is checked and errors point at the real problem.
 * The committed schema stays plain JSON Schema; only our validator uses the rewrite.
 */

type JsonObject = { [key: string]: unknown };

const tagNames = ['k', 't', 'type'] as const;

function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Resolves a local `#/definitions/Name` reference, or returns the schema itself. */
export function resolveLocal(schema: unknown, definitions: JsonObject): JsonObject | undefined {
  if (!isObject(schema)) return undefined;
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const prefix = '#/definitions/';
  if (!ref.startsWith(prefix)) return undefined;
  const target = definitions[decodeURIComponent(ref.slice(prefix.length))];
  return isObject(target) ? target : undefined;
}

/** The constant value of `tag` in an object alternative, if it has one and requires it. */
export function tagValue(alt: JsonObject, tag: string): string | undefined {
  const props = alt['properties'];
  const required = alt['required'];
  if (!isObject(props) || !Array.isArray(required) || !required.includes(tag)) return undefined;
  const prop = props[tag];
  return isObject(prop) && typeof prop['const'] === 'string' ? prop['const'] : undefined;
}

function tagFor(alternatives: unknown[], definitions: JsonObject): string | undefined {
  for (const tag of tagNames) {
    const values = alternatives.map((a) => {
      const alt = resolveLocal(a, definitions);
      return alt ? tagValue(alt, tag) : undefined;
    });
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) return tag;
  }
  return undefined;
}

function rewrite(node: unknown, definitions: JsonObject): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, definitions));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = rewrite(value, definitions);
  const alternatives = out['anyOf'];
  if (Array.isArray(alternatives) && alternatives.length > 1) {
    const tag = tagFor(alternatives, definitions);
    if (tag) {
      delete out['anyOf'];
      out['type'] = 'object';
      out['discriminator'] = { propertyName: tag };
      out['oneOf'] = alternatives;
    }
  }
  return out;
}

/** A copy of `schema` with tagged unions turned into discriminated `oneOf`s. */
export function discriminateUnions(schema: JsonObject): JsonObject {
  const definitions = isObject(schema['definitions']) ? schema['definitions'] : {};
  const result = rewrite(schema, definitions);
  return isObject(result) ? result : schema;
}
