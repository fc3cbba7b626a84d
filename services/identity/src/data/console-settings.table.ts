import type { ColumnType, Generated, Selectable } from 'kysely';

export type ConsoleMode = 'TEST' | 'LIVE';

/** One row (id 1): the console's mode and the catalog items of the last sync. */
export interface ConsoleSettingsTable {
  id: Generated<number>;
  mode: Generated<ConsoleMode>;
  catalog_items: ColumnType<unknown[], string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export type ConsoleSettingsRow = Selectable<ConsoleSettingsTable>;
