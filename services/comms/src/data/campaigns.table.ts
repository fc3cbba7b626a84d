import type { Generated, Insertable, Selectable } from 'kysely';

/** One "Send" of the compose dialog: a template rendered for several recipients. */
export interface CampaignsTable {
  id: string;
  org_id: string;
  name: string;
  template_id: string | null;
  integration_id: string | null;
  created_by: string;
  subject: string;
  body: string;
  organization_name: string;
  footer: Generated<string>;
  address: Generated<string[]>;
  /** every link of the sent mail (the click redirect's allow-list) */
  links: Generated<string[]>;
  recipient_count: number;
  created_at: Generated<Date>;
}

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaign = Insertable<CampaignsTable>;
