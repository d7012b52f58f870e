// The resource tabs' icons (spec §3: two icon names per tab kind): the outline one while the tab
// is not selected, the filled one when it is. 20 px, drawn in the tab's text colour.

export type ResourceTabKind = 'REFLECTION_RUBRIC' | 'IMPLEMENTATION_GUIDE' | 'RESOURCES';

/** Each kind's two icons, by name: [not selected, selected]. */
export const RESOURCE_TAB_ICONS: Record<ResourceTabKind, readonly [string, string]> = {
  REFLECTION_RUBRIC: ['clipboard-check-outline', 'clipboard-check'],
  IMPLEMENTATION_GUIDE: ['book-open-outline', 'book-open'],
  RESOURCES: ['folder-download-outline', 'folder-download'],
};

const PATHS: Record<string, React.ReactNode> = {
  'clipboard-check-outline': (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="8.5" y="2.5" width="7" height="4" rx="1" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8.5 13l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  'clipboard-check': (
    <>
      <path d="M7 4h1.6A2 2 0 0 1 10.5 2.5h3A2 2 0 0 1 15.4 4H17a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="currentColor" />
      <path d="M8.5 13l2.5 2.5 4.5-5" fill="none" stroke="var(--tab-icon-contrast, #fff)" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  'book-open-outline': (
    <path
      d="M12 6.5C10 5 7.5 4.5 4 4.5v13c3.5 0 6 .5 8 2m0-13c2-1.5 4.5-2 8-2v13c-3.5 0-6 .5-8 2m0-13v13"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  ),
  'book-open': (
    <>
      <path d="M11.2 6.2C9.3 4.9 6.9 4.5 3.5 4.5A.5.5 0 0 0 3 5v12.5a.5.5 0 0 0 .5.5c3.2 0 5.6.4 7.7 1.7z" fill="currentColor" />
      <path d="M12.8 6.2c1.9-1.3 4.3-1.7 7.7-1.7a.5.5 0 0 1 .5.5v12.5a.5.5 0 0 1-.5.5c-3.2 0-5.6.4-7.7 1.7z" fill="currentColor" />
    </>
  ),
  'folder-download-outline': (
    <>
      <path d="M3.5 7a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M12 10v5m-2.5-2.5L12 15l2.5-2.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  'folder-download': (
    <>
      <path d="M3.5 7a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" fill="currentColor" />
      <path d="M12 10v5m-2.5-2.5L12 15l2.5-2.5" fill="none" stroke="var(--tab-icon-contrast, #fff)" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

/** A resource tab's icon; decorative (the tab's label names it). */
export function ResourceTabIcon({ kind, selected, className }: { kind: ResourceTabKind; selected: boolean; className?: string }) {
  const name = RESOURCE_TAB_ICONS[kind][selected ? 1 : 0];
  return (
    <svg className={className} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={name}>
      {PATHS[name]}
    </svg>
  );
}
