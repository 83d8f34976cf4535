/**
 * Tagged unions in the generated schema are plain `anyOf`s, so a bad node gets one error per
 * alternative. This rewrites (in memory) every `anyOf` whose alternatives are all objects told apart
 * by one constant property (`k`, `t` or `type`) into ajv's `discriminator` + `oneOf`, so that only
 * the alternative named by the tag is checked and errors point at the real problem; and an `anyOf`
 * of one alternative per JSON type into a list of types (`typeUnion`).
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

/** The keywords that constrain only values of one JSON type (draft-07), by type. */
const keywordsOfType: Record<string, readonly string[]> = {
  null: [],
  boolean: [],
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains'],
  object: ['properties', 'additionalProperties', 'patternProperties', 'required', 'maxProperties', 'minProperties', 'propertyNames', 'dependencies'],
};

/**
 * An `anyOf` whose alternatives are each one JSON type (`null`, `boolean`, `number`, `string`,
 * `array`, `object`, each once) with keywords that constrain only that type (`Json`, the IR's plain
 * values) as one schema: `type` listing them, with every alternative's keywords. A value is valid
 * by both exactly when its type is listed and it meets its type's keywords. ajv checks an `anyOf`
 * alternative by alternative, making an error object for each one a value is not (two for every
 * number of the IR, then thrown away); a list of types is one test.
 */
function typeUnion(alternatives: unknown[]): JsonObject | undefined {
  const out: JsonObject = { type: [] as string[] };
  for (const alt of alternatives) {
    if (!isObject(alt)) return undefined;
    const type = alt['type'];
    if (typeof type !== 'string' || !Object.hasOwn(keywordsOfType, type) || (out['type'] as string[]).includes(type)) return undefined;
    (out['type'] as string[]).push(type);
    for (const [key, value] of Object.entries(alt)) {
      if (key === 'type' || key === 'description') continue;
      if (!keywordsOfType[type]!.includes(key)) return undefined;
      out[key] = value;
    }
  }
  return out;
}

function rewrite(node: unknown, definitions: JsonObject): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, definitions));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = rewrite(value, definitions);
  const alternatives = out['anyOf'];
  if (Array.isArray(alternatives) && alternatives.length > 1) {
    const tag = tagFor(alternatives, definitions);
    const union = tag || 'type' in out ? undefined : typeUnion(alternatives);
    if (tag) {
      delete out['anyOf'];
      out['type'] = 'object';
      out['discriminator'] = { propertyName: tag };
      out['oneOf'] = alternatives;
    } else if (union) {
      delete out['anyOf'];
      Object.assign(out, union);
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
