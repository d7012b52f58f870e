import { ApiError } from '@/api/errors';
import type { AdminCatalogItemInput as CreateBody, AdminCatalogItemPatch } from '@/api/operations/admin';
import {
  DESCRIPTION_RULES,
  isWebAddress,
  PUBLIC_ID_RULES,
  RESOURCE_DESCRIPTION_RULES,
  RESOURCE_TITLE_RULES,
  RUBRIC_DESCRIPTION_RULES,
  RUBRIC_TITLE_RULES,
  TITLE_RULES,
  URL_RULES,
} from '@/lib/validation/catalog-item';
import { validate, type Rule } from '@/lib/validation/rules';
import type { AdminCatalogItem, Draft, DraftReproducible, DraftResource, DraftRubricLevel, FieldErrors, ResourceType } from './admin-catalog-item.types';

// The editor's draft and the API's item, both ways: what the fields show, what a save sends
// (only what changed), the rules checked before sending (the server's, shared in
// src/lib/validation/catalog-item.ts), and which field a refusal of the server belongs to.

export const TYPE_LABELS: Record<ResourceType, string> = { LEARNING_OBJECT: 'Learning object', LIVESTREAM: 'Livestream', PLAYLIST: 'Playlist' };
export const RESOURCE_TYPES = Object.keys(TYPE_LABELS) as ResourceType[];
export const isResourceType = (value: unknown): value is ResourceType => typeof value === 'string' && value in TYPE_LABELS;

const LEVELS = [1, 2, 3, 4] as const;
const emptyRubric = (): DraftRubricLevel[] => LEVELS.map((value) => ({ value, title: '', description: '' }));

let keys = 0;
/** A row key for a resource the form adds (never sent). */
export const resourceKey = () => `resource-${++keys}`;
export const emptyResource = (): DraftResource => ({ key: resourceKey(), title: '', url: '', description: '' });

/** A file just uploaded, as a new row of the reproducible files: titled after its name until the admin retitles it. */
export function uploadedReproducible(file: { id: string; fileName: string; size: number }): DraftReproducible {
  const title = file.fileName.replace(/\.[A-Za-z0-9]+$/, '').replace(/[-_]+/g, ' ').trim();
  return { key: resourceKey(), id: null, uploadId: file.id, title: title || file.fileName, fileName: file.fileName, size: file.size };
}

export function emptyDraft(): Draft {
  return {
    title: '',
    publicId: '',
    description: '',
    featured: false,
    thumbnailUrl: '',
    nasotItemIds: [],
    audienceIds: [],
    implementationGuide: '',
    resources: [],
    rubric: emptyRubric(),
    reproducibles: [],
    startDate: '',
    endDate: '',
    joinUrl: '',
    videoUrl: '',
    videoType: 'video/webm',
    videoDuration: '',
    posterUrl: '',
    captionsUrl: '',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a date-and-time field shows it (the browser's time zone). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date-and-time field's value as an ISO instant (null when empty or unreadable). */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function draftOf(item: AdminCatalogItem): Draft {
  const rubric = emptyRubric().map((level) => {
    const given = item.rubric.find((l) => l.value === level.value);
    return given ? { ...level, title: given.title, description: given.description } : level;
  });
  return {
    title: item.title,
    publicId: item.publicId,
    description: item.description,
    featured: item.featured,
    thumbnailUrl: item.thumbnailUrl ?? '',
    nasotItemIds: [...item.nasotItemIds],
    audienceIds: [...item.audienceIds],
    implementationGuide: item.implementationGuide ?? '',
    resources: item.resources.map((r) => ({ key: resourceKey(), title: r.title, url: r.url, description: r.description })),
    rubric,
    reproducibles: item.reproducibles.map((f) => ({ key: resourceKey(), id: f.id, uploadId: null, title: f.title, fileName: f.fileName, size: f.size })),
    startDate: toLocalInput(item.startDate),
    endDate: toLocalInput(item.endDate),
    joinUrl: item.joinUrl ?? '',
    videoUrl: item.video?.url ?? '',
    videoType: item.video?.mimeType === 'video/mp4' ? 'video/mp4' : 'video/webm',
    videoDuration: item.video ? String(item.video.durationSeconds) : '',
    posterUrl: item.video?.posterUrl ?? '',
    captionsUrl: item.video?.captionsUrl ?? '',
  };
}

// ───────────────────────────── the body a save sends

const nullIfBlank = (value: string) => (value.trim() ? value.trim() : null);
const hasRubric = (rubric: readonly DraftRubricLevel[]) => rubric.some((l) => l.title.trim() || l.description.trim());

function videoOf(draft: Draft): AdminCatalogItemPatch['video'] {
  if (!draft.videoUrl.trim()) return null;
  return { url: draft.videoUrl.trim(), mimeType: draft.videoType, durationSeconds: Number(draft.videoDuration), posterUrl: nullIfBlank(draft.posterUrl), captionsUrl: nullIfBlank(draft.captionsUrl) };
}

/** Each API field with the draft fields it is made of, and the types of item that have it. */
const API_FIELDS: { key: keyof AdminCatalogItemPatch; from: (keyof Draft)[]; types?: ResourceType[]; value: (d: Draft) => unknown }[] = [
  { key: 'title', from: ['title'], value: (d) => d.title.trim() },
  { key: 'publicId', from: ['publicId'], value: (d) => d.publicId.trim() },
  { key: 'description', from: ['description'], value: (d) => d.description.trim() },
  { key: 'featured', from: ['featured'], value: (d) => d.featured },
  { key: 'thumbnailUrl', from: ['thumbnailUrl'], value: (d) => nullIfBlank(d.thumbnailUrl) },
  { key: 'nasotItemIds', from: ['nasotItemIds'], value: (d) => d.nasotItemIds },
  { key: 'audienceIds', from: ['audienceIds'], value: (d) => d.audienceIds },
  { key: 'implementationGuide', from: ['implementationGuide'], value: (d) => nullIfBlank(d.implementationGuide) },
  {
    key: 'resources',
    from: ['resources'],
    value: (d) => d.resources.map((r) => ({ title: r.title.trim(), url: r.url.trim(), description: r.description.trim() })),
  },
  {
    key: 'rubric',
    from: ['rubric'],
    types: ['LEARNING_OBJECT'],
    value: (d) => (hasRubric(d.rubric) ? d.rubric.map((l) => ({ value: l.value, title: l.title.trim(), description: l.description.trim() })) : []),
  },
  {
    key: 'reproducibles',
    from: ['reproducibles'],
    types: ['LEARNING_OBJECT'],
    value: (d) => d.reproducibles.map((f) => (f.id ? { id: f.id, title: f.title.trim() } : { uploadId: f.uploadId!, title: f.title.trim() })),
  },
  { key: 'startDate', from: ['startDate'], types: ['LIVESTREAM'], value: (d) => fromLocalInput(d.startDate) },
  { key: 'endDate', from: ['endDate'], types: ['LIVESTREAM'], value: (d) => fromLocalInput(d.endDate) },
  { key: 'joinUrl', from: ['joinUrl'], types: ['LIVESTREAM'], value: (d) => nullIfBlank(d.joinUrl) },
  { key: 'video', from: ['videoUrl', 'videoType', 'videoDuration', 'posterUrl', 'captionsUrl'], types: ['LEARNING_OBJECT', 'LIVESTREAM'], value: videoOf },
];

const fieldsOf = (type: ResourceType) => API_FIELDS.filter((f) => !f.types || f.types.includes(type));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A new item's body: every field of its type that says something (an empty public id is made from the title). */
export function createBody(type: ResourceType, draft: Draft, entryIds: string[]): CreateBody {
  const body: Record<string, unknown> = { resourceType: type };
  for (const field of fieldsOf(type)) {
    const value = field.value(draft);
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    body[field.key] = value;
  }
  if (type === 'PLAYLIST' && entryIds.length) body.entryIds = entryIds;
  return body as CreateBody;
}

/** The fields that differ from what the server has (null when nothing does). */
export function patchBody(type: ResourceType, saved: Draft, draft: Draft): AdminCatalogItemPatch | null {
  const patch: Record<string, unknown> = {};
  for (const field of fieldsOf(type)) {
    const value = field.value(draft);
    if (!same(value, field.value(saved))) patch[field.key] = value;
  }
  return Object.keys(patch).length ? (patch as AdminCatalogItemPatch) : null;
}

/** Something was typed that the server does not have yet. */
export function isDirty(type: ResourceType, saved: Draft, draft: Draft): boolean {
  return patchBody(type, saved, draft) !== null;
}

// ───────────────────────────── rules checked before sending

function first(errors: FieldErrors, field: string, value: unknown, rules: readonly Rule[], label: string) {
  const [message] = validate(value, rules, label);
  if (message) errors[field] = message;
}

function address(errors: FieldErrors, field: string, value: string, label: string) {
  const text = value.trim();
  if (!text) return;
  first(errors, field, text, URL_RULES, label);
  if (!errors[field] && !isWebAddress(text)) errors[field] = `The ${label} must be a web address (https://…) or a path on this site`;
}

/** The messages the server would answer, one per field, before anything is sent. */
export function draftErrors(type: ResourceType, draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  first(errors, 'title', draft.title.trim(), TITLE_RULES, 'Title');
  if (draft.publicId.trim()) first(errors, 'publicId', draft.publicId.trim(), PUBLIC_ID_RULES, 'Public Id');
  if (!errors.publicId && draft.publicId.trim() && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(draft.publicId.trim())) {
    errors.publicId = 'The Public Id may only contain lower-case letters, digits and single hyphens between them';
  }
  first(errors, 'description', draft.description.trim(), DESCRIPTION_RULES, 'Description');
  address(errors, 'thumbnailUrl', draft.thumbnailUrl, 'Thumbnail URL');
  draft.resources.forEach((r, i) => {
    first(errors, `resources.${i}.title`, r.title.trim(), RESOURCE_TITLE_RULES, `Resource ${i + 1} Title`);
    if (!r.url.trim()) errors[`resources.${i}.url`] = `The Resource ${i + 1} URL field is required`;
    else address(errors, `resources.${i}.url`, r.url, `Resource ${i + 1} URL`);
    first(errors, `resources.${i}.description`, r.description.trim(), RESOURCE_DESCRIPTION_RULES, `Resource ${i + 1} Description`);
  });
  draft.reproducibles.forEach((f, i) => first(errors, `reproducibles.${i}.title`, f.title.trim(), RESOURCE_TITLE_RULES, `Reproducible ${i + 1} Title`));
  if (type === 'LEARNING_OBJECT' && hasRubric(draft.rubric)) {
    draft.rubric.forEach((l, i) => {
      first(errors, `rubric.${i}.title`, l.title.trim(), RUBRIC_TITLE_RULES, `Level ${l.value} Title`);
      first(errors, `rubric.${i}.description`, l.description.trim(), RUBRIC_DESCRIPTION_RULES, `Level ${l.value} Description`);
    });
  }
  if (type === 'LIVESTREAM') {
    if (draft.startDate && !fromLocalInput(draft.startDate)) errors.startDate = 'The Start Date must be a date and time';
    if (draft.endDate && !fromLocalInput(draft.endDate)) errors.endDate = 'The End Date must be a date and time';
    const start = fromLocalInput(draft.startDate);
    const end = fromLocalInput(draft.endDate);
    if (start && end && Date.parse(end) <= Date.parse(start)) errors.endDate = 'The End Date must be after the Start Date';
    address(errors, 'joinUrl', draft.joinUrl, 'Stream Link');
  }
  if (type !== 'PLAYLIST') {
    const label = type === 'LIVESTREAM' ? 'Recording' : 'Video';
    const anyVideo = draft.videoUrl.trim() || draft.videoDuration.trim() || draft.posterUrl.trim() || draft.captionsUrl.trim();
    if (anyVideo) {
      if (!draft.videoUrl.trim()) errors.videoUrl = `The ${label} URL field is required`;
      else address(errors, 'videoUrl', draft.videoUrl, 'Video URL');
      const seconds = Number(draft.videoDuration);
      if (!draft.videoDuration.trim()) errors.videoDuration = 'The Duration field is required';
      else if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86400) errors.videoDuration = 'The Duration must be a number of seconds between 1 and 86400';
      address(errors, 'posterUrl', draft.posterUrl, 'Poster URL');
      address(errors, 'captionsUrl', draft.captionsUrl, 'Captions URL');
    }
  }
  return errors;
}

// ───────────────────────────── the server's refusals

/** Codes that name their field whatever the message. */
const CODE_FIELDS: Record<string, string> = { PUBLIC_ID_TAKEN: 'publicId', PUBLIC_ID_FIXED: 'publicId', LIVESTREAM_NOT_ENDED: 'videoUrl' };

/** The labels the server's messages use, longest first so "Video URL" wins over "URL". */
const LABEL_FIELDS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/\bResource (\d+) (Title|URL|Description)\b/, (m) => `resources.${Number(m[1]) - 1}.${m[2] === 'URL' ? 'url' : m[2]!.toLowerCase()}`],
  [/\bReproducible (\d+) Title\b/, (m) => `reproducibles.${Number(m[1]) - 1}.title`],
  [/\bLevel ([1-4]) (Title|Description)\b/, (m) => `rubric.${Number(m[1]) - 1}.${m[2]!.toLowerCase()}`],
  [/\bThumbnail URL\b/, () => 'thumbnailUrl'],
  [/\bPoster URL\b/, () => 'posterUrl'],
  [/\bCaptions URL\b/, () => 'captionsUrl'],
  [/\bVideo URL\b/, () => 'videoUrl'],
  [/\bStream Link\b/, () => 'joinUrl'],
  [/\bEnd Date\b/, () => 'endDate'],
  [/\bStart Date\b/, () => 'startDate'],
  [/\bPublic Id\b/, () => 'publicId'],
  [/\bTitle\b/, () => 'title'],
  [/\bDescription\b/, () => 'description'],
];

/**
 * The field a refused save belongs to: a 400 (a field's rule) or a code that names one. What is
 * left (422 NOT_READY: what publishing still needs, 409 …) is the whole item's: an alert.
 */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (CODE_FIELDS[error.code]) return CODE_FIELDS[error.code]!;
  if (error.status !== 400) return null;
  for (const [pattern, field] of LABEL_FIELDS) {
    const match = error.message.match(pattern);
    if (match) return field(match);
  }
  return null;
}

/** Moves one entry of a list (a playlist's entries, the resources). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}
