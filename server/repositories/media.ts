import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import type { ResourceType } from '../contract.ts';
import type { FrameworkPlace } from '../media/posters.ts';

export type MediaSubject = {
  id: string;
  title: string;
  resourceType: ResourceType;
  description: string;
  implementationGuide: string | null;
  /** Length of the item's video; null when it has none. */
  videoSeconds: number | null;
};

/** What the generated posters and captions are drawn from: an item and its place in the framework. */
export function createMediaRepository(db: Db) {
  return {
    async item(publicId: string): Promise<MediaSubject | undefined> {
      const [row] = await rows<MediaSubject>(
        db,
        sql`select ci.id::text as "id", ci.title as "title", ci.resource_type as "resourceType", ci.description as "description",
              ci.implementation_guide as "implementationGuide", v.duration_seconds as "videoSeconds"
            from catalog_items ci left join videos v on v.id = ci.video_id
            where ci.public_id = ${publicId} and ci.status <> 'DRAFT'`,
      );
      return row && { ...row, videoSeconds: row.videoSeconds === null ? null : Number(row.videoSeconds) };
    },

    /**
     * The category and strand above the item's framework tags: the first in framework order when
     * its tags span several (a playlist or a livestream may).
     */
    async place(itemId: string): Promise<{ category: FrameworkPlace | null; strand: FrameworkPlace | null }> {
      const [row] = await rows<{ categoryTitle: string; categoryPosition: number; strandTitle: string | null; strandPosition: number | null }>(
        db,
        sql`with recursive up as (
              select n.id, n.parent_id, n.type, n.title, n.position, t.nasot_item_id as tag
              from catalog_item_nasot_items t join nasot_items n on n.id = t.nasot_item_id
              where t.catalog_item_id = ${itemId}::uuid
              union all
              select p.id, p.parent_id, p.type, p.title, p.position, up.tag from nasot_items p join up on p.id = up.parent_id
            )
            select c.title as "categoryTitle", c.position as "categoryPosition", s.title as "strandTitle", s.position as "strandPosition"
            from up c left join up s on s.tag = c.tag and s.type = 'STRAND'
            where c.type = 'CATEGORY'
            order by c.position, s.position nulls last
            limit 1`,
      );
      if (!row) return { category: null, strand: null };
      return {
        category: { title: row.categoryTitle, position: Number(row.categoryPosition) },
        strand: row.strandTitle === null ? null : { title: row.strandTitle, position: Number(row.strandPosition) },
      };
    },
  };
}

declare module './repositories.ts' {
  interface Repositories {
    media: ReturnType<typeof createMediaRepository>;
  }
}

export default defineRepository('media', createMediaRepository);
