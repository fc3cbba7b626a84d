// The member area's tables (migration 202611232100_member_progress), seen together with the
// sermons service's own: the member module reads sermons, outlines and devotionals, never writes them.
import type { ColumnType, Generated } from 'kysely';
import type { DiscussionGuide } from '@lectern/workflow-contract/discussion-guide';
import type { SermonsDb } from '../data/database.ts';

export interface UserSermonProgressTable {
  user_id: string;
  sermon_id: string;
  org_id: string;
  outline_read: Generated<boolean>;
  devotional_completed: Generated<boolean>;
  video_completed: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface UserDevotionalProgressTable {
  user_id: string;
  devotional_id: string;
  sermon_id: string;
  org_id: string;
  completed: Generated<boolean>;
  completed_at: Date | null;
}

export interface UserFavoritesTable {
  user_id: string;
  sermon_id: string;
  org_id: string;
  created_at: Generated<Date>;
}

export interface RecentlyViewedTable {
  user_id: string;
  sermon_id: string;
  org_id: string;
  viewed_at: Generated<Date>;
}

export interface MemberPlaybackSessionsTable {
  user_id: string;
  sermon_id: string;
  org_id: string;
  started_at: Generated<Date>;
  last_served_at: Generated<Date>;
}

export interface DiscussionGuidesTable {
  sermon_id: string;
  org_id: string;
  guide: ColumnType<DiscussionGuide, string, string>;
  updated_at: Generated<Date>;
}

/** As generateDiscussionGuide makes it (the pipeline after the outline, sermons after an outline edit). */
export type { DiscussionGuide };

export interface MemberTables {
  user_sermon_progress: UserSermonProgressTable;
  user_devotional_progress: UserDevotionalProgressTable;
  user_favorites: UserFavoritesTable;
  recently_viewed: RecentlyViewedTable;
  discussion_guides: DiscussionGuidesTable;
  member_playback_sessions: MemberPlaybackSessionsTable;
}

export type MemberDb = SermonsDb & MemberTables;
