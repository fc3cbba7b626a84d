// JSON Schemas of the Outline and of the five-day series. The OpenAI-compatible provider sends
// them as response_format and every generator's result is checked against them.
type Schema = {
  type: 'object' | 'array' | 'string' | 'integer';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: false;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
};

const str: Schema = { type: 'string' };
const strList: Schema = { type: 'array', items: str };
const obj = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const quickFull = (s: Schema): Schema => obj({ quick: s, full: s });

export const outlineSchema: Schema = obj({
  theme: str,
  mainPoints: { type: 'array', minItems: 1, items: obj({ title: str, summary: str, details: str, scripture: str }) },
  keyPoints: strList,
  scriptures: strList,
  applications: strList,
  application: str,
  illustrations: strList,
  conclusion: strList,
});

const reflection = obj({ observations: strList, interpretation: str, application: str, keyTakeaway: str, question: str });

export const devotionalDaySchema: Schema = obj({
  day_number: { type: 'integer', minimum: 1, maximum: 5 },
  title: str,
  theme: str,
  opening_prayer: quickFull(str),
  scripture_passage: quickFull(obj({ reference: str, text: str, context: str })),
  reflection: quickFull(reflection),
  closing_prayer: quickFull(str),
  additional_scripture: { type: 'array', items: obj({ reference: str, note: str }) },
});

export const devotionalSeriesSchema: Schema = obj({
  days: { type: 'array', minItems: 5, maxItems: 5, items: devotionalDaySchema },
});

/** Problems of `value` against `schema`, as `path: message` strings; empty when valid. */
export function schemaErrors(schema: Schema, value: unknown, path = '$'): string[] {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? [] : [`${path}: expected a string`];
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return [`${path}: expected an integer`];
      if (schema.minimum !== undefined && value < schema.minimum) return [`${path}: below ${schema.minimum}`];
      if (schema.maximum !== undefined && value > schema.maximum) return [`${path}: above ${schema.maximum}`];
      return [];
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: expected an array`];
      const errors: string[] = [];
      if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: more than ${schema.maxItems} items`);
      value.forEach((item, i) => errors.push(...schemaErrors(schema.items!, item, `${path}[${i}]`)));
      return errors;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: expected an object`];
      const record = value as Record<string, unknown>;
      const errors: string[] = [];
      for (const key of schema.required ?? []) if (!(key in record)) errors.push(`${path}.${key}: missing`);
      for (const [key, v] of Object.entries(record)) {
        const sub = schema.properties?.[key];
        if (sub) errors.push(...schemaErrors(sub, v, `${path}.${key}`));
        else if (schema.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
      }
      return errors;
    }
  }
}

export type { Schema };
