import { useEffect } from 'react';

/** The product's name, after the page's in every browser tab title. */
export const APP_NAME = 'Educator Learning';

export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/**
 * Names the browser tab after what the screen shows ("<page> · Educator Learning"). The router
 * sets the route's own title on every navigation; a screen whose title comes with its data
 * (an item's page) calls this once the title is known: until then (null) the route's stays.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
