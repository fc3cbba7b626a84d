import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface Word {
  word: string;
  start: number;
  end: number;
}

export interface TranscriptsTable {
  sermon_id: string;
  org_id: string;
  text: string;
  words: Json<Word[]>;
  updated_at: Generated<Date>;
}

export interface OutlinesTable {
  sermon_id: string;
  org_id: string;
  outline: Json<Record<string, unknown>>;
  updated_at: Generated<Date>;
}

export interface DevotionalsTable {
  id: Generated<string>;
  sermon_id: string;
  org_id: string;
  day_number: number;
  title: string;
  theme: string;
  opening_prayer: Json<unknown>;
  scripture_passage: Json<unknown>;
  reflection: Json<unknown>;
  closing_prayer: Json<unknown>;
  additional_scripture: Json<unknown>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type DevotionalRow = Selectable<DevotionalsTable>;

export interface OrgPlansTable {
  org_id: string;
  plan: string;
  updated_at: Generated<Date>;
}

export interface QuotaUsageTable {
  org_id: string;
  cycle_start: Date;
  used: Generated<number>;
}
