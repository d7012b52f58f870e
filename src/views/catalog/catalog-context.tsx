import { createContext, useContext, type ReactNode } from 'react';
import type { CatalogScreenLogic } from '@/machines/catalog/catalog.actors';

// The catalogue screens' logic with its real effects, built once at start-up (src/main.tsx,
// from the app's API client and the root's refs); views only ever see the logic.

const CatalogContext = createContext<CatalogScreenLogic | null>(null);

export function CatalogProvider({ logic, children }: { logic: CatalogScreenLogic; children: ReactNode }) {
  return <CatalogContext.Provider value={logic}>{children}</CatalogContext.Provider>;
}

export function useCatalogLogic(): CatalogScreenLogic {
  const logic = useContext(CatalogContext);
  if (!logic) throw new Error('useCatalogLogic must be used inside <CatalogProvider>');
  return logic;
}
