import type { ApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';
import { unwrap, type CallOptions, type Page, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';
import type { components } from '@/api/schema';

// A district's OneRoster rostering (openapi.yaml, roster-imports and roster-source): a zip's dry
// run, its lists paged, applying it, the import history, and the REST endpoint pulled nightly.
// Called by the district admin's roster screen and by the admin site's, for any district.

export type RosterImport = ResponseBody<'createRosterImport'>;
export type RosterImportSummary = components['schemas']['RosterImportSummary'];
export type RosterAccountKind = components['schemas']['RosterAccountChangeKind'];
export type RosterSource = ResponseBody<'getRosterSource'>;
export type RosterSourceInput = RequestBody<'setRosterSource'>;

/** What the file picker gives: a File in the browser, any Blob with a name in tests. */
export type RosterFile = Blob & { name: string };

/** The zip itself is the body (application/zip); its name goes along for the history. */
export async function createRosterImport(client: ApiClient, id: string, file: RosterFile, init?: CallOptions): Promise<RosterImport> {
  return unwrap(
    client.POST('/organizations/{id}/roster-imports', {
      params: { path: { id }, query: { fileName: file.name.slice(0, 200) || 'roster.zip' } },
      body: file as never,
      bodySerializer: (body: unknown) => body as never,
      headers: { 'Content-Type': 'application/zip' },
      ...init,
    }),
  );
}

export async function listRosterImports(client: ApiClient, id: string, query: QueryParams<'listRosterImports'>, init?: CallOptions): Promise<Page<RosterImportSummary>> {
  const { items, total } = await unwrap(client.GET('/organizations/{id}/roster-imports', { params: { path: { id }, query }, ...init }));
  return { items, total };
}

export async function getRosterImport(client: ApiClient, id: string, importId: string, query: QueryParams<'getRosterImport'> = {}, init?: CallOptions): Promise<RosterImport> {
  return unwrap(client.GET('/organizations/{id}/roster-imports/{importId}', { params: { path: { id, importId }, query }, ...init }));
}

export async function applyRosterImport(client: ApiClient, id: string, importId: string, init?: CallOptions): Promise<RosterImport> {
  return unwrap(client.POST('/organizations/{id}/roster-imports/{importId}/apply', { params: { path: { id, importId } }, ...init }));
}

/** The district's REST endpoint; null when none is set. */
export async function getRosterSource(client: ApiClient, id: string, init?: CallOptions): Promise<RosterSource | null> {
  try {
    return await unwrap(client.GET('/organizations/{id}/roster-source', { params: { path: { id } }, ...init }));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NO_ROSTER_SOURCE') return null;
    throw error;
  }
}

export async function setRosterSource(client: ApiClient, id: string, body: RosterSourceInput, init?: CallOptions): Promise<RosterSource> {
  return unwrap(client.PUT('/organizations/{id}/roster-source', { params: { path: { id } }, body, ...init }));
}

export async function deleteRosterSource(client: ApiClient, id: string, init?: CallOptions): Promise<void> {
  await unwrap(client.DELETE('/organizations/{id}/roster-source', { params: { path: { id } }, ...init }));
}

/** Pulls now: the pulled roster's import (applied already when the endpoint applies by itself). */
export async function pullRosterSource(client: ApiClient, id: string, init?: CallOptions): Promise<RosterImport> {
  return unwrap(client.POST('/organizations/{id}/roster-source/pull', { params: { path: { id } }, ...init }));
}
