import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { CAPTIONS_DIR, CAPTIONS_EXT, captionCues, type Cue } from '../media/captions.ts';
import { uuids } from './fragments.ts';

/**
 * The spoken words of items' videos (catalog_item_cues, migration 0032), which the catalogue
 * search matches: each item's cues are those of the captions its video offers, the first track
 * as the player shows it. Generated captions (/media/captions/{publicId}.en.vtt) are drawn from
 * the item they name, as server/routes/media.ts draws them; an uploaded file's cues were read at
 * upload (media_uploads.cues); captions elsewhere on the web are not read, and give no cues.
 */

const UPLOADED = /^\/media\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^/?#]+)$/i;
/** Items whose cues one statement writes: a few thousand rows. */
const CHUNK = 500;

type Source = {
  id: string;
  src: string | null;
  /** The item the generated captions are drawn from, when the track is one of those. */
  title: string | null;
  description: string | null;
  guide: string | null;
  seconds: number | null;
};

/** Replaces these items' cues by those of their captions as they are now (in the caller's transaction). */
export async function writeCues(db: Db, itemIds: string[]): Promise<void> {
  if (!itemIds.length) return;
  const sources = await rows<Source>(
    db,
    sql`select ci.id::text as "id", v.captions->0->>'src' as "src", g.title as "title", g.description as "description",
          g.implementation_guide as "guide", gv.duration_seconds::float8 as "seconds"
        from catalog_items ci
        left join videos v on v.id = ci.video_id
        left join catalog_items g on v.captions->0->>'src' = ${CAPTIONS_DIR} || g.public_id || ${CAPTIONS_EXT}
        left join videos gv on gv.id = g.video_id
        where ci.id in (${uuids(itemIds)})`,
  );
  const uploadIds = [...new Set(sources.flatMap((s) => (s.src && UPLOADED.exec(s.src) ? [UPLOADED.exec(s.src)![1]!.toLowerCase()] : [])))];
  const uploaded = uploadIds.length
    ? await rows<{ id: string; fileName: string; cues: Cue[] | null }>(
        db,
        sql`select id::text as "id", file_name as "fileName", cues as "cues" from media_uploads where id in (${uuids(uploadIds)}) and kind = 'captions'`,
      )
    : [];
  const uploads = new Map(uploaded.map((u) => [`${u.id}/${u.fileName}`, u.cues ?? []]));
  const cuesOf = (s: Source): Cue[] => {
    if (!s.src) return [];
    const upload = UPLOADED.exec(s.src);
    if (upload) return uploads.get(`${upload[1]!.toLowerCase()}/${upload[2]}`) ?? [];
    if (s.title !== null && s.seconds !== null) return captionCues({ title: s.title, description: s.description, guide: s.guide, durationSeconds: s.seconds });
    return [];
  };
  const written = sources.flatMap((s) => cuesOf(s).map((c, n) => ({ item_id: s.id, position: n + 1, start_seconds: c.start, end_seconds: c.end, text: c.text })));
  await db.execute(sql`delete from catalog_item_cues where item_id in (${uuids(itemIds)})`);
  if (!written.length) return;
  await db.execute(sql`insert into catalog_item_cues (item_id, position, start_seconds, end_seconds, text)
    select r.item_id, r.position, r.start_seconds, r.end_seconds, r.text
    from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as r(item_id uuid, position int, start_seconds float8, end_seconds float8, text text)`);
}

/**
 * Writes the cues of every item with a video and none yet: after a seed, and at start-up for the
 * items that were there before the cues were kept. An item whose captions give no cues (captions
 * elsewhere on the web) is read again each time, which costs a few rows.
 */
export async function writeMissingCues(db: Db): Promise<number> {
  const missing = await rows<{ id: string }>(
    db,
    sql`select ci.id::text as "id" from catalog_items ci
        where ci.video_id is not null and not exists (select 1 from catalog_item_cues c where c.item_id = ci.id)`,
  );
  for (let i = 0; i < missing.length; i += CHUNK) {
    const chunk = missing.slice(i, i + CHUNK).map((r) => r.id);
    await db.transaction((tx) => writeCues(tx, chunk));
  }
  return missing.length;
}
