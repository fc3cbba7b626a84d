// TypeBox shapes every service's routes repeat (request and response schemas, OpenAPI).
import { Type, type TSchema } from 'typebox';

/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An id in the canonical UUID text form (the fuzz tests send only such ids). */
export const Uuid = Type.String({ format: 'uuid' });
/** An instant as ISO 8601 text (`Date.toISOString()`). */
export const Iso = Type.String({ format: 'date-time' });
