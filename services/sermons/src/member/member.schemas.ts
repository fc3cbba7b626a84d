// Request shapes of the member routes (validated by Fastify; a bad body or query is a 400 that names the field).
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const LIBRARY_PAGE_SIZE_MAX = 100;

export const libraryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    series: { type: 'string', maxLength: 200 },
    favorites: { type: 'boolean' },
    page: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: LIBRARY_PAGE_SIZE_MAX, default: 12 },
  },
} as const;
export interface LibraryQuery {
  search?: string;
  series?: string;
  favorites?: boolean;
  page: number;
  pageSize: number;
}

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;

export const progressBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    outlineRead: { type: 'boolean' },
    devotionalCompleted: { type: 'boolean' },
    videoCompleted: { type: 'boolean' },
  },
} as const;

export const dayProgressBody = {
  type: 'object',
  additionalProperties: false,
  required: ['completed'],
  properties: { completed: { type: 'boolean' } },
} as const;

export const favoriteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['favorite'],
  properties: { favorite: { type: 'boolean' } },
} as const;

/** A route's `:id` that must be a UUID (OpenAPI `format: uuid`; anything else is a 400 naming the field). */
export const uuidParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
